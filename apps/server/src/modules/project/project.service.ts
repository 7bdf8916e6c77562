import type { FieldError } from '@jcbb/contract';
import {
  Channel,
  type ChannelValue,
  cityOfRegion,
  type cityProjectListBody,
  type DesignStageValue,
  designStageLabels,
  INVITABLE_ORG_TYPES,
  type inviteBody,
  type leaderBody,
  MembershipStatus,
  type MembershipStatusValue,
  type memberRemoveBody,
  membershipStatusLabels,
  type membersMultiBody,
  OrgType,
  type OrgTypeValue,
  type orgSearchQuery,
  orgTypeLabels,
  type ProjectDetail,
  ProjectListType,
  ProjectRole,
  type ProjectRoleValue,
  type ProjectStepValue,
  type ProjectTypeValue,
  pages,
  pageUrl,
  projectRoleLabels,
  type projectSaveBody,
  projectStepLabels,
  projectTypeLabels,
  type projectUpdateBody,
  Role,
  type respondBody,
  type trackProjectListBody,
  type userProjectListBody,
  WITNESS_ORG_TYPES,
} from '@jcbb/contract';
import { formatOptionalShanghaiTime, formatShanghaiTime } from '@jcbb/contract/time';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { callerOrgId } from '../../lib/access.ts';
import { auditTrail, recordAudit } from '../../lib/audit.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { sendMessage } from '../message/index.ts';
import { canRemoveMemberOrg, type MemberRemovalCheck } from './project.removal.ts';
import * as repo from './project.repository.ts';
import { type MembershipActionValue, type MembershipActor, membershipTransition } from './project.transitions.ts';

/** The message channel an organisation's console reads (spec §6). */
function channelOf(orgType: number): ChannelValue {
  if (orgType === OrgType.CONSTRUCTION) return Channel.CONSTRUCTION;
  if (orgType === OrgType.SUPERVISION) return Channel.SUPERVISION;
  return Channel.JCBB;
}

export type ProjectAccess = 'developer' | 'member' | 'invited' | 'committee';

const NOT_FOUND = '项目不存在';

// ---- the module's public functions (index.ts): other modules call these inside their own transaction ----

/**
 * How the caller may see a project: its developer, an accepted member organisation, an invited one (may read and
 * answer), or the committee (住建委) of the city it is in (read only). null = not at all (callers answer 404).
 */
export async function projectAccess(
  tx: Tx,
  user: SessionUser,
  project: { id: number; developerOrgId: number; cityCode: string },
): Promise<ProjectAccess | null> {
  if (user.orgId === null) return null;
  if (user.orgId === project.developerOrgId) return 'developer';
  const m = await repo.membershipOf(tx, project.id, user.orgId);
  if (m?.status === MembershipStatus.ACCEPTED) return 'member';
  if (m?.status === MembershipStatus.INVITED) return 'invited';
  if (user.orgType === OrgType.GOVERNMENT && user.roles.includes(Role.CITY_COMMITTEE)) {
    const org = await repo.orgById(tx, user.orgId);
    if (org?.regionCode && cityOfRegion(org.regionCode) === project.cityCode) return 'committee';
  }
  return null;
}

/** The project, if the caller may see it at all; otherwise 404 (as if it did not exist). */
export async function requireVisibleProject(tx: Tx, user: SessionUser, projectId: number, forUpdate = false) {
  const row = await repo.projectById(tx, projectId, forUpdate);
  if (!row) throw notFound(NOT_FOUND);
  const access = await projectAccess(tx, user, row.project);
  if (!access) throw notFound(NOT_FOUND);
  return { ...row, access };
}

/**
 * The project and the caller's organisation's accepted membership (the developer's included); 404 for anyone else.
 * Later modules (stock, receipts, outbound, spot checks) call this before touching a project's records.
 */
export async function requireProjectMember(
  tx: Tx,
  user: SessionUser,
  projectId: number,
  { lock = false }: { lock?: boolean } = {},
) {
  const row = await repo.projectById(tx, projectId);
  if (!row || user.orgId === null) throw notFound(NOT_FOUND);
  // lock: a material module about to write a record naming the organisation on the project holds the membership
  // (FOR SHARE), so a removal in progress either finishes first (and this answers 404) or sees that record.
  const membership = await repo.membershipOf(tx, projectId, user.orgId, lock ? 'share' : undefined);
  if (membership?.status !== MembershipStatus.ACCEPTED) throw notFound(NOT_FOUND);
  return { ...row, membership };
}

