import {
  avatarParams,
  divisionAssignBody,
  divisionAssignData,
  divisionIdParams,
  divisionListData,
  divisionSaveBody,
  divisionView,
  profileData,
  profileSaveBody,
} from './account.ts';
import { endpoint } from './endpoint.ts';
import { z } from './zod.ts';

/**
 * The account centre used when no external account site is configured (docs/account.md): the caller's profile and
 * avatar, and the organisation's divisions (部门) with their members. Paths are ours (spec §7 names none).
 */
export const accountEndpoints = {
  profile: endpoint({ method: 'GET', path: '/api/account/profile', response: profileData }),
  saveProfile: endpoint({ method: 'PUT', path: '/api/account/profile', body: profileSaveBody, response: profileData }),
  /** The avatar image, neither signed nor in a session, so that the top bar's <img> loads it. */
  avatar: endpoint({ method: 'GET', path: '/api/account/avatar/{userId}/{uploadId}', params: avatarParams }),
  divisions: endpoint({ method: 'GET', path: '/api/account/divisions', response: divisionListData }),
  createDivision: endpoint({
    method: 'POST',
    path: '/api/account/divisions',
    body: divisionSaveBody,
    response: divisionView,
  }),
  updateDivision: endpoint({
    method: 'PUT',
    path: '/api/account/divisions/{id}',
    params: divisionIdParams,
    body: divisionSaveBody,
    response: divisionView,
  }),
  deleteDivision: endpoint({
    method: 'DELETE',
    path: '/api/account/divisions/{id}',
    params: divisionIdParams,
    response: z.null(),
  }),
  assignDivision: endpoint({
    method: 'PUT',
    path: '/api/account/division-members/{id}',
    params: divisionIdParams,
    body: divisionAssignBody,
    response: divisionAssignData,
  }),
};
