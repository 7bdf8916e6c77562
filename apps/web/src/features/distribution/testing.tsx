import type { ReactNode } from 'react';
import { renderWithProviders as render } from '../../test/render.tsx';
import referenceZh from '../reference/locales/zh-CN.ts';
import distributionZh from './locales/zh-CN.ts';

/** Render an authorisation piece with its strings and the region picker's (see src/test/render.tsx). */
export const renderWithProviders = (ui: ReactNode, options?: { path?: string }) =>
  render(ui, { distribution: distributionZh, reference: referenceZh }, options);

export { screenWidth } from '../../test/screen-width.ts';
