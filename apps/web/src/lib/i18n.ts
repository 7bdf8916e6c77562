import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import adminZh from '../features/admin/locales/zh-CN.ts';
import authZh from '../features/auth/locales/zh-CN.ts';
import homeZh from '../features/home/locales/zh-CN.ts';
import messageZh from '../features/message/locales/zh-CN.ts';
import organizationZh from '../features/organization/locales/zh-CN.ts';
import referenceZh from '../features/reference/locales/zh-CN.ts';
import shellZh from './locales/zh-CN.ts';

/**
 * zh-CN first, English second (issue 3 item 12). The shell's strings are the default namespace
 * (`t('layout.signOut')`); each feature registers its own resource files as a namespace named after the feature
 * (`t('auth:login.title')`, or `useTranslation('auth')`). A route title key from a feature's routes.tsx is written
 * with its namespace: `meta.title: 'auth:password.title'`.
 *
 * Chinese is bundled; English loads on first use (a small chunk per feature), so most users never download it.
 * To add a feature: import its zh-CN file and add one line to `features` below.
 */
type Resource = Record<string, unknown>;
type Loader = () => Promise<{ default: Resource }>;
const features: Record<string, { zh: Resource; en: Loader }> = {
  home: { zh: homeZh, en: () => import('../features/home/locales/en.ts') },
  auth: { zh: authZh, en: () => import('../features/auth/locales/en.ts') },
  message: { zh: messageZh, en: () => import('../features/message/locales/en.ts') },
  organization: { zh: organizationZh, en: () => import('../features/organization/locales/en.ts') },
  admin: { zh: adminZh, en: () => import('../features/admin/locales/en.ts') },
  reference: { zh: referenceZh, en: () => import('../features/reference/locales/en.ts') },
};

export const LANGUAGES = [
  { code: 'zh-CN', label: '简体中文' },
  { code: 'en', label: 'English' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

const LANG_KEY = 'jcbb_lang';

function storedLanguage(): Language {
  try {
    return globalThis.localStorage?.getItem(LANG_KEY) === 'en' ? 'en' : 'zh-CN';
  } catch {
    return 'zh-CN';
  }
}

let english: Promise<void> | null = null;

function loadEnglish(): Promise<void> {
  english ??= Promise.all([import('./locales/en.ts'), ...Object.values(features).map((f) => f.en())])
    .then(([shell, ...rest]) => {
      i18n.addResourceBundle('en', 'translation', shell.default, true, true);
      Object.keys(features).forEach((ns, i) => {
        const bundle = rest[i]?.default;
        if (bundle) i18n.addResourceBundle('en', ns, bundle, true, true);
      });
    })
    .catch((error: unknown) => {
      english = null;
      throw error;
    });
  return english;
}

function applySideEffects(lng: Language): void {
  dayjs.locale(lng === 'en' ? 'en' : 'zh-cn');
  if (typeof document !== 'undefined') document.documentElement.lang = lng;
}

void i18n.use(initReactI18next).init({
  lng: 'zh-CN',
  fallbackLng: 'zh-CN',
  supportedLngs: LANGUAGES.map((l) => l.code),
  resources: {
    'zh-CN': {
      translation: shellZh,
      ...Object.fromEntries(Object.entries(features).map(([ns, r]) => [ns, r.zh])),
    },
  },
  // English bundles are added when loaded; until then English falls back to Chinese rather than to keys.
  partialBundledLanguages: true,
  interpolation: { escapeValue: false },
  // No advertisement in the users' browser console.
  showSupportNotice: false,
  // Resources are bundled: initialise synchronously so the first render is already translated.
  initAsync: false,
});
applySideEffects('zh-CN');

/** Switch the language, remember it in this browser, and move dayjs with it (antd follows in AntdFrame). */
export async function setLanguage(lng: Language): Promise<void> {
  try {
    globalThis.localStorage?.setItem(LANG_KEY, lng);
  } catch {
    // Storage disabled: the choice lasts for this page.
  }
  if (lng === 'en') {
    try {
      await loadEnglish();
    } catch {
      // Offline: stay in Chinese rather than show half a language.
      return;
    }
  }
  applySideEffects(lng);
  await i18n.changeLanguage(lng);
}

export function currentLanguage(): Language {
  return i18n.language === 'en' ? 'en' : 'zh-CN';
}

/** Resolves once the remembered language is ready to render (English needs its bundles). */
export const i18nReady: Promise<void> = storedLanguage() === 'en' ? setLanguage('en') : Promise.resolve();

/**
 * The one way a lazily loaded feature adds its strings: its locale file calls this in one line, and whatever
 * imports that file (the feature's pages) brings the namespace in both languages with it, not the console shell,
 * which is near its bundle budget. Registering twice changes nothing. Returns the namespace for `useTranslation`.
 */
export function registerLocale<N extends string>(namespace: N, zh: Resource, en: Resource): N {
  if (!i18n.hasResourceBundle('zh-CN', namespace)) {
    i18n.addResourceBundle('zh-CN', namespace, zh, true, true);
    i18n.addResourceBundle('en', namespace, en, true, true);
  }
  return namespace;
}

export { i18n };
