import { type ComponentProps, type ComponentType, createElement, lazy, useState } from 'react';

// biome-ignore lint/suspicious/noExplicitAny: as React.lazy's own signature: any component, its props passed through
type AnyComponent = ComponentType<any>;

/** A lazily loaded component whose code can be fetched before it renders (on hover, as the navigation starts). */
export type Preloadable<T extends AnyComponent> = ComponentType<ComponentProps<T>> & {
  preload: () => Promise<unknown>;
};

/**
 * `React.lazy` with a `preload()`, for pages and frames the router fetches ahead (app/route-preload.ts). Once the
 * code is there, a new instance renders it at once: `React.lazy` would still suspend on its first render (its promise
 * settles a microtask later), show the fallback, and React reveals content no sooner than 300 ms after a fallback.
 * An instance keeps the way it started (lazy or direct), so its state is never remounted away. A failed download is
 * tried again by the next call.
 */
export function lazyPage<T extends AnyComponent>(load: () => Promise<{ default: T }>): Preloadable<T> {
  let loaded: T | null = null;
  let loading: Promise<{ default: T }> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload);
  function Page(props: ComponentProps<T>) {
    const [ready] = useState(() => loaded);
    return ready ? createElement(ready, props) : createElement(Lazy, props);
  }
  return Object.assign(Page, { preload });
}
