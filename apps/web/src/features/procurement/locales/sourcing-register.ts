import { registerLocale } from '../../../lib/i18n.ts';
import en from './sourcing.en.ts';
import zh from './sourcing.zh-CN.ts';

/** The sourcing pages' strings (namespace `procurementSourcing`). */
export const SOURCING_NS = registerLocale('procurementSourcing', zh, en);
