import { pages } from '@jcbb/contract/pages';
import { lazyPage, page, type RouteItem } from '../../lib/route-types.ts';

const MobileIndexPage = lazyPage(() => import('./pages/MobileIndexPage.tsx'));
const MobileDetailPage = lazyPage(() => import('./pages/MobileDetailPage.tsx'));

/** The public scan pages (no sign-in): /mobile/index to scan or type a code, /mobile/detail?code= what a label opens. */
export const traceMobileRoutes = {
  index: page(pages.scanIndex.path, 'mobileIndex', MobileIndexPage),
  detail: page(pages.scanDetail.path, 'mobileDetail', MobileDetailPage),
} satisfies Record<string, RouteItem>;
