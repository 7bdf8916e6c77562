import type { ReactNode } from 'react';
import { renderWithProviders as render } from '../../test/render.tsx';
import adminZh from './locales/zh-CN.ts';

/** Render an admin piece with the admin strings (see src/test/render.tsx). */
export const renderWithProviders = (ui: ReactNode, options?: { path?: string }) =>
  render(ui, { admin: adminZh }, options);