/**
 * The caller's own part on a project: their organisation's accepted membership (its type) and their role as a
 * person (leader, storekeeper, inspector, witness, member; null when not named), or 404 for anyone else. The site
 * module asks it before an act the law ties to a person (an inspection's verdict, a witnessed sample).
 */
export async function projectPersonOf(tx: Tx, user: SessionUser, projectId: number, { lock = false } = {}) {
  const row = await requireProjectMember(tx, user, projectId, { lock });
  const person = await repo.memberOf(tx, projectId, user.userId);
  const role = person && person.orgId === user.orgId ? (person.role as ProjectRoleValue) : null;
  return { ...row, role };
}

/** The organisation types with an accepted membership of the project (is there a supervision unit?). */
export async function acceptedOrgTypes(tx: Tx, projectId: number): Promise<number[]> {
  const rows = await repo.projectOrgRows(tx, projectId);
  return rows.filter((r) => r.membership.status === MembershipStatus.ACCEPTED).map((r) => r.membership.orgType);
}

/**
 * Whether an organisation may ship to projects in a city: a product it lists, or holds in usable stock, is listed
 * there (the project picker `trackProjects` and traceability's destination check ask this one rule).
 */
export function maySupplyCity(tx: Tx, orgId: number, cityCode: string): Promise<boolean> {
  return repo.maySupplyCity(tx, orgId, cityCode);
}

/**
 * Whether the caller's organisation takes part in at least one project (the 暂无项目 check, server side).
 * @public No module calls it yet: it is the project module's documented check for the material modules to come
 * (index.ts), kept through the unused-export check (knip) by this tag.
 */
export async function hasAnyProject(tx: Tx, orgId: number, orgType?: number): Promise<boolean> {
  const { total } = await repo.userProjects(tx, {
    orgId,
    status: MembershipStatus.ACCEPTED,
    orgType,
    take: 1,
    skip: 0,
  });
  return total > 0;
}

// ---- views ----

function summaryView(r: repo.ProjectSummaryRow) {
  const p = r.project;
  return {
    id: p.id,
    name: p.name,
    code: p.code,
    type: p.type,
    typeName: projectTypeLabels[p.type as ProjectTypeValue]?.zh ?? '',
    regionCode: p.regionCode,
    regionName: r.regionName ?? p.regionCode,
    cityCode: p.cityCode,
    step: p.step,
    stepName: projectStepLabels[p.step as ProjectStepValue]?.zh ?? '',
    designStage: p.designStage,
    inPolicyScope: p.inPolicyScope,
    policyBatch: p.policyBatch,
    developerOrgId: p.developerOrgId,
    developerName: r.developerName,
    createTime: formatShanghaiTime(p.createdAt),
  };
}

const personView = (u: { userId: number; realName: string | null; mobile: string }) => ({
  userId: u.userId,
  realName: u.realName,
  mobile: u.mobile,
});
const memberView = (m: { userId: number; realName: string | null; mobile: string; role: string }) => ({
  ...personView(m),
  role: m.role,
  roleName: projectRoleLabels[m.role as ProjectRoleValue]?.zh ?? m.role,
});

type SaveBody = z.output<typeof projectSaveBody>;
type UpdateBody = z.output<typeof projectUpdateBody>;

export type ProjectService = ReturnType<typeof createProjectService>;

/**
 * Projects (issue "projects"): the developer's register, the teams, the lists. Every change is one transaction with
 * its audit rows (lib/audit.ts) and its messages. `removalChecks`: the material modules' answers to "may this
 * organisation leave this project?" (project.removal.ts), passed in by app.ts; required, so a composition that
 * forgets them does not silently allow every removal.
 */
