import type { ReactNode } from 'react';
import { renderWithProviders as render } from '../../test/render.tsx';
import catalogueZh from './locales/zh-CN.ts';

/** Render a catalogue piece with its strings (see src/test/render.tsx). */
export const renderWithProviders = (ui: ReactNode, options?: { path?: string }) =>
  render(ui, { catalogue: catalogueZh }, options);
