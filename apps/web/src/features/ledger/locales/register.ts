import { i18n } from '../../../lib/i18n.ts';
import en from './en.ts';
import zh from './zh-CN.ts';

// The ledger's strings ride with its pages' code (namespace `ledger`), not with every page load of the console
// shell: the public certificate page needs the verification sentences without the console around it.
i18n.addResourceBundle('zh-CN', 'ledger', zh, true, true);
i18n.addResourceBundle('en', 'ledger', en, true, true);

export const LEDGER_NS = 'ledger';
