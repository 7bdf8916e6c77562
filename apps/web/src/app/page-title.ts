import { PRODUCT_TITLE } from '@jcbb/contract/enums';
import { findRoute, flattenRoutes } from '../lib/route-index.ts';
import type { SessionState } from '../lib/session.ts';
import { consoleRoutesFor } from './guard-decision.ts';
import { IFRAME_PATH, titleFor } from './menu.ts';
import { framedPublicRoutes, publicRoutes } from './route-table.tsx';

const flatPublic = flattenRoutes([...publicRoutes, ...framedPublicRoutes]);

/** "<page title> - 建材帮帮" (issue 3 item 1); the product title alone where a page has none. */
export function pageTitle(
  pathname: string,
  search: string,
  state: Pick<SessionState, 'user' | 'currentApp' | 'modules'>,
  translate: (key: string) => string,
): string {
  let title: string | undefined;
  if (pathname === IFRAME_PATH) title = new URLSearchParams(search).get('name') ?? undefined;
  if (!title) {
    const own = consoleRoutesFor(state);
    const key =
      (own && titleFor(findRoute(own.routes, pathname)?.item.meta, search)) ??
      titleFor(findRoute(flatPublic, pathname)?.item.meta, search);
    title = key ? translate(key) : undefined;
  }
  return title ? `${title} - ${PRODUCT_TITLE}` : PRODUCT_TITLE;
}
