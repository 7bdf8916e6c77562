import { registerLocale } from '../../../lib/i18n.ts';
import en from './summary.en.ts';
import zh from './summary.zh-CN.ts';

// The summary and region pages' strings ride with their code (namespace `procurementSummary`).
export const SUMMARY_NS = registerLocale('procurementSummary', zh, en);
