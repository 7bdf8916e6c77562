import type { QueryClient } from '@tanstack/react-query';
import { session } from '../../lib/session.ts';
import { PROJECT_PAGE_SIZE, projectListQueries } from './api.ts';

/**
 * /project/list's first queries as ProjectListPage first asks for them (the first page, no keyword; the invitations
 * unless the organisation is the developer), started by the router beside the page's code (`RouteItem.data`) once
 * the guard has loaded the user. Only when nothing is cached: what the page does with cached data stays its own.
 */
export default function projectListData(queryClient: QueryClient): Promise<unknown> {
  const orgType = session.get().user?.organization?.type ?? null;
  return Promise.all([
    queryClient.ensureQueryData(projectListQueries.joined({ take: PROJECT_PAGE_SIZE, skip: 0 }, orgType)),
    projectListQueries.invited(orgType) ? queryClient.ensureQueryData(projectListQueries.invitations()) : null,
  ]);
}
