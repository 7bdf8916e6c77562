import type { ReactNode } from 'react';
import { renderWithProviders as render } from '../../test/render.tsx';
import ledgerZh from './locales/zh-CN.ts';

/** Render a ledger piece with the ledger strings (see src/test/render.tsx). */
export const renderWithProviders = (ui: ReactNode, options?: { path?: string }) =>
  render(ui, { ledger: ledgerZh }, options);
