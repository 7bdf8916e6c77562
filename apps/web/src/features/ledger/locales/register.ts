import { registerLocale } from '../../../lib/i18n.ts';
import en from './en.ts';
import zh from './zh-CN.ts';

// The ledger's strings ride with its pages: the public certificate page needs the verification sentences
// without the console around it (see registerLocale).
export const LEDGER_NS = registerLocale('ledger', zh, en);
