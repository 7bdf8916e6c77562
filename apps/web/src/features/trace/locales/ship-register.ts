import { registerLocale } from '../../../lib/i18n.ts';
import en from './ship.en.ts';
import zh from './ship.zh-CN.ts';

// The shipment screens' strings ride with their code (namespace `traceShip`), apart from the module's other screens.
export const SHIP_NS = registerLocale('traceShip', zh, en);
