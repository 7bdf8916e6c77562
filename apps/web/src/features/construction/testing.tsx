import { configure } from '@testing-library/react';
import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { renderWithProviders } from '../../test/render.tsx';
import constructionZh from './locales/zh-CN.ts';

// antd forms, drawers and tables render slowly on a shared 2-core machine: findBy*/waitFor get twenty seconds.
configure({ asyncUtilTimeout: 20_000 });

/** Render a site construction page with its strings at `path`. */
export const renderSite = (ui: ReactNode, path = '/') =>
  renderWithProviders(ui, { construction: constructionZh }, { path });

export const page = <T,>(list: T[], total = list.length) => ({ list, total });

/** Screens of at least `px` wide (antd reads its breakpoints through matchMedia; the default stub is a phone). */
export function screenWidth(px: number) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: Number(/min-width:\s*(\d+)/.exec(query)?.[1] ?? Number.POSITIVE_INFINITY) <= px,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
}

/** Render a site construction page with its strings at `path` (the .xlsx pages' tests). */
export const renderConstruction = renderSite;
