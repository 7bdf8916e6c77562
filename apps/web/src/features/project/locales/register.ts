import { i18n } from '../../../lib/i18n.ts';
import en from './en.ts';
import zh from './zh-CN.ts';

export const PROJECT_NS = 'project';

// The project pages' strings ride with their code (namespace `project`), not with the console shell.
if (!i18n.hasResourceBundle('zh-CN', PROJECT_NS)) {
  i18n.addResourceBundle('zh-CN', PROJECT_NS, zh, true, true);
  i18n.addResourceBundle('en', PROJECT_NS, en, true, true);
}
