import { lazyPage, page, type RouteItem } from '../../../lib/route-types.ts';
import { GOVERNMENT_PATHS, type GovernmentPage } from '../paths.ts';

// Part of the console shell (the route table imports it): the path only, and the page lazily.
const Statistics = lazyPage(() => import('../pages/StatisticsPage.tsx').then((m) => ({ default: m.StatisticsPage })));

/**
 * The statistics dashboard (routes.tsx joins it): kept alive, so its filters and open drawers survive a visit to a
 * filing. No project guard: a committee and the platform operator have no project, and a filer without one sees the
 * dashboard's empty state.
 */
export const statisticsRoutes: Partial<Record<GovernmentPage, RouteItem>> = {
  statisticsList: page(GOVERNMENT_PATHS.statisticsList, 'statisticsList', Statistics, { keepAlive: true }),
};
