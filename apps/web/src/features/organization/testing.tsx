import type { ReactNode } from 'react';
import { renderWithProviders as render } from '../../test/render.tsx';
import referenceZh from '../reference/locales/zh-CN.ts';
import organizationZh from './locales/zh-CN.ts';

/** Render an organisation piece with its strings and the region cascader's (see src/test/render.tsx). */
export const renderWithProviders = (ui: ReactNode, options?: { path?: string }) =>
  render(ui, { organization: organizationZh, reference: referenceZh }, options);
