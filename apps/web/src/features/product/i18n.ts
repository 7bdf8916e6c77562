import { registerLocale } from '../../lib/i18n.ts';
import en from './locales/en.ts';
import zh from './locales/zh-CN.ts';

// The product centre's strings ride with its own (lazy) pages (see registerLocale); route titles stay in the
// shell's strings (route.productList, …).
registerLocale('product', zh, en);
