import type { memberCreateBody, memberListQuery } from '@jcbb/contract';
import { Role, UserStatus, type UserStatusValue, userStatusLabels } from '@jcbb/contract';
import { formatShanghaiTime } from '@jcbb/contract/time';
import type { z } from 'zod';
import { callerOrgId } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, forbidden, notFound } from '../../lib/errors.ts';
import { generatePassword, hashPassword } from '../../lib/passwords.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import * as members from './members.repository.ts';
import { AuditEntity, fieldConflict, isEnterpriseAdmin, type OrganizationDeps } from './organization.deps.ts';
import { maskMobile } from './organization.format.ts';
import * as repo from './organization.repository.ts';

type ListQuery = z.output<typeof memberListQuery>;
type CreateBody = z.output<typeof memberCreateBody>;

const MOBILE_TAKEN = '该手机号已注册';

function memberView(
  row: members.MemberRow,
  roles: string[],
  showMobile: boolean,
  division: { id: number; name: string } | null = null,
) {
  return {
    id: row.id,
    mobile: showMobile ? row.mobile : maskMobile(row.mobile),
    username: row.username,
    realName: row.realName,
    roles,
    status: row.status,
    statusName: userStatusLabels[row.status as UserStatusValue] ?? '',
    division,
    createdAt: formatShanghaiTime(row.createdAt),
  };
}

/**
 * An organisation's members. Any member may list them (mobiles masked); only its enterprise administrators add
 * staff, enable or disable them and reset their passwords. Another organisation's user answers 404.
 */
export type MemberService = ReturnType<typeof createMemberService>;

export function createMemberService({ db, config, auth }: OrganizationDeps) {
  /** The caller's organisation and the member acted on, checked for the administrator's right to act. */
  async function target(user: SessionUser, memberId: number) {
    if (!isEnterpriseAdmin(user)) throw forbidden('只有企业管理员可以管理成员');
    const orgId = callerOrgId(user);
    const member = await members.findMember(db, orgId, memberId);
    if (!member) throw notFound('成员不存在');
    return { orgId, member };
  }

  async function rolesOf(userId: number) {
    return (await members.rolesByUser(db, [userId])).get(userId) ?? [];
  }

  async function divisionOf(userId: number) {
    return (await members.divisionsByUser(db, [userId])).get(userId) ?? null;
  }

  return {
    async list(user: SessionUser, query: ListQuery) {
      const orgId = callerOrgId(user);
      const { rows, total } = await members.listMembers(db, orgId, { ...query, keyword: query.keyword || undefined });
      const roles = await members.rolesByUser(
        db,
        rows.map((r) => r.id),
      );
      const placed = await members.divisionsByUser(
        db,
        rows.map((r) => r.id),
      );
      const showMobiles = isEnterpriseAdmin(user);
      return {
        list: rows.map((r) => memberView(r, roles.get(r.id) ?? [], showMobiles, placed.get(r.id) ?? null)),
        total,
      };
    },

    /** Add a staff member (员工) with a generated password, answered once. */
    async create(user: SessionUser, body: CreateBody) {
      if (!isEnterpriseAdmin(user)) throw forbidden('只有企业管理员可以管理成员');
      const orgId = callerOrgId(user);
      if (await members.mobileTaken(db, body.mobile)) throw fieldConflict('mobile', MOBILE_TAKEN);
      const password = generatePassword();
      const passwordHash = await hashPassword(password, config.scryptCost);
      const created = await db
        .transaction(async (tx) => {
          const row = await members.insertUser(tx, {
            mobile: body.mobile,
            username: body.username ?? body.mobile,
            realName: body.realName,
            passwordHash,
            orgId,
            status: UserStatus.ENABLED,
          });
          await repo.addRole(tx, row.id, Role.STAFF);
          await recordAudit(tx, {
            entity: AuditEntity.USER,
            entityId: row.id,
            orgId,
            actor: user,
            action: 'member.create',
            toState: UserStatus.ENABLED,
            data: { roles: [Role.STAFF] },
          });
          return row;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error, 'users_mobile_unique')) throw fieldConflict('mobile', MOBILE_TAKEN);
          throw error;
        });
      return { ...memberView(created, [Role.STAFF], true), initialPassword: password };
    },

    /** Enable (1) or disable (2) a member; disabling ends all their sessions at once. */
    async setStatus(user: SessionUser, memberId: number, status: UserStatusValue) {
      const { orgId, member } = await target(user, memberId);
      if (member.id === user.userId) throw conflict('不能停用或启用自己的账号');
      if (member.status === status)
        return memberView(member, await rolesOf(member.id), true, await divisionOf(member.id));
      const updated = await db.transaction(async (tx) => {
        const row = await members.setStatus(tx, member.id, member.status, status);
        if (!row) throw conflict('成员状态已变化，请刷新后重试');
        if (status === UserStatus.DISABLED) await auth.endAllSessions(member.id, tx);
        await recordAudit(tx, {
          entity: AuditEntity.USER,
          entityId: member.id,
          orgId,
          actor: user,
          action: status === UserStatus.DISABLED ? 'member.disable' : 'member.enable',
          fromState: member.status,
          toState: status,
        });
        return row;
      });
      // Sessions resolved while the transaction ran may have been cached as still enabled.
      auth.forgetUser(member.id);
      return memberView(updated, await rolesOf(member.id), true, await divisionOf(member.id));
    },

    /** A new generated password, answered once; the member's sessions end. */
    async resetPassword(user: SessionUser, memberId: number) {
      const { orgId, member } = await target(user, memberId);
      if (member.id === user.userId) throw conflict('请在个人中心修改自己的密码');
      const password = generatePassword();
      const passwordHash = await hashPassword(password, config.scryptCost);
      await db.transaction(async (tx) => {
        await members.setPassword(tx, member.id, passwordHash);
        await auth.endAllSessions(member.id, tx);
        await recordAudit(tx, {
          entity: AuditEntity.USER,
          entityId: member.id,
          orgId,
          actor: user,
          action: 'member.password-reset',
        });
      });
      auth.forgetUser(member.id);
      return { id: member.id, newPassword: password };
    },
  };
}
