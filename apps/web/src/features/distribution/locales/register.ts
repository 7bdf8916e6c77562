import { registerLocale } from '../../../lib/i18n.ts';
import en from './en.ts';
import zh from './zh-CN.ts';

// The authorisation pages' strings ride with their code (namespace `distribution`), not with the console shell.
export const DISTRIBUTION_NS = registerLocale('distribution', zh, en);
