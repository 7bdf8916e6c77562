import { i18n } from '../../lib/i18n.ts';
import en from './locales/en.ts';
import zh from './locales/zh-CN.ts';

/**
 * The listing strings travel with the pages that use them, not in the console shell (the shell is near its
 * bundle budget): importing this module adds the namespace to the app's i18n. Both languages are small.
 */
if (!i18n.hasResourceBundle('zh-CN', 'listing')) {
  i18n.addResourceBundle('zh-CN', 'listing', zh, true, true);
  i18n.addResourceBundle('en', 'listing', en, true, true);
}
