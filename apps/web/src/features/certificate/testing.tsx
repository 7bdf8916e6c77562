import type { ReactNode } from 'react';
import { renderWithProviders as render } from '../../test/render.tsx';
import ledgerZh from '../ledger/locales/zh-CN.ts';
import certificateZh from './locales/zh-CN.ts';

/** Render a certificate piece with its strings and the ledger's (the verification panel; see src/test/render.tsx). */
export const renderWithProviders = (ui: ReactNode, options?: { path?: string }) =>
  render(ui, { certificate: certificateZh, ledger: ledgerZh }, options);
