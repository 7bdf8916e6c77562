import { endpoint } from './endpoint.ts';
import {
  adminCertificationDetail,
  adminCertificationList,
  adminCertificationListQuery,
  adminOrganizationCreateBody,
  adminOrganizationCreated,
  adminOrganizationList,
  adminOrganizationListQuery,
  certificationBody,
  certificationDecisionData,
  certificationHistoryData,
  certificationItem,
  functionShowData,
  functionShowQuery,
  memberCreateBody,
  memberCreated,
  memberItem,
  memberList,
  memberListQuery,
  memberPasswordReset,
  memberStatusBody,
  organizationData,
  organizationSaveBody,
  rejectBody,
  userIdParams,
} from './organization.ts';
import { MAX_ID } from './params.ts';
import { z } from './zod.ts';

/** `{id}` of a certification application or a member. */
export const organizationRecordIdParams = z.object({
  id: z.coerce.number().int().positive().max(MAX_ID, '编号超出范围'),
});

/** Organisations, their certification (and the platform's review of it) and their members. */
export const organizationEndpoints = {
  getOrganization: endpoint({ method: 'GET', path: '/api/organization', response: organizationData }),
  saveOrganization: endpoint({
    method: 'POST',
    path: '/api/organization',
    body: organizationSaveBody,
    response: organizationData,
  }),
  getUserOrganization: endpoint({
    method: 'GET',
    path: '/api/user/{id}/organization',
    params: userIdParams,
    response: organizationData,
  }),
  getFunctionShow: endpoint({
    method: 'GET',
    path: '/api/organization/function/show',
    query: functionShowQuery,
    response: functionShowData,
  }),
  adminOrganizations: endpoint({
    method: 'GET',
    path: '/api/admin/organizations',
    query: adminOrganizationListQuery,
    response: adminOrganizationList,
  }),
  adminCreateOrganization: endpoint({
    method: 'POST',
    path: '/api/admin/organizations',
    body: adminOrganizationCreateBody,
    response: adminOrganizationCreated,
  }),

  // Certification
  submitCertification: endpoint({
    method: 'POST',
    path: '/api/organization/certification',
    body: certificationBody,
    response: certificationItem,
  }),
  certificationHistory: endpoint({
    method: 'GET',
    path: '/api/organization/certification',
    response: certificationHistoryData,
  }),
  adminCertifications: endpoint({
    method: 'GET',
    path: '/api/admin/certification/list',
    query: adminCertificationListQuery,
    response: adminCertificationList,
  }),
  adminCertification: endpoint({
    method: 'GET',
    path: '/api/admin/certification/{id}',
    params: organizationRecordIdParams,
    response: adminCertificationDetail,
  }),
  /** The business licence file of an application. */
  adminCertificationLicense: endpoint({
    method: 'GET',
    path: '/api/admin/certification/{id}/license',
    params: organizationRecordIdParams,
  }),
  approveCertification: endpoint({
    method: 'POST',
    path: '/api/admin/certification/{id}/approve',
    params: organizationRecordIdParams,
    response: certificationDecisionData,
  }),
  rejectCertification: endpoint({
    method: 'POST',
    path: '/api/admin/certification/{id}/reject',
    params: organizationRecordIdParams,
    body: rejectBody,
    response: certificationDecisionData,
  }),

  // Members
  members: endpoint({
    method: 'GET',
    path: '/api/organization/members',
    query: memberListQuery,
    response: memberList,
  }),
  addMember: endpoint({
    method: 'POST',
    path: '/api/organization/members',
    body: memberCreateBody,
    response: memberCreated,
  }),
  setMemberStatus: endpoint({
    method: 'POST',
    path: '/api/organization/members/{id}/status',
    params: organizationRecordIdParams,
    body: memberStatusBody,
    response: memberItem,
  }),
  resetMemberPassword: endpoint({
    method: 'POST',
    path: '/api/organization/members/{id}/reset-password',
    params: organizationRecordIdParams,
    response: memberPasswordReset,
  }),
};
