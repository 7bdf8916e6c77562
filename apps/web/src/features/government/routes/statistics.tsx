import { lazyPage, page, type RouteItem } from '../../../lib/route-types.ts';
import { GOVERNMENT_PATHS, type GovernmentPage } from '../paths.ts';

// Part of the console shell (the route table imports it): the path only, and the page lazily.
const Statistics = lazyPage(() => import('../pages/StatisticsPage.tsx').then((m) => ({ default: m.StatisticsPage })));

/**
 * The statistics dashboard (routes.tsx joins it): kept alive, so its filters and open drawers survive a visit to a
 * filing. The route table adds each console's options (the project consoles' 暂无项目 guard; none for a committee
 * or the platform operator, who have no project).
 */
export const statisticsRoutes: Partial<Record<GovernmentPage, RouteItem>> = {
  statisticsList: page(GOVERNMENT_PATHS.statisticsList, 'statisticsList', Statistics, { keepAlive: true }),
};
