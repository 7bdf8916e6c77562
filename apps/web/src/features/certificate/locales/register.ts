import { registerLocale } from '../../../lib/i18n.ts';
import en from './en.ts';
import zh from './zh-CN.ts';

// The certificate pages' strings ride with their code (see registerLocale).
export const CERTIFICATE_NS = registerLocale('certificate', zh, en);
