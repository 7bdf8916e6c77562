import { StyleProvider } from '@ant-design/cssinjs';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect, useState } from 'react';
import { i18n } from '../lib/i18n.ts';
import { setNotifier } from '../lib/notify.ts';
import { liteNotifier } from './LiteToaster.tsx';
import { theme } from './theme.ts';

/** Hands antd's context-aware message API to lib/notify while antd is on screen, so toasts follow theme and locale. */
function NotifierBridge() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setNotifier({
      error: (content, duration) => void message.error(content, duration),
      warning: (content, duration) => void message.warning(content, duration),
      success: (content, duration) => void message.success(content, duration),
    });
    return () => setNotifier(liteNotifier);
  }, [message]);
  return null;
}

/**
 * In a built app antd's component styles are stylesheets that came with the page's code (vite-antd-styles.ts):
 * `zeroRuntime` stops antd generating them again in the browser. The design tokens still reach them, as the CSS
 * variables antd writes at run time.
 */
const frameTheme = { ...theme, zeroRuntime: __ANTD_STYLES_BUILT__ };
/** The same without antd's animations, for readers whose system asks for reduced motion (WCAG 2.3.3). */
const stillTheme = { ...frameTheme, token: { ...frameTheme.token, motion: false } };

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the reader's system asks for reduced motion, following a change while the page is open. */
function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => window.matchMedia?.(REDUCED_MOTION).matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(REDUCED_MOTION);
    if (!query) return;
    const onChange = (event: MediaQueryListEvent) => setReduced(event.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);
  return reduced;
}

function useLanguage(): string {
  const [language, setLanguage] = useState(i18n.language);
  useEffect(() => {
    const onChange = (lng: string) => setLanguage(lng);
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, []);
  return language;
}

/**
 * antd's providers: the platform's theme (theme.ts; antd's component styles are built with the app; no animations
 * when the system asks for reduced motion), antd's zh_CN (en_US in English) and antd's App (App.useApp for pages).
 * Loaded with the first page that uses antd (the console frame, the public pages), never with the sign-in page.
 */
export default function AntdFrame({ children }: { children: ReactNode }) {
  const language = useLanguage();
  const reducedMotion = useReducedMotion();
  return (
    // `layer`: the few styles antd still writes at run time (the icons' reset) go in the cascade layer `antd` with the
    // built ones (global.css orders the layers), instead of beating every component's own rule for icons.
    <StyleProvider layer>
      <ConfigProvider locale={language === 'en' ? enUS : zhCN} theme={reducedMotion ? stillTheme : frameTheme}>
        <AntApp component={false}>
          <NotifierBridge />
          {children}
        </AntApp>
      </ConfigProvider>
    </StyleProvider>
  );
}
