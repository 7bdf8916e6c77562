import type { adminOrganizationCreateBody, adminOrganizationListQuery, organizationSaveBody } from '@jcbb/contract';
import {
  CertStatus,
  defaultModulesByOrgType,
  type ModuleCodeValue,
  moduleCodeValues,
  OrgType,
  type OrgTypeValue,
  Role,
  SELF_SERVICE_ORG_TYPES,
  UserStatus,
} from '@jcbb/contract';
import { formatShanghaiTime } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { callerOrgId, isOwnOrg } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import { generatePassword, hashPassword } from '../../lib/passwords.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { findDivision } from '../reference/index.ts';
import { createCertificationService } from './certification.service.ts';
import * as members from './members.repository.ts';
import { createMemberService } from './members.service.ts';
import {
  AuditEntity,
  fieldConflict,
  isEnterpriseAdmin,
  isSuperAdmin,
  type OrganizationDeps,
} from './organization.deps.ts';
import { orgTypeAndStatus } from './organization.format.ts';
import * as repo from './organization.repository.ts';
import { moduleViews, organizationView } from './organization.view.ts';

type SaveBody = z.output<typeof organizationSaveBody>;
type AdminCreateBody = z.output<typeof adminOrganizationCreateBody>;
type AdminListQuery = z.output<typeof adminOrganizationListQuery>;

const CREDIT_CODE_TAKEN = '该统一社会信用代码已被其他企业使用';
const CREDIT_CODE_CONSTRAINT = 'organizations_credit_code_uq';
const MOBILE_TAKEN = '该手机号已注册';

/** Fields of POST /api/organization an enterprise administrator may change. */
const EDITABLE_FIELDS = [
  'name',
  'nature',
  'regionCode',
  'address',
  'legalPerson',
  'contactName',
  'contactPhone',
  'creditCode',
] as const satisfies readonly (keyof SaveBody & keyof repo.OrganizationChanges)[];

export const defaultModulesOf = (type: number): ModuleCodeValue[] =>
  defaultModulesByOrgType[type as OrgTypeValue] ?? [];

export type OrganizationService = ReturnType<typeof createOrganizationService>;

/**
 * The organisation module: the profile and the platform's list of organisations here; certification and members in
 * their own services.
 */
