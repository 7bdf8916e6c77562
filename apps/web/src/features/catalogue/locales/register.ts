import { i18n } from '../../../lib/i18n.ts';
import en from './en.ts';
import zh from './zh-CN.ts';

// The catalogue's strings ride with its (lazy) pages, not with the console shell (namespace `catalogue`).
i18n.addResourceBundle('zh-CN', 'catalogue', zh, true, true);
i18n.addResourceBundle('en', 'catalogue', en, true, true);

export const CATALOGUE_NS = 'catalogue';
