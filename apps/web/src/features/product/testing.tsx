import { configure } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderWithProviders as render } from '../../test/render.tsx';
import readingZh from '../evidence-reading/locales/zh-CN.ts';
import productZh from './locales/zh-CN.ts';

// antd forms and tables render slowly on the shared 2-core machine: findBy*/waitFor get ten seconds, not one.
configure({ asyncUtilTimeout: 10_000 });

/** Render a product-centre piece with its strings and the evidence reading's (see src/test/render.tsx). */
export const renderWithProviders = (ui: ReactNode, options?: { path?: string }) =>
  render(ui, { product: productZh, reading: readingZh }, options);
