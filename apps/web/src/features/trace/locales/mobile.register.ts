import { registerLocale } from '../../../lib/i18n.ts';
import en from './mobile.en.ts';
import zh from './mobile.zh-CN.ts';

// The public scan pages' strings, a namespace of their own (the console pages of the feature keep theirs apart).
export const TRACE_MOBILE_NS = registerLocale('traceMobile', zh, en);
