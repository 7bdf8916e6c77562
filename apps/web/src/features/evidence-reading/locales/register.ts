import { registerLocale } from '../../../lib/i18n.ts';
import en from './en.ts';
import zh from './zh-CN.ts';

// The reading's strings ride with its components (namespace `reading`), loaded by the pages that show them.
registerLocale('reading', zh, en);
