import type { QueryClient } from '@tanstack/react-query';
import { dashboardQueries } from './api.ts';

/**
 * /productionManagement/dashboard's first query as TraceDashboardPage first asks for it (the overview), started by
 * the router beside the page's code (`RouteItem.data`). Only when nothing is cached.
 */
export default function traceDashboardData(queryClient: QueryClient): Promise<unknown> {
  return queryClient.ensureQueryData(dashboardQueries.overview());
}
