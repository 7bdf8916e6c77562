import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import i18next, { type i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';

/** Locale namespaces a test needs, e.g. { admin: adminZh }. */
export type TestNamespaces = Record<string, Record<string, unknown>>;

/** A zh-CN i18n instance with the given strings, independent of the app's (tests render pieces alone). */
export function testI18n(namespaces: TestNamespaces): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'zh-CN',
    resources: { 'zh-CN': namespaces },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

/** Render with i18n, a fresh query client (no retries), a memory router at `path` and antd's App. */
export function renderWithProviders(ui: ReactNode, namespaces: TestNamespaces, { path = '/' }: { path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={testI18n(namespaces)}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <App>{ui}</App>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
