import type { EndpointData, EndpointInput } from '@jcbb/contract/endpoint';
import { OrgType } from '@jcbb/contract/enums';
import { projectEndpoints as api } from '@jcbb/contract/project.endpoints';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { keyOf, mutationOf, queryOf } from '../../lib/api.ts';
import { retryUnlessNotFound } from '../../lib/record-id.ts';

/**
 * The project calls, as TanStack Query options built on the contract's endpoints (`lib/api.ts`): no URL and no
 * answer type is written here. A page does `useQuery(projectQueries.detail(id))`, `useMutation(projectMutations.invite)`.
 */

export type UserProjectList = EndpointData<typeof api.userProjectList>;
export type UserProject = UserProjectList['list'][number];
export type UserProjectQuery = EndpointInput<typeof api.userProjectList>;
export type CityProjectQuery = EndpointInput<typeof api.cityProjectList>;
export type CityProject = EndpointData<typeof api.cityProjectList>['list'][number];
export type ProjectDetail = EndpointData<typeof api.projectDetail>;
export type ProjectOrg = EndpointData<typeof api.projectOrgs>[number];

/** Policy batches and editions change with a new policy, not during a session. */
const forever = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY };

export const projectQueries = {
  mine: (input: UserProjectQuery) => queryOf(api.userProjectList, input),
  city: (input: CityProjectQuery) => queryOf(api.cityProjectList, input),
  detail: (id: number) => queryOptions({ ...queryOf(api.projectDetail, { id }), retry: retryUnlessNotFound }),
  orgs: (projectId: number) => queryOptions({ ...queryOf(api.projectOrgs, { projectId }), retry: retryUnlessNotFound }),
  searchOrgs: (projectId: number, keyword: string) => queryOf(api.searchOrgs, { projectId, keyword }),
  candidates: (id: number) => queryOf(api.candidates, { id }),
  policyOptions: () => queryOptions({ ...queryOf(api.policyOptions), ...forever }),
};

/** The project list's page size. */
export const PROJECT_PAGE_SIZE = 10;

/**
 * The project list's two queries, as the page asks for them and as its route data starts them (list-data.ts): the
 * projects the organisation takes part in (a page of them, by the organisation's type), and its pending invitations
 * (not for a developer, who invites).
 */
export const projectListQueries = {
  joined: (input: { take: number; skip: number; name?: string }, orgType: number | null) =>
    projectQueries.mine({ ...input, type: 1, orgType: orgType ?? undefined }),
  invitations: () => projectQueries.mine({ take: 20, skip: 0, type: 2 }),
  /** The organisation types that get invitations (all but the developer). */
  invited: (orgType: number | null) => orgType !== OrgType.DEVELOPER,
};

export const projectMutations = {
  create: mutationOf(api.createProject, { silent: true }),
  update: mutationOf(api.updateProject, { silent: true }),
  invite: mutationOf(api.inviteOrg),
  respond: mutationOf(api.respondInvitation),
  removeOrg: mutationOf(api.removeOrg),
  addMembers: mutationOf(api.addMembers),
  setLeader: mutationOf(api.setLeader),
  removeMember: mutationOf(api.removeMember),
};

/** After any change: every project answer may differ (lists, the detail, the teams, the candidates). */
export function invalidateProjects(queryClient: QueryClient) {
  return Promise.all(
    [api.userProjectList, api.cityProjectList, api.projectDetail, api.projectOrgs, api.candidates, api.searchOrgs].map(
      (e) => queryClient.invalidateQueries({ queryKey: keyOf(e) }),
    ),
  );
}

export { api as projectEndpoints };
