import type { ReactNode } from 'react';
import { renderWithProviders as render } from '../../test/render.tsx';
import elementZh from '../element/locales/zh-CN.ts';
import readingZh from '../evidence-reading/locales/zh-CN.ts';
import listingZh from './locales/zh-CN.ts';

export { testElement } from '../element/testing.tsx';

/** Render a listing piece with its strings, the dynamic form's and the evidence reading's (see src/test/render.tsx). */
export const renderWithProviders = (ui: ReactNode, options?: { path?: string }) =>
  render(ui, { listing: listingZh, element: elementZh, reading: readingZh }, options);
