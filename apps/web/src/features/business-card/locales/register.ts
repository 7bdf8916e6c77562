import { registerLocale } from '../../../lib/i18n.ts';
import en from './en.ts';
import zh from './zh-CN.ts';

// The business card's strings ride with their code (namespace `card`), not with the console shell.
export const CARD_NS = registerLocale('card', zh, en);
