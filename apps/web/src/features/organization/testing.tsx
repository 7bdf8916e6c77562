import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { App } from 'antd';
import i18next, { type i18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import referenceZh from '../reference/locales/zh-CN.ts';
import organizationZh from './locales/zh-CN.ts';

/** A zh-CN i18n instance with this feature's strings, independent of the app's (tests render pieces alone). */
export function testI18n(): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: 'zh-CN',
    resources: { 'zh-CN': { organization: organizationZh, reference: referenceZh } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

export function renderWithProviders(ui: ReactNode, { path = '/' }: { path?: string } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(
    <I18nextProvider i18n={testI18n()}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[path]}>
          <App>{ui}</App>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
}
