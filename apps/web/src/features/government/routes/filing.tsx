import { lazyPage, page, type RouteItem } from '../../../lib/route-types.ts';
import { GOVERNMENT_PATHS, type GovernmentPage } from '../paths.ts';

// Part of the console shell (the route table imports it): the paths only, and the pages lazily. The route table
// adds each console's options (the project guard, the menu entry to highlight).
const List = lazyPage(() => import('../pages/FilingListPage.tsx').then((m) => ({ default: m.FilingListPage })));
const Detail = lazyPage(() => import('../pages/FilingDetailPage.tsx').then((m) => ({ default: m.FilingDetailPage })));

/** The filing's pages (routes.tsx joins them). */
export const filingRoutes: Partial<Record<GovernmentPage, RouteItem>> = {
  materialFill: page(GOVERNMENT_PATHS.materialFill, 'materialFill', List),
  filingDetail: page(GOVERNMENT_PATHS.filingDetail, 'filingDetail', Detail),
};
