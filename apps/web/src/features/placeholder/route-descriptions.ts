import { registerLocale } from '../../lib/i18n.ts';
import en from './locales/en.ts';
import zh from './locales/zh-CN.ts';

// The descriptions ride with the placeholder page's own code, not with every page load (see registerLocale).
registerLocale('routeDesc', zh, en);
