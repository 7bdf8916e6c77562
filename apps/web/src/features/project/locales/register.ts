import { registerLocale } from '../../../lib/i18n.ts';
import en from './en.ts';
import zh from './zh-CN.ts';

// The project pages' strings ride with their code (namespace `project`), not with the console shell.
export const PROJECT_NS = registerLocale('project', zh, en);
