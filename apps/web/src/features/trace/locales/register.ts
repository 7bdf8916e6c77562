import { registerLocale } from '../../../lib/i18n.ts';
import en from './en.ts';
import zh from './zh-CN.ts';

// The traceability pages' strings ride with their code (namespace `trace`), not with the console shell.
export const TRACE_NS = registerLocale('trace', zh, en);
