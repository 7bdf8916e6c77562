import type { ReactNode } from 'react';
import { renderWithProviders as render } from '../../test/render.tsx';
import accountZh from './locales/zh-CN.ts';

/** Render an account-centre piece with its strings (see src/test/render.tsx). */
export const renderWithProviders = (ui: ReactNode, options?: { path?: string }) =>
  render(ui, { account: accountZh }, options);
