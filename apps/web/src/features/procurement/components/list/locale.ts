import { registerLocale } from '../../../../lib/i18n.ts';
import en from '../../locales/list.en.ts';
import zh from '../../locales/list.zh-CN.ts';

// The material list's and the policy console's strings ride with their code (namespace `procurementList`).
export const LIST_NS = registerLocale('procurementList', zh, en);
