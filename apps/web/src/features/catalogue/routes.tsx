import { lazy } from 'react';
import type { RouteItem } from '../../app/route-types.ts';

/**
 * The public catalogue's pages (spec §2 public routes), without sign-in and without the console frame. Each entry
 * replaces the placeholder of the same path in app/route-table.tsx; the pages load lazily.
 * /cities/committee is a static path, so the router ranks it above /cities/:type.
 */
const Cities = lazy(() => import('./pages/CitiesPage.tsx'));
const Committee = lazy(() => import('./pages/CommitteePage.tsx'));
const ProductPublic = lazy(() => import('./pages/ProductPublicPage.tsx'));

export const catalogueRoutes = {
  /** `type`: a classification code (category 01 or class 0104), docs/decisions.md. */
  cities: { path: '/cities/:type?', component: Cities, meta: { title: 'route.cities' } },
  committee: { path: '/cities/committee', component: Committee, meta: { title: 'route.citiesCommittee' } },
  productExternal: {
    path: '/product/details/external',
    component: ProductPublic,
    meta: { title: 'route.productDetailsExternal' },
  },
} satisfies Record<string, RouteItem>;
