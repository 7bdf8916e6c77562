import { organizationEndpoints as api, Role } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import { registerCertificationRoutes } from './certification.routes.ts';
import { registerMemberRoutes } from './members.routes.ts';
import type { OrganizationService } from './organization.service.ts';

const tags = ['企业 Organization'];

export function registerOrganizationRoutes(app: FastifyInstance, organizations: OrganizationService) {
  defineRoute(app, api.getOrganization, {
    summary: '当前企业信息 The caller’s organisation',
    description:
      'status is 已认证 / 未认证 / 审核中 / 未通过; rejectReason only while rejected. 404 without an organisation.',
    tags,
    handler: ({ user }) => organizations.mine(user),
  });

  defineRoute(app, api.saveOrganization, {
    summary: '创建或修改企业 Create an organisation, or update one’s own',
    description:
      'A user without an organisation creates one (name and type; types 5 and 9 only through POST /api/admin/organizations) ' +
      'and becomes its 企业管理员 with the default modules. An enterprise administrator updates their own; a field left ' +
      'out stays, null clears it; changing the name or credit code of a certified organisation makes it uncertified, and ' +
      'is refused (409) while certification is pending. Staff: 403. super_admin: 403.',
    tags,
    handler: ({ user, body }) => organizations.save(user, body),
  });

  defineRoute(app, api.getUserOrganization, {
    summary: '用户所属企业 A user’s organisation',
    description:
      'Oneself, a member of one’s own organisation (enterprise administrator), or anyone (super_admin); otherwise 404.',
    tags,
    handler: ({ user, params }) => organizations.ofUser(user, params.id),
  });

  defineRoute(app, api.getFunctionShow, {
    summary: '企业类型可用功能 Console modules offered to an organisation type',
    description:
      'orgType defaults to the caller’s organisation type; government (5) gets none (spec §6), 0 lists every module. ' +
      'enabled tells whether the caller’s organisation has the module.',
    tags,
    handler: ({ user, query }) => organizations.functions(user, query.orgType),
  });

  defineRoute(app, api.adminOrganizations, {
    summary: '企业列表（平台） Organisations, for the platform administrator',
    tags,
    roles: [Role.SUPER_ADMIN],
    handler: ({ query }) => organizations.adminList(query),
  });

  defineRoute(app, api.adminCreateOrganization, {
    summary: '开通企业（平台） Open an organisation with its first account',
    description:
      'Any type, including government units (5) and regulators (9), which users cannot create themselves. The first ' +
      'account is 企业管理员 (and 住建委 for a government unit); its generated password is answered once. ' +
      'A registered mobile: 409 with field adminMobile.',
    tags,
    roles: [Role.SUPER_ADMIN],
    handler: ({ user, body }) => organizations.adminCreate(user, body),
  });

  registerCertificationRoutes(app, organizations.certification);
  registerMemberRoutes(app, organizations.members);
}
