import { registerLocale } from '../../../lib/i18n.ts';
import en from './en.ts';
import zh from './zh-CN.ts';

// The public record's strings ride with its (lazy) pages (see registerLocale).
export const PUBLIC_RECORD_NS = registerLocale('publicRecord', zh, en);
