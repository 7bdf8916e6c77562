import { registerLocale } from '../../../lib/i18n.ts';
import en from './sales.en.ts';
import zh from './sales.zh-CN.ts';

// The distributor console's strings ride with their code (namespace `distributionSales`), beside the authorisation
// pages' own namespace.
export const SALES_NS = registerLocale('distributionSales', zh, en);
