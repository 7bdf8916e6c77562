import type { EndpointData, EndpointInput } from '@jcbb/contract';
import { accountEndpoints as api } from '@jcbb/contract/account.endpoints';
import { fileEndpoints } from '@jcbb/contract/file.endpoints';
import { organizationEndpoints } from '@jcbb/contract/organization.endpoints';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call, keyOf, upload } from '../../lib/api.ts';

export type Profile = EndpointData<typeof api.profile>;
export type ProfileSave = EndpointInput<typeof api.saveProfile>;
export type Division = EndpointData<typeof api.divisions>['list'][number];
export type DivisionSave = Omit<EndpointInput<typeof api.createDivision>, 'id'>;

/** The account centre's calls (server module `account`), one function each; forms are silent (they show the fields). */
export const accountApi = {
  profile: () => call(api.profile),
  saveProfile: (body: ProfileSave) => call(api.saveProfile, body, { silent: true }),
  /** Upload an image to the store, then make it the avatar. */
  setAvatar: async (file: File) => {
    const up = await upload(fileEndpoints.upload, file, { silent: true });
    return call(api.saveProfile, { avatarUploadId: up.id }, { silent: true });
  },
  divisions: () => call(api.divisions),
  createDivision: (body: DivisionSave) => call(api.createDivision, body, { silent: true }),
  updateDivision: (id: number, body: DivisionSave) => call(api.updateDivision, { ...body, id }, { silent: true }),
  deleteDivision: (id: number) => call(api.deleteDivision, { id }),
  /** The organisation's members, to choose a leader or a member to move (an organisation's first hundred). */
  members: () => call(organizationEndpoints.members, { take: 100, skip: 0 }),
  assign: (memberId: number, divisionId: number | null) => call(api.assignDivision, { id: memberId, divisionId }),
};

export const profileQuery = () =>
  queryOptions({ queryKey: keyOf(api.profile, {}), queryFn: () => accountApi.profile() });

export const divisionsQuery = () =>
  queryOptions({ queryKey: keyOf(api.divisions, {}), queryFn: () => accountApi.divisions() });

export const membersQuery = () =>
  queryOptions({
    queryKey: keyOf(organizationEndpoints.members, { take: 100, skip: 0 }),
    queryFn: () => accountApi.members(),
  });

/** After a division or a placement changed: the divisions, the members list (its 部门 column) and the profile. */
export async function invalidateDivisions(queryClient: QueryClient, membersKey: readonly unknown[]): Promise<void> {
  await Promise.all(
    [keyOf(api.divisions), membersKey, keyOf(api.profile)].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}
