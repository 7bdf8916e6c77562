import type { ReactNode } from 'react';
import { vi } from 'vitest';
import { renderWithProviders as render } from '../../test/render.tsx';
import referenceZh from '../reference/locales/zh-CN.ts';
import distributionZh from './locales/zh-CN.ts';

/** Render an authorisation piece with its strings and the region picker's (see src/test/render.tsx). */
export const renderWithProviders = (ui: ReactNode, options?: { path?: string }) =>
  render(ui, { distribution: distributionZh, reference: referenceZh }, options);

/** A screen of `px` wide (antd reads its breakpoints through matchMedia; the default stub is a phone). */
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
