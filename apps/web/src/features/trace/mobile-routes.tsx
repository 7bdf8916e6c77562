import { lazy } from 'react';
import { page, type RouteItem } from '../../app/route-types.ts';

const MobileIndexPage = lazy(() => import('./pages/MobileIndexPage.tsx'));
const MobileDetailPage = lazy(() => import('./pages/MobileDetailPage.tsx'));

/** The public scan pages (no sign-in): /mobile/index to scan or type a code, /mobile/detail?code= what a label opens. */
export const traceMobileRoutes = {
  index: page('/mobile/index', 'mobileIndex', MobileIndexPage),
  detail: page('/mobile/detail', 'mobileDetail', MobileDetailPage),
} satisfies Record<string, RouteItem>;
