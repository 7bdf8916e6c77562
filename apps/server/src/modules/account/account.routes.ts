import { accountEndpoints as api, Role } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import { sendStoredFile } from '../../lib/send-file.ts';
import type { AccountService } from './account.service.ts';
import type { DivisionService } from './division.service.ts';

const tags = ['账户中心 Account centre'];
const admins = [Role.ENTERPRISE_ADMIN];

export function registerAccountRoutes(
  app: FastifyInstance,
  { account, divisions }: { account: AccountService; divisions: DivisionService },
) {
  defineRoute(app, api.profile, {
    summary: '个人资料 The caller’s own profile',
    description:
      'Name, e-mail, contact phone, avatar, organisation and division, and the five latest sign-ins. Only the caller’s: no id is taken.',
    tags,
    handler: ({ user }) => account.profile(user),
  });

  defineRoute(app, api.saveProfile, {
    summary: '修改个人资料 Change one’s own profile',
    description:
      'A field left out stays; null (or an empty string) clears e-mail, contact phone or avatar. The avatar is an upload ' +
      'of the caller (POST /api/file/upload): PNG, JPG, GIF or WEBP, 2 MB at most, else 400 on avatarUploadId. The ' +
      'sign-in mobile is not changed here.',
    tags,
    handler: ({ user, body }) => account.save(user, body),
  });

  defineRoute(app, api.avatar, {
    summary: '头像 A user’s current avatar image',
    description:
      'Neither signed nor signed in, so the top bar’s <img> can load it. Answers only the pair of a user and their current avatar upload; anything else 40400. Cached publicly for 5 minutes; the ETag is the file’s SHA-256.',
    tags,
    access: 'bare',
    handler: async ({ params, request, reply }) => {
      const file = await account.avatar(params.userId, params.uploadId);
      return sendStoredFile(reply, file, account.open, {
        inline: true,
        publicCache: { maxAgeSeconds: 300, ifNoneMatch: request.headers['if-none-match'] },
      });
    },
  });

  defineRoute(app, api.divisions, {
    summary: '部门 The organisation’s divisions',
    description:
      'Any member; parents before their children, each with its leader and members. 403 without an organisation.',
    tags,
    handler: ({ user }) => divisions.list(user),
  });

  defineRoute(app, api.createDivision, {
    summary: '新建部门 Create a division',
    description:
      'Enterprise administrator only. Names are unique in the organisation (409 on name). A parent or leader of another organisation: 404.',
    tags,
    roles: admins,
    handler: ({ user, body }) => divisions.create(user, body),
  });

  defineRoute(app, api.updateDivision, {
    summary: '修改部门 Rename or move a division, or change its leader',
    description:
      'Enterprise administrator only. A parent that is the division itself or one of its sub-divisions: 400 on parentId. Another organisation’s division: 404.',
    tags,
    roles: admins,
    handler: ({ user, params, body }) => divisions.update(user, params.id, body),
  });

  defineRoute(app, api.deleteDivision, {
    summary: '删除部门 Delete a division',
    description:
      'Enterprise administrator only. A division with members or sub-divisions: 409 with the reason. Another organisation’s: 404.',
    tags,
    roles: admins,
    handler: ({ user, params }) => divisions.remove(user, params.id),
  });

  defineRoute(app, api.assignDivision, {
    summary: '调整成员部门 Put a member into a division, or take them out',
    description:
      'Enterprise administrator only; {id} is the member’s user id. divisionId null takes the member out of their division. Another organisation’s member or division: 404.',
    tags,
    roles: admins,
    handler: ({ user, params, body }) => divisions.assign(user, params.id, body.divisionId),
  });
}
