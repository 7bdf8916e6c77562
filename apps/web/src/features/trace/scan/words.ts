import en from '../locales/mobile.en.ts';
import zh from '../locales/mobile.zh-CN.ts';

/**
 * The public pages' words without i18next (they load on their own, docs/decisions.md "The public pages' light
 * entry"): the trace feature's own locale objects, picked by the language the console remembers in this browser.
 */
export type Words = typeof zh;

export function pickWords(): Words {
  try {
    return globalThis.localStorage?.getItem('jcbb_lang') === 'en' ? en : zh;
  } catch {
    return zh;
  }
}

/** `{{name}}` placeholders filled in. */
export function fmt(text: string, vars: Record<string, string | number> = {}): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));
}
