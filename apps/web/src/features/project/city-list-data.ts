import type { QueryClient } from '@tanstack/react-query';
import { PROJECT_PAGE_SIZE, projectQueries } from './api.ts';

/**
 * /gov/projects' first page as CityProjectListPage first asks for it (no filter), started by the router beside the
 * page's code (`RouteItem.data`). Only when nothing is cached.
 */
export default function cityProjectListData(queryClient: QueryClient): Promise<unknown> {
  return queryClient.ensureQueryData(projectQueries.city({ take: PROJECT_PAGE_SIZE, skip: 0 }));
}
