import { configure } from '@testing-library/react';
import type { ReactNode } from 'react';
import { renderWithProviders } from '../../test/render.tsx';
import constructionZh from './locales/zh-CN.ts';

// antd tables and uploads render slowly on a shared 2-core machine: findBy*/waitFor get twenty seconds.
configure({ asyncUtilTimeout: 20_000 });

/** Render a site construction page with its strings at `path` (see src/test/render.tsx). */
export const renderConstruction = (ui: ReactNode, path = '/') =>
  renderWithProviders(ui, { construction: constructionZh }, { path });
