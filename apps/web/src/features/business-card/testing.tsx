import type { ReactNode } from 'react';
import { renderWithProviders as render } from '../../test/render.tsx';
import cardZh from './locales/zh-CN.ts';

/** Render a business-card page with its strings (see src/test/render.tsx). */
export const renderWithProviders = (ui: ReactNode, options?: { path?: string }) =>
  render(ui, { card: cardZh }, options);
