import type { ReactNode } from 'react';
import { renderWithProviders as render } from '../../test/render.tsx';
import ledgerZh from '../ledger/locales/zh-CN.ts';
import diskZh from './locales/zh-CN.ts';

/** Render a disk page with its strings and the ledger panel's (see src/test/render.tsx). */
export const renderWithProviders = (ui: ReactNode, options?: { path?: string }) =>
  render(ui, { disk: diskZh, ledger: ledgerZh }, options);
