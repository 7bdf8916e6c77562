import { vi } from 'vitest';

/**
 * Screens of at least `px` wide for a component test (antd reads its breakpoints through matchMedia; setup.ts's
 * default stub is a phone). Restored by `vi.restoreAllMocks()`.
 */
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
