import { registerLocale } from '../../lib/i18n.ts';
import en from './locales/en.ts';
import zh from './locales/zh-CN.ts';

// The revision strings travel with the pages that use them (see registerLocale).
registerLocale('revision', zh, en);
