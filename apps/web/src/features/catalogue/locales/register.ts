import { registerLocale } from '../../../lib/i18n.ts';
import en from './en.ts';
import zh from './zh-CN.ts';

// The catalogue's strings ride with its (lazy) pages (see registerLocale).
export const CATALOGUE_NS = registerLocale('catalogue', zh, en);
