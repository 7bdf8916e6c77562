import { registerLocale } from '../../../lib/i18n.ts';
import en from './en.ts';
import zh from './zh-CN.ts';

// The inspection pages' strings ride with their code (namespace `inspection`), not with the console shell.
export const INSPECTION_NS = registerLocale('inspection', zh, en);
