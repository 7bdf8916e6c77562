import type { ReactNode } from 'react';
import { renderWithProviders as render } from '../../test/render.tsx';
import inspectionZh from './locales/zh-CN.ts';

/** Render an inspection page with its strings (see src/test/render.tsx). */
export const renderWithProviders = (ui: ReactNode, options?: { path?: string }) =>
  render(ui, { inspection: inspectionZh }, options);
