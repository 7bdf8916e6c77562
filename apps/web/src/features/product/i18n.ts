import { i18n } from '../../lib/i18n.ts';
import productEn from './locales/en.ts';
import productZh from './locales/zh-CN.ts';

export const PRODUCT_NS = 'product';

// The product centre's strings ride with its own (lazy) pages, not with every page load of the console shell,
// which is near its size budget: each page imports this module, which registers the namespace in both languages.
// Route titles stay in the shell's strings (route.productList, …).
i18n.addResourceBundle('zh-CN', PRODUCT_NS, productZh, true, true);
i18n.addResourceBundle('en', PRODUCT_NS, productEn, true, true);
