import { registerLocale } from '../../../lib/i18n.ts';
import en from './risk.en.ts';
import zh from './risk.zh-CN.ts';

/** The risk alert and rule pages' strings (namespace `governmentRisk`). */
export const RISK_NS = registerLocale('governmentRisk', zh, en);
