import type { ReactNode } from 'react';
import { renderWithProviders as render } from '../../test/render.tsx';
import zh from './locales/zh-CN.ts';

/** Render a public-record piece with its strings (see src/test/render.tsx). */
export const renderWithProviders = (ui: ReactNode, options?: { path?: string }) =>
  render(ui, { publicRecord: zh }, options);
