import { organizationEndpoints as api, Role } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { MemberService } from './members.service.ts';

const tags = ['企业 Organization'];
const admins = [Role.ENTERPRISE_ADMIN];

export function registerMemberRoutes(app: FastifyInstance, members: MemberService) {
  defineRoute(app, api.members, {
    summary: '企业成员 Members of the caller’s organisation',
    description: 'Any member may list; mobiles are masked (138****0001) except for enterprise administrators.',
    tags,
    handler: ({ user, query }) => members.list(user, query),
  });

  defineRoute(app, api.addMember, {
    summary: '添加员工 Add a staff member',
    description:
      'Enterprise administrator only. Creates a 员工 account with a generated password, answered once (initialPassword). ' +
      'A registered mobile: 409 with field mobile.',
    tags,
    roles: admins,
    handler: ({ user, body }) => members.create(user, body),
  });

  defineRoute(app, api.setMemberStatus, {
    summary: '启用或停用成员 Enable (1) or disable (2) a member',
    description:
      'Disabling ends all the member’s sessions (their token answers 10100, sign-in 403). Not oneself (409). ' +
      'Another organisation’s user: 404.',
    tags,
    roles: admins,
    handler: ({ user, params, body }) => members.setStatus(user, params.id, body.status),
  });

  defineRoute(app, api.resetMemberPassword, {
    summary: '重置成员密码 Reset a member’s password',
    description: 'A new generated password, answered once; the member’s sessions end. Not oneself (409).',
    tags,
    roles: admins,
    handler: ({ user, params }) => members.resetPassword(user, params.id),
  });
}
