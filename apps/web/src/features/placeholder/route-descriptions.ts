import { i18n } from '../../lib/i18n.ts';
import routeDescEn from './locales/en.ts';
import routeDescZh from './locales/zh-CN.ts';

// The descriptions ride with the placeholder page's own code (namespace `routeDesc`), not with every page load.
i18n.addResourceBundle('zh-CN', 'routeDesc', routeDescZh, true, true);
i18n.addResourceBundle('en', 'routeDesc', routeDescEn, true, true);

export const ROUTE_DESC_NS = 'routeDesc';
