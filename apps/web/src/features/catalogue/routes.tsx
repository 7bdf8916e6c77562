import { pages } from '@jcbb/contract/pages';
import { lazyPage, page, type RouteItem } from '../../lib/route-types.ts';

/**
 * The public catalogue's pages (spec §2 public routes), without sign-in and without the console frame. Each entry
 * replaces the placeholder of the same path in app/route-table.tsx; the pages load lazily.
 * /cities/committee is a static path, so the router ranks it above /cities/:type.
 */
const Cities = lazyPage(() => import('./pages/CitiesPage.tsx'));
const Committee = lazyPage(() => import('./pages/CommitteePage.tsx'));
const ProductPublic = lazyPage(() => import('./pages/ProductPublicPage.tsx'));

export const catalogueRoutes = {
  /** `type`: a classification code (category 01 or class 0104), docs/decisions.md. */
  cities: page('/cities/:type?', 'cities', Cities, { data: () => import('./cities-data.ts') }),
  committee: page(pages.cityCommittee.path, 'citiesCommittee', Committee),
  productExternal: page(pages.productPublic.path, 'productDetailsExternal', ProductPublic),
} satisfies Record<string, RouteItem>;
