import { registerLocale } from '../../../lib/i18n.ts';
import en from './en.ts';
import zh from './zh-CN.ts';

// The disk pages' strings ride with their code (namespace `disk`), not with the console shell.
export const DISK_NS = registerLocale('disk', zh, en);
