import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import i18next, { type i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';

/** Locale namespaces a test needs, e.g. { admin: adminZh }. */
export type TestNamespaces = Record<string, Record<string, unknown>>;

/**
 * A zh-CN i18n instance with the given strings, independent of the app's (tests render pieces alone). Given to the
 * tree through `I18nextProvider` only, never made react-i18next's global instance (`initReactI18next`): the web
 * project's files share their modules (vitest.config.ts), and a global left set by one file would hide the app's
 * strings from the next.
 */
export function testI18n(namespaces: TestNamespaces): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: 'zh-CN',
    resources: { 'zh-CN': namespaces },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** Shows where the router is (`getByTestId('location')`), for assertions on navigation. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/**
 * The one renderer of the component tests: `ui` at `path` inside what the console gives every page: i18n, a fresh
 * query client (no retries), a memory router (a data router, so navigation, redirects and `router.state` work) and
 * antd's App. antd's motion and click wave are off: animations only cost time in jsdom and leave elements
 * half-shown. `namespaces` gives the piece its own zh-CN strings; without it the app's i18n instance is used (the
 * test imports lib/i18n.ts).
 */
export function renderWithProviders(
  ui: ReactNode,
  namespaces?: TestNamespaces,
  { path = '/' }: { path?: string } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <App>
            {ui}
            <LocationProbe />
          </App>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  const tree = (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider theme={{ token: { motion: false } }} wave={{ disabled: true }}>
        <RouterProvider router={router} />
      </ConfigProvider>
    </QueryClientProvider>
  );
  const view = render(namespaces ? <I18nextProvider i18n={testI18n(namespaces)}>{tree}</I18nextProvider> : tree);
  return { ...view, router, queryClient };
}
