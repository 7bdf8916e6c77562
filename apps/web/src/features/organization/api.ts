import type { EndpointData, EndpointInput } from '@jcbb/contract/endpoint';
import { fileEndpoints } from '@jcbb/contract/file.endpoints';
import { organizationEndpoints as api } from '@jcbb/contract/organization.endpoints';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call, download, keyOf, upload } from '../../lib/api.ts';

export type CertificationItem = EndpointData<typeof api.certificationHistory>[number];
export type MemberList = EndpointData<typeof api.members>;
export type MemberItem = MemberList['list'][number];
export type MemberCreated = EndpointData<typeof api.addMember>;

export interface MemberQuery {
  take: number;
  skip: number;
  keyword?: string;
  status?: number;
}

/**
 * The organisation calls (spec §7 and the server's organisation module), one function each. Calls that a form
 * answers field by field are silent: the form shows the server's messages on its fields.
 */
export const organizationApi = {
  mine: () => call(api.getOrganization),
  /** Create one (a user without an organisation: name and type) or update one's own. */
  save: (body: EndpointInput<typeof api.saveOrganization>) => call(api.saveOrganization, body, { silent: true }),
  submitCertification: (body: EndpointInput<typeof api.submitCertification>) =>
    call(api.submitCertification, body, { silent: true }),
  certificationHistory: () => call(api.certificationHistory),
  upload: (file: File) => upload(fileEndpoints.upload, file, { silent: true }),
  download: (id: number) => download(fileEndpoints.download, { id }),

  members: (query: MemberQuery) => call(api.members, query),
  addMember: (body: { mobile: string; realName: string }) => call(api.addMember, body, { silent: true }),
  setMemberStatus: (id: number, status: 1 | 2) => call(api.setMemberStatus, { id, status }),
  resetMemberPassword: (id: number) => call(api.resetMemberPassword, { id }),
};

// Query options: the endpoint's key paired with the fetcher above (which component tests replace).

export const mineQuery = () =>
  queryOptions({ queryKey: keyOf(api.getOrganization, {}), queryFn: () => organizationApi.mine() });

export const certificationHistoryQuery = () =>
  queryOptions({
    queryKey: keyOf(api.certificationHistory, {}),
    queryFn: () => organizationApi.certificationHistory(),
  });

export const membersQuery = (query: MemberQuery) =>
  queryOptions({ queryKey: keyOf(api.members, query), queryFn: () => organizationApi.members(query) });

/** After the organisation or its certification changed: everything shown of it loads again. */
export async function invalidateOrganization(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [api.getOrganization, api.certificationHistory, api.members].map((e) =>
      queryClient.invalidateQueries({ queryKey: keyOf(e) }),
    ),
  );
}

/** After a member changed: the member list loads again. */
export const invalidateMembers = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: keyOf(api.members) });
