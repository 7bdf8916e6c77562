import { registerLocale } from '../../../lib/i18n.ts';
import en from './filing.en.ts';
import zh from './filing.zh-CN.ts';

// The filing pages' strings ride with their code (namespace `governmentFiling`).
export const FILING_NS = registerLocale('governmentFiling', zh, en);