export function createOrganizationService(deps: OrganizationDeps) {
  const { db, config, auth, files } = deps;

  async function checkRegion(tx: Tx, regionCode: string | null | undefined) {
    if (regionCode && !(await findDivision(tx, regionCode))) {
      throw invalidInput([{ field: 'regionCode', message: '所在地区不存在，请重新选择' }]);
    }
  }

  async function checkCreditCodeFree(tx: Tx, creditCode: string | null | undefined, orgId: number | null) {
    if (creditCode && (await repo.findOrgIdByCreditCode(tx, creditCode, orgId)) !== undefined) {
      throw fieldConflict('creditCode', CREDIT_CODE_TAKEN);
    }
  }

  /** A unique violation that slipped past the checks above (two requests at once) answers the same 409. */
  function mapUniqueViolations(error: unknown): never {
    if (isUniqueViolation(error, CREDIT_CODE_CONSTRAINT)) throw fieldConflict('creditCode', CREDIT_CODE_TAKEN);
    if (isUniqueViolation(error, 'users_mobile_unique')) throw fieldConflict('adminMobile', MOBILE_TAKEN);
    throw error;
  }

  async function create(user: SessionUser, body: SaveBody) {
    if (isSuperAdmin(user)) throw forbidden('平台账号无需创建企业');
    if (body.type === undefined) throw invalidInput([{ field: 'type', message: '请选择企业类型' }]);
    if (!SELF_SERVICE_ORG_TYPES.includes(body.type)) {
      throw invalidInput([{ field: 'type', message: '政府单位、监管单位由平台开通，请联系平台管理员' }]);
    }
    const type = body.type;
    await checkRegion(db, body.regionCode);
    await checkCreditCodeFree(db, body.creditCode, null);
    const org = await db
      .transaction(async (tx) => {
        const me = await repo.findUser(tx, user.userId);
        if (!me || me.orgId !== null) throw conflict('您已加入企业');
        const created = await repo.insertOrg(tx, {
          name: body.name,
          type,
          certStatus: CertStatus.NONE,
          nature: body.nature ?? null,
          regionCode: body.regionCode ?? null,
          address: body.address ?? null,
          legalPerson: body.legalPerson ?? null,
          contactName: body.contactName ?? null,
          contactPhone: body.contactPhone ?? null,
          creditCode: body.creditCode ?? null,
        });
        await repo.insertModules(tx, created.id, defaultModulesOf(type));
        await repo.setUserOrg(tx, user.userId, created.id);
        await repo.removeRole(tx, user.userId, Role.STAFF);
        await repo.addRole(tx, user.userId, Role.ENTERPRISE_ADMIN);
        await recordAudit(tx, {
          entity: AuditEntity.ORGANIZATION,
          entityId: created.id,
          orgId: created.id,
          actor: user,
          action: 'create',
          toState: CertStatus.NONE,
          data: { type, adminUserId: user.userId },
        });
        return created;
      })
      .catch(mapUniqueViolations);
    // The cached session still says "no organisation, no admin role".
    auth.forgetUser(user.userId);
    return organizationView(db, files, org);
  }

  async function update(user: SessionUser, orgId: number, body: SaveBody) {
    if (!isEnterpriseAdmin(user)) throw forbidden('只有企业管理员可以修改企业信息');
    const org = await repo.findOrg(db, orgId);
    if (!org) throw notFound('您尚未加入企业');
    if (body.type !== undefined && body.type !== org.type) {
      throw invalidInput([{ field: 'type', message: '企业类型创建后不可修改' }]);
    }
    const changes: repo.OrganizationChanges = {};
    for (const field of EDITABLE_FIELDS) {
      const value = body[field];
      if (value !== undefined && value !== org[field]) Object.assign(changes, { [field]: value });
    }
    const changed = Object.keys(changes);
    if (changed.length === 0) return organizationView(db, files, org);

    const identityChanged = 'name' in changes || 'creditCode' in changes;
    if (identityChanged && org.certStatus === CertStatus.PENDING) {
      throw conflict('企业认证审核中，暂不能修改企业名称或统一社会信用代码');
    }
    await checkRegion(db, changes.regionCode);
    await checkCreditCodeFree(db, changes.creditCode, orgId);
    // A certificate vouches for a name and a credit code: changing either needs a new certification.
    const revoke = identityChanged && org.certStatus === CertStatus.CERTIFIED;
    if (revoke) Object.assign(changes, { certStatus: CertStatus.NONE, certifiedAt: null });

    const updated = await db
      .transaction(async (tx) => {
        const row = await repo.updateOrg(tx, orgId, changes, [org.certStatus]);
        if (!row) throw conflict('企业认证状态已变化，请刷新后重试');
        await recordAudit(tx, {
          entity: AuditEntity.ORGANIZATION,
          entityId: orgId,
          orgId,
          actor: user,
          action: 'update',
          data: { fields: changed },
        });
        if (revoke) {
          await recordAudit(tx, {
            entity: AuditEntity.ORGANIZATION,
            entityId: orgId,
            orgId,
            actor: user,
            action: 'certification.revoke',
            fromState: CertStatus.CERTIFIED,
            toState: CertStatus.NONE,
            reason: '企业名称或统一社会信用代码变更，需重新认证',
          });
        }
        return row;
      })
      .catch(mapUniqueViolations);
    return organizationView(db, files, updated);
  }

  return {
    certification: createCertificationService(deps),
    members: createMemberService(deps),

    async mine(user: SessionUser) {
      const org = await repo.findOrg(db, callerOrgId(user));
      if (!org) throw notFound('您尚未加入企业');
      return organizationView(db, files, org);
    },

    /** POST /api/organization: create one when the caller has none, else update the caller's own. */
    save(user: SessionUser, body: SaveBody) {
      return user.orgId === null ? create(user, body) : update(user, user.orgId, body);
    },

    /** A user's organisation: one's own, a member's for their enterprise administrator, anyone's for the platform. */
    async ofUser(user: SessionUser, userId: number) {
      const target = await repo.findUser(db, userId);
      const allowed =
        target !== undefined &&
        (target.id === user.userId || isSuperAdmin(user) || (isEnterpriseAdmin(user) && isOwnOrg(user, target.orgId)));
      if (!target || !allowed) throw notFound('用户不存在');
      const org = target.orgId === null ? undefined : await repo.findOrg(db, target.orgId);
      if (!org) throw notFound('该用户尚未加入企业');
      return organizationView(db, files, org);
    },

    /** Console modules an organisation type offers (spec §6: government gets none), marked by the caller's own. */
    async functions(user: SessionUser, orgType: number | undefined) {
      const type = orgType ?? user.orgType;
      if (type === null || type === OrgType.GOVERNMENT) return [];
      const offered = type === OrgType.ALL ? moduleCodeValues : defaultModulesOf(type);
      const enabled = user.orgId === null ? [] : await repo.enabledModules(db, user.orgId);
      return moduleViews(offered).map((m) => ({ ...m, enabled: enabled.includes(m.moduleCode) }));
    },

    async adminList(query: AdminListQuery) {
      const { rows, total } = await repo.listOrgs(db, { ...query, keyword: query.keyword || undefined });
      return {
        list: rows.map(({ org, memberCount }) => ({
          id: org.id,
          name: org.name,
          ...orgTypeAndStatus(org),
          creditCode: org.creditCode,
          regionCode: org.regionCode,
          memberCount,
          createdAt: formatShanghaiTime(org.createdAt),
        })),
        total,
      };
    },

    /**
     * The platform opens an organisation of any type with its first account, an enterprise administrator (also
     * 住建委 for a government unit, whose console and logo depend on it). The password is answered once.
     */
    async adminCreate(user: SessionUser, body: AdminCreateBody) {
      await checkRegion(db, body.regionCode);
      if (await members.mobileTaken(db, body.adminMobile)) throw fieldConflict('adminMobile', MOBILE_TAKEN);
      const password = generatePassword();
      const passwordHash = await hashPassword(password, config.scryptCost);
      const roles: string[] =
        body.type === OrgType.GOVERNMENT ? [Role.ENTERPRISE_ADMIN, Role.CITY_COMMITTEE] : [Role.ENTERPRISE_ADMIN];
      const created = await db
        .transaction(async (tx) => {
          const org = await repo.insertOrg(tx, {
            name: body.name,
            type: body.type,
            certStatus: CertStatus.NONE,
            regionCode: body.regionCode ?? null,
          });
          await repo.insertModules(tx, org.id, defaultModulesOf(body.type));
          const admin = await members.insertUser(tx, {
            mobile: body.adminMobile,
            username: body.adminMobile,
            realName: body.adminRealName,
            passwordHash,
            orgId: org.id,
            status: UserStatus.ENABLED,
          });
          for (const role of roles) await repo.addRole(tx, admin.id, role);
          await recordAudit(tx, {
            entity: AuditEntity.ORGANIZATION,
            entityId: org.id,
            orgId: org.id,
            actor: user,
            action: 'create',
            toState: CertStatus.NONE,
            data: { type: body.type, adminUserId: admin.id, byPlatform: true },
          });
          await recordAudit(tx, {
            entity: AuditEntity.USER,
            entityId: admin.id,
            orgId: org.id,
            actor: user,
            action: 'member.create',
            toState: UserStatus.ENABLED,
            data: { roles },
          });
          return { orgId: org.id, userId: admin.id };
        })
        .catch(mapUniqueViolations);
      return { ...created, mobile: body.adminMobile, roles: roles.sort(), initialPassword: password };
    },
  };
}
