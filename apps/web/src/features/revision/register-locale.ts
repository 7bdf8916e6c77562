import { i18n } from '../../lib/i18n.ts';
import en from './locales/en.ts';
import zh from './locales/zh-CN.ts';

/** The revision strings travel with the pages that use them (the console shell stays small). */
if (!i18n.hasResourceBundle('zh-CN', 'revision')) {
  i18n.addResourceBundle('zh-CN', 'revision', zh, true, true);
  i18n.addResourceBundle('en', 'revision', en, true, true);
}
