import { registerLocale } from '../../lib/i18n.ts';
import en from './locales/en.ts';
import zh from './locales/zh-CN.ts';

// The element strings travel with the pages that use them (see registerLocale).
registerLocale('element', zh, en);
