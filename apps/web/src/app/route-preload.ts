import type { QueryClient } from '@tanstack/react-query';
import { authPublicRoutes } from '../features/auth/index.ts';
import { type FlatRoute, findRoute, flattenRoutes } from '../lib/route-index.ts';
import type { ConsoleKey, RouteItem } from '../lib/route-types.ts';
import { session } from '../lib/session.ts';
import { consoleRoutesFor } from './guard-decision.ts';
import { consoles, consoleTree, framedPublicRoutes, publicRoutes } from './route-table.tsx';
import { preloadAntdFrame } from './WithAntd.tsx';

/**
 * Route preloading (docs/decisions.md, "Chunk tiers and route preloading"): a page's code is fetched when the
 * navigation to it starts (the guard's first step) or when its menu entry is pointed at or focused, and its first
 * queries (`RouteItem.data`) as soon as the guard lets the navigation in, so the code, the data and the guard's own
 * calls travel together instead of one after the other (code, then render, then the query).
 */

let tables: { publicRoutes: FlatRoute[]; consoles: FlatRoute[][] } | null = null;

function routeTables() {
  tables ??= {
    publicRoutes: [...flattenRoutes(publicRoutes), ...flattenRoutes(framedPublicRoutes)],
    consoles: (Object.keys(consoles) as ConsoleKey[]).map((key) => flattenRoutes(consoleTree(key))),
  };
  return tables;
}

const authPaths = new Set(authPublicRoutes.map((r) => r.path));

/**
 * The page `pathname` shows: from the signed-in user's console once it is known; before that, the page every console
 * that has the path agrees on (/home), or none when they differ (several consoles share paths with other pages).
 */
function pageAt(pathname: string, hops = 0): RouteItem | undefined {
  const { publicRoutes: open, consoles: trees } = routeTables();
  const own = consoleRoutesFor(session.get());
  let item = findRoute(open, pathname)?.item ?? (own ? findRoute(own.routes, pathname)?.item : undefined);
  if (!item && !own) {
    const candidates = new Set(trees.map((tree) => findRoute(tree, pathname)?.item).filter(Boolean));
    item = candidates.size === 1 ? [...candidates][0] : undefined;
  }
  // A group ('/', '/productCenter') shows its redirect's page.
  if (item && !item.component && item.redirect && hops < 3) return pageAt(item.redirect, hops + 1);
  return item;
}

function preloadOf(component: RouteItem['component']): (() => Promise<unknown>) | undefined {
  const preload = (component as { preload?: unknown } | undefined)?.preload;
  return typeof preload === 'function' ? (preload as () => Promise<unknown>) : undefined;
}

const ignore = () => {};

/** Start fetching the code of the page at `pathname` (and the module of its first queries); errors are left to render. */
export function preloadPage(pathname: string): void {
  const item = pageAt(pathname);
  if (!item) return;
  // The data's module first: its calls wait for it, and the browser fetches in the order asked.
  item.data?.().catch(ignore);
  preloadOf(item.component)?.().catch(ignore);
  // Public pages other than sign-in render inside antd's providers, fetched on their own (the console frame has them).
  if (findRoute(routeTables().publicRoutes, pathname) && !authPaths.has(pathname)) preloadAntdFrame().catch(ignore);
}

/** Start the first queries of the page at `pathname`: called once the guard let the navigation in. */
export function prefetchPageData(queryClient: QueryClient, pathname: string, search: string): void {
  const data = pageAt(pathname)?.data;
  if (!data) return;
  data()
    .then((m) => m.default(queryClient, { pathname, searchParams: new URLSearchParams(search) }))
    .catch(ignore);
}
