import { i18n } from '../../lib/i18n.ts';
import en from './locales/en.ts';
import zh from './locales/zh-CN.ts';

/**
 * The basic-material strings travel with the page that uses them, not in the console shell (the shell is near its
 * bundle budget): importing this module adds the namespace to the app's i18n. Both languages are small.
 */
if (!i18n.hasResourceBundle('zh-CN', 'basicMaterial')) {
  i18n.addResourceBundle('zh-CN', 'basicMaterial', zh, true, true);
  i18n.addResourceBundle('en', 'basicMaterial', en, true, true);
}
