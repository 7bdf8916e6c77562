import { registerLocale } from '../../../lib/i18n.ts';
import en from './en.ts';
import zh from './zh-CN.ts';

// The account centre's strings ride with its code (namespace `account`), not with the console shell.
export const ACCOUNT_NS = registerLocale('account', zh, en);