export function createProjectService({ db, removalChecks }: { db: Db; removalChecks: readonly MemberRemovalCheck[] }) {
  /** Field problems of a register entry the schema cannot see: the county, the policy reference data, the code. */
  async function checkRegister(tx: Tx, developerOrgId: number, b: SaveBody, exceptId?: number) {
    const fields: FieldError[] = [];
    const division = await repo.divisionOf(tx, b.regionCode);
    if (division?.level !== 3) fields.push({ field: 'regionCode', message: '请选择项目所在区县' });
    const names = await repo.policyNames(tx, b.policyBatch ?? null, b.standardEdition ?? null);
    if (b.policyBatch && !names.batch) fields.push({ field: 'policyBatch', message: '请选择正确的政策批次' });
    if (b.standardEdition && !names.edition) {
      fields.push({ field: 'standardEdition', message: '请选择正确的需求标准版本' });
    }
    if (await repo.codeTaken(tx, developerOrgId, b.code, exceptId)) {
      fields.push({ field: 'code', message: '本单位已有相同编号的项目' });
    }
    if (fields.length > 0) throw invalidInput(fields);
  }

  function registerValues(b: SaveBody) {
    return {
      name: b.name,
      code: b.code,
      type: b.type,
      regionCode: b.regionCode,
      cityCode: cityOfRegion(b.regionCode),
      address: b.address,
      grossFloorArea: b.grossFloorArea,
      investmentFen: b.investmentFen,
      targetStar: b.targetStar ?? null,
      step: b.step,
      designStage: b.designStage,
      plannedStart: b.plannedStart,
      plannedFinish: b.plannedFinish,
      inPolicyScope: b.inPolicyScope,
      policyBatch: b.inPolicyScope ? (b.policyBatch ?? null) : null,
      standardEdition: b.inPolicyScope ? (b.standardEdition ?? null) : null,
    };
  }

  async function projectMembersView(tx: Tx, projectId: number, orgId: number) {
    return (await repo.membersOf(tx, projectId, orgId)).map(memberView);
  }

  /** One membership move: transition table, guarded update, audit row, messages. */
  async function moveMembership(
    tx: Tx,
    user: SessionUser,
    project: repo.ProjectRow,
    action: MembershipActionValue,
    actor: MembershipActor,
    org: { id: number; type: number },
    reason?: string,
  ) {
    const orgId = org.id;
    const current = await repo.membershipOf(tx, project.id, orgId);
    const from = (current?.status ?? null) as MembershipStatusValue | null;
    const t = membershipTransition(actor, action, from);
    if (!t.ok) {
      if (t.refusal === 'actor') throw forbidden();
      throw conflict(stateRefusal(action, from));
    }
    if (current) {
      const moved = await repo.moveMembership(tx, current.id, current.status, {
        status: t.to,
        ...(action === 'invite'
          ? { invitedBy: user.userId, invitedAt: sql`now()`, respondedAt: null }
          : action === 'accept' || action === 'decline'
            ? { respondedAt: sql`now()` }
            : {}),
      });
      if (!moved) throw conflict('成员状态已变化，请刷新后重试');
    } else {
      await repo.insertMembership(tx, {
        projectId: project.id,
        developerOrgId: project.developerOrgId,
        orgId,
        orgType: org.type,
        status: t.to,
        invitedBy: user.userId,
      });
    }
    await recordAudit(tx, {
      entity: 'project_org',
      entityId: project.id,
      action,
      fromState: from,
      toState: t.to,
      actor: user,
      orgId: project.developerOrgId,
      reason: reason ?? null,
      data: { orgId },
    });
    return { status: t.to, statusName: membershipStatusLabels[t.to].zh };
  }

  function stateRefusal(action: MembershipActionValue, from: MembershipStatusValue | null): string {
    if (action === 'invite')
      return from === MembershipStatus.ACCEPTED ? '该单位已是项目成员' : '已邀请该单位，等待对方答复';
    if (action === 'remove') return '该单位不是项目成员';
    return from === MembershipStatus.ACCEPTED ? '已接受该项目邀请' : '该邀请已失效';
  }

  /** Check the people of a multi/leader call: enabled users of the caller's organisation. */
  async function checkOwnUsers(tx: Tx, orgId: number, userIds: number[], field: (i: number) => string) {
    const found = new Map((await repo.usersByIds(tx, userIds)).map((u) => [u.id, u]));
    const fields: FieldError[] = [];
    userIds.forEach((id, i) => {
      const u = found.get(id);
      if (!u || u.orgId !== orgId || u.status !== 1) fields.push({ field: field(i), message: '该用户不是本单位人员' });
    });
    if (fields.length > 0) throw invalidInput(fields);
  }

  return {
    async policyOptions() {
      const { batches, editions } = await repo.policyOptions(db);
      return {
        batches: batches.map((b) => ({
          code: b.code,
          name: b.name,
          instrument: b.instrument,
          effectiveFrom: b.effectiveFrom,
        })),
        editions: editions.map((e) => ({ code: e.code, name: e.name, batchCode: e.batchCode })),
      };
    },

    async create(user: SessionUser, b: SaveBody) {
      const orgId = user.orgId as number;
      return db.transaction(async (tx) => {
        await checkRegister(tx, orgId, b);
        const id = await repo.insertProject(tx, {
          ...registerValues(b),
          developerOrgId: orgId,
          createdBy: user.userId,
        });
        await repo.insertMembership(tx, {
          projectId: id,
          developerOrgId: orgId,
          orgId,
          orgType: OrgType.DEVELOPER,
          status: MembershipStatus.ACCEPTED,
          invitedBy: user.userId,
        });
        await recordAudit(tx, { entity: 'project', entityId: id, action: 'create', toState: b.step, actor: user });
        await recordAudit(tx, { entity: 'project', entityId: id, action: 'step', toState: b.step, actor: user });
        return { id };
      });
    },

    async update(user: SessionUser, b: UpdateBody) {
      return db.transaction(async (tx) => {
        const { project, access } = await requireVisibleProject(tx, user, b.id, true);
        if (access !== 'developer') throw forbidden('只有项目的建设单位可以修改项目');
        if (b.step < project.step && !b.stepReason) {
          throw invalidInput([{ field: 'stepReason', message: '项目阶段回退时请填写原因' }]);
        }
        await checkRegister(tx, project.developerOrgId, b, project.id);
        await repo.updateProject(tx, project.id, registerValues(b));
        await recordAudit(tx, { entity: 'project', entityId: project.id, action: 'update', actor: user });
        if (b.step !== project.step) {
          const reason = b.step < project.step ? (b.stepReason ?? null) : null;
          await recordAudit(tx, {
            entity: 'project',
            entityId: project.id,
            action: 'step',
            fromState: project.step,
            toState: b.step,
            actor: user,
            reason,
          });
          for (const m of await repo.projectOrgRows(tx, project.id)) {
            if (m.membership.status !== MembershipStatus.ACCEPTED || m.membership.orgId === project.developerOrgId) {
              continue;
            }
            await sendMessage(
              tx,
              { orgId: m.membership.orgId },
              {
                channel: channelOf(m.membership.orgType),
                title: `项目阶段变更：${b.name}`,
                content: `项目阶段由「${projectStepLabels[project.step as ProjectStepValue].zh}」变为「${projectStepLabels[b.step as ProjectStepValue].zh}」${reason ? `，原因：${reason}` : ''}。`,
                targetUrl: pageUrl(pages.projectDetail, { id: project.id }),
              },
            );
          }
        }
        return { id: project.id };
      });
    },

    async detail(user: SessionUser, id: number): Promise<ProjectDetail> {
      return db.transaction(async (tx) => {
        const row = await requireVisibleProject(tx, user, id);
        const p = row.project;
        const names = await repo.policyNames(tx, p.policyBatch, p.standardEdition);
        const steps = await auditTrail(tx, 'project', p.id, ['step']);
        return {
          ...summaryView(row),
          address: p.address,
          grossFloorArea: p.grossFloorArea,
          investmentFen: p.investmentFen,
          targetStar: p.targetStar,
          designStageName: designStageLabels[p.designStage as DesignStageValue]?.zh ?? '',
          plannedStart: p.plannedStart,
          plannedFinish: p.plannedFinish,
          policyBatchName: names.batch?.name ?? null,
          standardEdition: p.standardEdition,
          standardEditionName: names.edition?.name ?? null,
          access: row.access,
          steps: steps.map((s) => ({
            from: s.fromState === null ? null : Number(s.fromState),
            to: Number(s.toState),
            reason: s.reason,
            actorName: s.actorName,
            createTime: s.createTime,
          })),
        };
      });
    },

    async userProjects(user: SessionUser, b: z.output<typeof userProjectListBody>) {
      if (user.orgId === null) return { list: [], total: 0 };
      const orgId = user.orgId;
      return db.transaction(async (tx) => {
        const { rows, total } = await repo.userProjects(tx, {
          orgId,
          status: b.type === ProjectListType.INVITED ? MembershipStatus.INVITED : MembershipStatus.ACCEPTED,
          orgType: b.orgType,
          name: b.name,
          take: b.take,
          skip: b.skip,
        });
        const ids = rows.map((r) => r.project.id);
        const leaders = new Map((await repo.leadersOf(tx, ids, orgId)).map((l) => [l.projectId, personView(l)]));
        const roles = new Map((await repo.rolesOfUser(tx, ids, user.userId)).map((r) => [r.projectId, r.role]));
        return {
          list: rows.map((r) => ({
            ...summaryView(r),
            membershipStatus: r.membership.status,
            orgType: r.membership.orgType,
            myRole: roles.get(r.project.id) ?? null,
            leader: leaders.get(r.project.id) ?? null,
          })),
          total,
        };
      });
    },

    async cityProjects(user: SessionUser, b: z.output<typeof cityProjectListBody>) {
      return db.transaction(async (tx) => {
        const org = user.orgId === null ? null : await repo.orgById(tx, user.orgId);
        if (!org?.regionCode) return { list: [], total: 0 };
        const { rows, total } = await repo.cityProjects(tx, { cityCode: cityOfRegion(org.regionCode), ...b });
        return { list: rows.map(summaryView), total };
      });
    },

    async trackProjects(user: SessionUser, b: z.output<typeof trackProjectListBody>) {
      if (user.orgId === null) return { list: [], total: 0 };
      const { rows, total } = await repo.trackProjects(db, { orgId: user.orgId, ...b });
      return {
        list: rows.map((r) => ({
          id: r.project.id,
          name: r.project.name,
          type: r.project.type,
          typeName: projectTypeLabels[r.project.type as ProjectTypeValue]?.zh ?? '',
          regionCode: r.project.regionCode,
          regionName: r.regionName ?? r.project.regionCode,
          cityCode: r.project.cityCode,
          address: r.project.address,
          developerName: r.developerName,
        })),
        total,
      };
    },

    async projectOrgs(user: SessionUser, projectId: number) {
      return db.transaction(async (tx) => {
        await requireVisibleProject(tx, user, projectId);
        const orgs = await repo.projectOrgRows(tx, projectId);
        const people = await repo.membersOf(tx, projectId);
        return orgs.map(({ membership: m, orgName, creditCode }) => {
          const own = people.filter((p) => p.orgId === m.orgId);
          const leader = own.find((p) => p.role === ProjectRole.LEADER);
          return {
            orgId: m.orgId,
            orgName,
            orgType: m.orgType,
            orgTypeName: orgTypeLabels[m.orgType as OrgTypeValue]?.zh ?? '',
            creditCode,
            status: m.status,
            statusName: membershipStatusLabels[m.status as MembershipStatusValue]?.zh ?? '',
            invitedAt: formatShanghaiTime(m.invitedAt),
            respondedAt: formatOptionalShanghaiTime(m.respondedAt),
            leader: leader ? personView(leader) : null,
            members: own.map(memberView),
          };
        });
      });
    },

    async searchOrgs(user: SessionUser, q: z.output<typeof orgSearchQuery>) {
      return db.transaction(async (tx) => {
        const { access } = await requireVisibleProject(tx, user, q.projectId);
        if (access !== 'developer') throw forbidden('只有项目的建设单位可以邀请参建单位');
        const rows = await repo.searchOrgs(tx, q.keyword, INVITABLE_ORG_TYPES, q.projectId);
        return rows.map((r) => ({
          ...r,
          orgTypeName: orgTypeLabels[r.orgType as OrgTypeValue]?.zh ?? '',
          status: r.status ?? null,
        }));
      });
    },

    async invite(user: SessionUser, b: z.output<typeof inviteBody>) {
      return db.transaction(async (tx) => {
        const { project, access } = await requireVisibleProject(tx, user, b.projectId, true);
        if (access !== 'developer') throw forbidden('只有项目的建设单位可以邀请参建单位');
        const org = await repo.orgById(tx, b.orgId);
        if (!org) throw invalidInput([{ field: 'orgId', message: '该单位不存在' }]);
        if (!INVITABLE_ORG_TYPES.includes(org.type as OrgTypeValue)) {
          throw invalidInput([{ field: 'orgId', message: '只能邀请施工单位、监理单位或设计院' }]);
        }
        const answer = await moveMembership(tx, user, project, 'invite', 'developer', org);
        await sendMessage(
          tx,
          { orgId: org.id, roles: [Role.ENTERPRISE_ADMIN] },
          {
            channel: channelOf(org.type),
            title: `项目邀请：${project.name}`,
            content: `${(await repo.orgById(tx, project.developerOrgId))?.name ?? '建设单位'}邀请贵单位以${orgTypeLabels[org.type as OrgTypeValue].zh}身份参与项目「${project.name}」，请在项目列表中接受或拒绝。`,
            targetUrl: pageUrl(pages.projectDetail, { id: project.id }),
          },
        );
        return answer;
      });
    },

    async respond(user: SessionUser, b: z.output<typeof respondBody>) {
      return db.transaction(async (tx) => {
        const { project, access } = await requireVisibleProject(tx, user, b.projectId, true);
        if (access !== 'invited') {
          if (access === 'member') throw conflict('已接受该项目邀请');
          throw notFound(NOT_FOUND);
        }
        const orgId = user.orgId as number;
        const action = b.accept ? 'accept' : 'decline';
        const org = { id: orgId, type: user.orgType as number };
        const answer = await moveMembership(tx, user, project, action, 'invitee', org, b.accept ? undefined : b.reason);
        const invitee = await repo.orgById(tx, orgId);
        await sendMessage(
          tx,
          { orgId: project.developerOrgId, roles: [Role.ENTERPRISE_ADMIN] },
          {
            channel: Channel.JCBB,
            title: `${invitee?.name ?? ''}${b.accept ? '已接受' : '已拒绝'}项目邀请：${project.name}`,
            content: b.accept
              ? `${invitee?.name ?? ''}已加入项目「${project.name}」。`
              : `${invitee?.name ?? ''}拒绝了项目「${project.name}」的邀请${b.reason ? `，原因：${b.reason}` : ''}。`,
            targetUrl: pageUrl(pages.projectDetail, { id: project.id }),
          },
        );
        return answer;
      });
    },

    async removeOrg(user: SessionUser, b: z.output<typeof inviteBody>) {
      return db.transaction(async (tx) => {
        const { project, access } = await requireVisibleProject(tx, user, b.projectId, true);
        if (access !== 'developer') throw forbidden('只有项目的建设单位可以移除参建单位');
        if (b.orgId === project.developerOrgId) throw conflict('不能移除建设单位自己');
        // Locked before the checks: a material module's write for the organisation (which holds the membership
        // FOR SHARE through requireProjectMember's lock) either commits before the checks read, or waits for this
        // removal and then finds no membership.
        const current = await repo.membershipOf(tx, project.id, b.orgId, 'update');
        if (!current) throw notFound('该单位不是项目成员');
        const refusal = await canRemoveMemberOrg(tx, project.id, b.orgId, removalChecks);
        if (refusal) throw conflict(refusal);
        const answer = await moveMembership(tx, user, project, 'remove', 'developer', {
          id: b.orgId,
          type: current.orgType,
        });
        await repo.deleteOrgMembers(tx, project.id, b.orgId);
        await sendMessage(
          tx,
          { orgId: b.orgId, roles: [Role.ENTERPRISE_ADMIN] },
          {
            channel: channelOf(current.orgType),
            title: `已退出项目：${project.name}`,
            content: `建设单位已将贵单位从项目「${project.name}」中移除。`,
          },
        );
        return answer;
      });
    },

    async addMembers(user: SessionUser, b: z.output<typeof membersMultiBody>) {
      return db.transaction(async (tx) => {
        const { membership } = await requireProjectMember(tx, user, b.projectId);
        const orgId = membership.orgId;
        const fields: FieldError[] = [];
        const seen = new Set<number>();
        b.members.forEach((m, i) => {
          if (seen.has(m.userId)) fields.push({ field: `members.${i}.userId`, message: '人员重复' });
          seen.add(m.userId);
          if (m.role === ProjectRole.WITNESS && !WITNESS_ORG_TYPES.includes(membership.orgType as OrgTypeValue)) {
            fields.push({ field: `members.${i}.role`, message: '见证人须为建设单位或监理单位人员' });
          }
        });
        if (fields.length > 0) throw invalidInput(fields);
        const ids = b.members.map((m) => m.userId);
        await checkOwnUsers(tx, orgId, ids, (i) => `members.${i}.userId`);
        for (const [i, m] of b.members.entries()) {
          if (await repo.memberOf(tx, b.projectId, m.userId)) {
            fields.push({ field: `members.${i}.userId`, message: '该人员已在项目中' });
          }
        }
        if (fields.length > 0) throw invalidInput(fields);
        await repo.insertMembers(
          tx,
          b.members.map((m) => ({
            projectId: b.projectId,
            developerOrgId: membership.developerOrgId,
            orgId,
            userId: m.userId,
            role: m.role,
            addedBy: user.userId,
          })),
        );
        await recordAudit(tx, {
          entity: 'project_member',
          entityId: b.projectId,
          action: 'add',
          actor: user,
          data: { members: b.members },
        });
        return projectMembersView(tx, b.projectId, orgId);
      });
    },

    async setLeader(user: SessionUser, b: z.output<typeof leaderBody>) {
      return db.transaction(async (tx) => {
        const { membership, project } = await requireProjectMember(tx, user, b.projectId);
        const orgId = membership.orgId;
        await checkOwnUsers(tx, orgId, [b.userId], () => 'userId');
        const existing = await repo.memberOf(tx, b.projectId, b.userId);
        const previous = (await repo.leadersOf(tx, [b.projectId], orgId))[0] ?? null;
        if (previous?.userId === b.userId) return projectMembersView(tx, b.projectId, orgId);
        await repo.demoteLeader(tx, b.projectId, orgId);
        if (existing) await repo.setMemberRole(tx, existing.id, ProjectRole.LEADER);
        else {
          await repo.insertMembers(tx, [
            {
              projectId: b.projectId,
              developerOrgId: membership.developerOrgId,
              orgId,
              userId: b.userId,
              role: ProjectRole.LEADER,
              addedBy: user.userId,
            },
          ]);
        }
        await recordAudit(tx, {
          entity: 'project_member',
          entityId: b.projectId,
          action: 'leader',
          fromState: previous?.userId ?? null,
          toState: b.userId,
          actor: user,
        });
        await sendMessage(
          tx,
          { userId: b.userId, orgId },
          {
            channel: channelOf(membership.orgType),
            title: `您已被设为项目负责人：${project.name}`,
            content: `贵单位已指定您为项目「${project.name}」的负责人。`,
            targetUrl: pageUrl(pages.projectDetail, { id: project.id }),
          },
        );
        return projectMembersView(tx, b.projectId, orgId);
      });
    },

    async removeMember(user: SessionUser, b: z.output<typeof memberRemoveBody>) {
      return db.transaction(async (tx) => {
        const { membership } = await requireProjectMember(tx, user, b.projectId);
        const existing = await repo.memberOf(tx, b.projectId, b.userId);
        if (!existing || existing.orgId !== membership.orgId) throw notFound('该人员不在本单位的项目人员中');
        await repo.deleteMember(tx, existing.id);
        await recordAudit(tx, {
          entity: 'project_member',
          entityId: b.projectId,
          action: 'remove',
          fromState: existing.role,
          actor: user,
          data: { userId: b.userId },
        });
        return projectMembersView(tx, b.projectId, membership.orgId);
      });
    },

    async candidates(user: SessionUser, projectId: number) {
      return db.transaction(async (tx) => {
        const { membership } = await requireProjectMember(tx, user, projectId);
        return repo.candidates(tx, projectId, membership.orgId);
      });
    },

    async orgUsers(user: SessionUser, orgId: number | undefined) {
      const own = callerOrgId(user);
      if (orgId !== undefined && orgId !== own) throw notFound('单位不存在');
      return repo.orgUsers(db, own);
    },
  };
}
