import '@testing-library/jest-dom/vitest';
import StyleContext from '@ant-design/cssinjs/lib/StyleContext';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { session } from '../lib/session.ts';

// findBy*/waitFor give up after 1 s by default. In CI the web tests share two cores with the server suites, and a
// lazily loaded page can take longer than that to appear: wait up to 5 s (the test itself may take 20 s).
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});

// The files of a worker share their modules (vitest.config.ts, the web project: isolate off): what one file leaves
// in them must not reach the next. Each file starts as it would alone: signed out, with no spy left on `fetch` or
// anything else. (A file never replaces a module with vi.mock: test-isolation.test.ts.)
afterAll(() => {
  session.clear();
  vi.restoreAllMocks();
});

// antd reads these browser APIs that jsdom lacks.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!window.ResizeObserver) {
  window.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

// antd's styles stay out of jsdom's document: cssinjs's test-only `mock: 'server'` keeps them in its cache, as on a
// server render. With them in, every role query's visibility check ran jsdom's getComputedStyle over thousands of
// antd rules: 70 % of a console test's time (docs/performance-notes.md, "Component tests without antd's stylesheets").
// Set on the default context value, so every render gets it, whichever renderer it uses. What a test can no longer
// see is only what antd's class-based CSS hides: inline styles, `hidden` and aria-hidden still count.
(StyleContext as unknown as { _currentValue: { mock?: 'server' | 'client' } })._currentValue.mock = 'server';
