import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../../../lib/session.ts';
import { projectQueries } from '../../../project/public.ts';

/** Enough for a buyer's projects in one picker (as the site pages). */
const PROJECT_PICKER_SIZE = 100;

/** The projects the caller's organisation buys for: a developer's own, a construction unit's joined ones. */
export function useBuyerProjects() {
  const orgType = useSession().user?.organization?.type;
  return useQuery(projectQueries.mine({ take: PROJECT_PICKER_SIZE, skip: 0, type: 1, orgType: orgType ?? undefined }));
}
