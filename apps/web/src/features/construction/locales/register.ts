import { registerLocale } from '../../../lib/i18n.ts';
import en from './en.ts';
import zh from './zh-CN.ts';

// The site construction pages' strings ride with their code (namespace `construction`), not with the console shell.
export const CONSTRUCTION_NS = registerLocale('construction', zh, en);
