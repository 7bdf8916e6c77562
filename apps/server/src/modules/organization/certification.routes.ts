import { organizationEndpoints as api, Role } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import { sendStoredFile } from '../../lib/send-file.ts';
import type { CertificationService } from './certification.service.ts';

const tags = ['企业 Organization'];
const platform = [Role.SUPER_ADMIN];

export function registerCertificationRoutes(app: FastifyInstance, certification: CertificationService) {
  defineRoute(app, api.submitCertification, {
    summary: '提交企业认证 Submit the organisation for certification',
    description:
      'Enterprise administrator only (403). From 未认证 or 未通过; 409 while pending or once certified, and for government ' +
      'units (exempt). regionCode must be a known division, creditCode pass the GB 32100-2015 check and be unused by ' +
      'another organisation (409, field creditCode), licenseUploadId be a PDF or image uploaded by this organisation.',
    tags,
    handler: ({ user, body }) => certification.submit(user, body),
  });

  defineRoute(app, api.certificationHistory, {
    summary: '企业认证记录 The organisation’s certification applications, newest first',
    tags,
    handler: ({ user }) => certification.history(user),
  });

  defineRoute(app, api.adminCertifications, {
    summary: '企业认证申请列表（平台） Certification applications, for review',
    description:
      'status: 1 pending (when left out), 2 approved, 3 rejected, 0 or empty for all. keyword: organisation name.',
    tags,
    roles: platform,
    handler: ({ query }) => certification.adminList(query),
  });

  defineRoute(app, api.adminCertification, {
    summary: '企业认证申请详情（平台） One application with its licence file',
    tags,
    roles: platform,
    handler: ({ params }) => certification.adminDetail(params.id),
  });

  defineRoute(app, api.adminCertificationLicense, {
    summary: '营业执照文件（平台） The business licence of an application',
    tags,
    roles: platform,
    handler: async ({ params, reply }) => {
      return sendStoredFile(reply, await certification.adminLicense(params.id), certification.openLicense);
    },
  });

  defineRoute(app, api.approveCertification, {
    summary: '通过企业认证（平台） Approve an application',
    description:
      'Only a pending application (else 409). The organisation becomes 已认证 and its members get a message.',
    tags,
    roles: platform,
    handler: ({ user, params }) => certification.approve(user, params.id),
  });

  defineRoute(app, api.rejectCertification, {
    summary: '驳回企业认证（平台） Reject an application with a reason',
    description:
      'Only a pending application (else 409). The organisation becomes 未通过 with the reason and gets a message.',
    tags,
    roles: platform,
    handler: ({ user, params, body }) => certification.reject(user, params.id, body.reason),
  });
}
