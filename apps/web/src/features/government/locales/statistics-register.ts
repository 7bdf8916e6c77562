import { registerLocale } from '../../../lib/i18n.ts';
import en from './statistics.en.ts';
import zh from './statistics.zh-CN.ts';

// The statistics dashboard's strings ride with its code (namespace `governmentStatistics`).
export const STATISTICS_NS = registerLocale('governmentStatistics', zh, en);
