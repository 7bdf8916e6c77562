import { endpoint } from './endpoint.ts';
import {
  candidatesData,
  cityProjectListBody,
  cityProjectListData,
  inviteBody,
  leaderBody,
  memberRemoveBody,
  membersData,
  membershipData,
  membersMultiBody,
  orgSearchData,
  orgSearchQuery,
  orgUsersData,
  orgUsersQuery,
  policyOptionsData,
  projectDetail,
  projectIdParams,
  projectOrgListData,
  projectOrgQuery,
  projectSaveBody,
  projectSavedData,
  projectUpdateBody,
  removeOrgBody,
  respondBody,
  trackProjectListBody,
  trackProjectListData,
  userProjectListBody,
  userProjectListData,
} from './project.ts';

/**
 * The project calls. Paths of spec §7 as written there (the "dolphin" service and /api/track/project/list); the
 * register's own calls (create, update, detail, invitations) sit beside them under /dolphin/api/.
 */
export const projectEndpoints = {
  userProjectList: endpoint({
    method: 'POST',
    path: '/dolphin/api/project/user/project/list',
    body: userProjectListBody,
    response: userProjectListData,
  }),
  cityProjectList: endpoint({
    method: 'POST',
    path: '/dolphin/api/project/city/list',
    body: cityProjectListBody,
    response: cityProjectListData,
  }),
  trackProjectList: endpoint({
    method: 'POST',
    path: '/api/track/project/list',
    body: trackProjectListBody,
    response: trackProjectListData,
  }),
  policyOptions: endpoint({
    method: 'GET',
    path: '/dolphin/api/project/policyOptions',
    response: policyOptionsData,
  }),
  createProject: endpoint({
    method: 'POST',
    path: '/dolphin/api/project/create',
    body: projectSaveBody,
    response: projectSavedData,
  }),
  updateProject: endpoint({
    method: 'POST',
    path: '/dolphin/api/project/update',
    body: projectUpdateBody,
    response: projectSavedData,
  }),
  projectDetail: endpoint({
    method: 'GET',
    path: '/dolphin/api/project/{id}',
    params: projectIdParams,
    response: projectDetail,
  }),
  projectOrgs: endpoint({
    method: 'GET',
    path: '/dolphin/api/projectOrg',
    query: projectOrgQuery,
    response: projectOrgListData,
  }),
  searchOrgs: endpoint({
    method: 'GET',
    path: '/dolphin/api/projectOrg/search',
    query: orgSearchQuery,
    response: orgSearchData,
  }),
  inviteOrg: endpoint({
    method: 'POST',
    path: '/dolphin/api/projectOrg/invite',
    body: inviteBody,
    response: membershipData,
  }),
  respondInvitation: endpoint({
    method: 'POST',
    path: '/dolphin/api/projectOrg/respond',
    body: respondBody,
    response: membershipData,
  }),
  removeOrg: endpoint({
    method: 'POST',
    path: '/dolphin/api/projectOrg/remove',
    body: removeOrgBody,
    response: membershipData,
  }),
  addMembers: endpoint({
    method: 'POST',
    path: '/dolphin/api/projectMember/multi',
    body: membersMultiBody,
    response: membersData,
  }),
  setLeader: endpoint({
    method: 'POST',
    path: '/dolphin/api/projectMember/leader',
    body: leaderBody,
    response: membersData,
  }),
  removeMember: endpoint({
    method: 'POST',
    path: '/dolphin/api/projectMember/remove',
    body: memberRemoveBody,
    response: membersData,
  }),
  candidates: endpoint({
    method: 'GET',
    path: '/dolphin/api/project/user/project/{id}/candidates',
    params: projectIdParams,
    response: candidatesData,
  }),
  orgUsers: endpoint({
    method: 'GET',
    path: '/dolphin/api/userOrg/users',
    query: orgUsersQuery,
    response: orgUsersData,
  }),
};
