import { registerLocale } from '../../../lib/i18n.ts';
import en from './orders.en.ts';
import zh from './orders.zh-CN.ts';

/** The order and alternate pages' strings (namespace `procurementOrders`). */
export const ORDERS_NS = registerLocale('procurementOrders', zh, en);
