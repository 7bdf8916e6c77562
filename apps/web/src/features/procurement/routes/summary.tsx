import { lazyPage, page, type RouteItem } from '../../../lib/route-types.ts';
import { PROCUREMENT_PATHS, type ProcurementPage } from '../paths.ts';

// Part of the console shell (the route table imports it): the paths only, and the pages lazily.
const Summary = lazyPage(() =>
  import('../pages/MaterialsSummaryPage.tsx').then((m) => ({ default: m.MaterialsSummaryPage })),
);
const SummaryDetail = lazyPage(() =>
  import('../pages/MaterialsSummaryDetailPage.tsx').then((m) => ({ default: m.MaterialsSummaryDetailPage })),
);
const Region = lazyPage(() => import('../pages/RegionPage.tsx').then((m) => ({ default: m.RegionPage })));

const project = { requiresProject: true } as const;

/** The summary pages of procurement (routes.tsx joins them), with the options the route table gives them. */
export const summaryRoutes: Partial<Record<ProcurementPage, RouteItem>> = {
  materialsSummary: page(PROCUREMENT_PATHS.materialsSummary, 'materialsSummary', Summary, project),
  materialsSummaryDetail: page(PROCUREMENT_PATHS.materialsSummaryDetail, 'materialsSummaryDetail', SummaryDetail, {
    ...project,
    hidden: true,
    activeMenu: PROCUREMENT_PATHS.materialsSummary,
  }),
  region: page(PROCUREMENT_PATHS.region, 'procurementRegion', Region, project),
};
