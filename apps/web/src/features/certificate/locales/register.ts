import { i18n } from '../../../lib/i18n.ts';
import en from './en.ts';
import zh from './zh-CN.ts';

// The certificate pages' strings ride with their code (namespace `certificate`), not with the console shell.
i18n.addResourceBundle('zh-CN', 'certificate', zh, true, true);
i18n.addResourceBundle('en', 'certificate', en, true, true);

export const CERTIFICATE_NS = 'certificate';
