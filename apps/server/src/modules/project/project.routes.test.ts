import { type EndpointInput, OrgType, projectEndpoints, Role } from '@jcbb/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { auditLog, messages, projectMembers, users } from '../../db/schema/index.ts';
import { addOrgWithUser, projectInput } from './test-support.ts';

/**
 * The project calls end to end on the demo data: 13800000005 the developer, …03 the construction unit, …04 the
 * supervision unit, …06 Nanjing's 住建委, …01 a manufacturer with products listed in Nanjing, …02 a distributor.
 * Extra organisations are written in beforeAll: a second developer, a construction unit with no project, staff.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const ids = { builderOrg: 0, builderAdmin: 0, builderStaff: 0, supervisorAdmin: 0, developerAdmin: 0 };
/** 江苏筑安's demo staff (刘洋, 黄婷): candidates of every project of the organisation, never added here. */
const demoStaff: number[] = [];

const { call } = callsAs(() => server, tokens);

async function create(code: string, over: Record<string, unknown> = {}, who = 'dev'): Promise<number> {
  const res = await call(who, projectEndpoints.createProject, projectInput(code, over));
  expect(res.status, res.raw).toBe(200);
  return res.body.data.id as number;
}

async function idOf(mobile: string) {
  const [u] = await server.database.db.select().from(users).where(eq(users.mobile, mobile));
  return u as { id: number; orgId: number };
}

beforeAll(async () => {
  server = await startTestServer();
  const builder = await idOf('13800000003');
  ids.builderOrg = builder.orgId;
  ids.builderAdmin = builder.id;
  ids.supervisorAdmin = (await idOf('13800000004')).id;
  ids.developerAdmin = (await idOf('13800000005')).id;
  for (const mobile of ['13800000010', '13800000011']) demoStaff.push((await idOf(mobile)).id);
  const developer = await idOf('13800000005');
  ids.builderStaff = (
    await addOrgWithUser(server, {
      name: '筑安员工',
      type: OrgType.CONSTRUCTION,
      regionCode: '320106',
      mobile: '13900000031',
      role: Role.STAFF,
      orgId: builder.orgId,
    })
  ).userId;
  await addOrgWithUser(server, {
    name: '城建员工',
    type: OrgType.DEVELOPER,
    regionCode: '320105',
    mobile: '13900000051',
    role: Role.STAFF,
    orgId: developer.orgId,
  });
  await addOrgWithUser(server, {
    name: '苏州另一建设单位',
    type: OrgType.DEVELOPER,
    regionCode: '320505',
    mobile: '13900000052',
  });
  await addOrgWithUser(server, {
    name: '无项目施工单位',
    type: OrgType.CONSTRUCTION,
    regionCode: '320115',
    mobile: '13900000041',
  });
  const who: Record<string, string> = {
    dev: '13800000005',
    devStaff: '13900000051',
    otherDev: '13900000052',
    builder: '13800000003',
    builderStaff: '13900000031',
    lonely: '13900000041',
    supervisor: '13800000004',
    committee: '13800000006',
    maker: '13800000001',
    dealer: '13800000002',
  };
  for (const [k, m] of Object.entries(who)) tokens[k] = await server.login(m);
});
afterAll(() => server?.stop());

describe('the register', () => {
  it('offers the policy batches and demand-standard editions from the reference data', async () => {
    const res = await call('dev', projectEndpoints.policyOptions);
    expect(res.body.data.batches.map((b: { code: string }) => b.code)).toEqual(['2020', '2022', '2025']);
    expect(res.body.data.editions.map((e: { batchCode: string }) => e.batchCode)).toEqual(['2020', '2022', '2025']);
  });

  it('lets a developer register a project, which it then sees as its own', async () => {
    const id = await create('T-REG-1');
    const detail = await call('dev', projectEndpoints.projectDetail, { id });
    expect(detail.body.data).toMatchObject({
      id,
      access: 'developer',
      regionName: '鼓楼区',
      cityCode: '320100',
      typeName: '学校',
      stepName: '已登记',
      investmentFen: 8_000_000_000,
      grossFloorArea: 12000.5,
      policyBatchName: expect.stringContaining('2020'),
    });
    expect(detail.body.data.steps).toEqual([expect.objectContaining({ from: null, to: 0, actorName: '钱静' })]);
    const mine = await call('dev', projectEndpoints.userProjectList, { take: 9, skip: 0, type: 1, orgType: 1 });
    expect(mine.body.data.list.map((p: { id: number }) => p.id)).toContain(id);
  });

  it('refuses registration to anyone but a developer', async () => {
    for (const who of ['builder', 'committee', 'maker']) {
      const res = await call(who, projectEndpoints.createProject, projectInput(`T-X-${who}`));
      expect(res.status, who).toBe(403);
    }
    const anonymous = await call(null, projectEndpoints.createProject, projectInput('T-ANON'));
    expect(anonymous.status).toBe(401);
  });

  it.each([
    ['name', { name: '' }],
    ['regionCode', { regionCode: '320100' }],
    ['regionCode', { regionCode: '320199' }],
    ['targetStar', { targetStar: 4 }],
    ['investmentFen', { investmentFen: -1 }],
    ['investmentFen', { investmentFen: 1.5 }],
    ['type', { type: 42 }],
    ['step', { step: 4 }],
    ['plannedFinish', { plannedFinish: '2026-01-01' }],
    ['policyBatch', { policyBatch: '' }],
    ['policyBatch', { policyBatch: '1999' }],
    ['standardEdition', { standardEdition: 'nope' }],
  ])('answers a field message for a bad %s', async (field, over) => {
    const res = await call('dev', projectEndpoints.createProject, projectInput(`T-BAD-${field}`, over));
    expect(fieldsOf(res)[field]).toMatch(/\p{Script=Han}/u);
  });

  it('refuses a code the developer already used, on that field', async () => {
    await create('T-DUP');
    const res = await call('dev', projectEndpoints.createProject, projectInput('T-DUP'));
    expect(fieldsOf(res).code).toBe('本单位已有相同编号的项目');
  });

  it('records every step change; going back needs a reason', async () => {
    const id = await create('T-STEP');
    const forward = await call('dev', projectEndpoints.updateProject, { id, ...projectInput('T-STEP', { step: 2 }) });
    expect(forward.status, forward.raw).toBe(200);
    const back = await call('dev', projectEndpoints.updateProject, { id, ...projectInput('T-STEP', { step: 1 }) });
    expect(fieldsOf(back).stepReason).toBe('项目阶段回退时请填写原因');
    const withReason = await call('dev', projectEndpoints.updateProject, {
      id,
      ...projectInput('T-STEP', { step: 1, stepReason: '施工图审查未通过' }),
    });
    expect(withReason.status, withReason.raw).toBe(200);
    const detail = await call('dev', projectEndpoints.projectDetail, { id });
    expect(
      detail.body.data.steps.map((s: { from: number | null; to: number; reason: string | null }) => [
        s.from,
        s.to,
        s.reason,
      ]),
    ).toEqual([
      [null, 0, null],
      [0, 2, null],
      [2, 1, '施工图审查未通过'],
    ]);
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'project'), eq(auditLog.entityId, String(id)), eq(auditLog.action, 'step')));
    expect(rows.every((r) => r.actorUserId === ids.developerAdmin)).toBe(true);
  });

  it('hides a project from other organisations (404) and keeps edits to its developer', async () => {
    const id = await create('T-HIDE');
    for (const who of ['otherDev', 'builder', 'supervisor', 'maker', 'lonely']) {
      expect((await call(who, projectEndpoints.projectDetail, { id })).status, who).toBe(404);
      expect((await call(who, projectEndpoints.projectOrgs, { projectId: id })).status, who).toBe(404);
    }
    const foreign = await call('otherDev', projectEndpoints.updateProject, {
      id,
      ...projectInput('T-HIDE', { name: '越权' }),
    });
    expect(foreign.status).toBe(404);
    expect((await call('dev', projectEndpoints.projectDetail, { id })).body.data.name).toBe('测试项目 T-HIDE');
    expect((await call('dev', projectEndpoints.projectDetail, { id: 2147483647 })).status).toBe(404);
  });

  it("shows the city committee its city's projects, read only", async () => {
    const id = await create('T-CITY', { name: '鼓楼区城市委员会可见项目' });
    const elsewhere = await create('T-SUZHOU', { regionCode: '320505', name: '苏州项目' });
    const list = await call('committee', projectEndpoints.cityProjectList, { name: '城市委员会可见' });
    expect(list.body.data.list.map((p: { id: number }) => p.id)).toEqual([id]);
    const all = await call('committee', projectEndpoints.cityProjectList, { take: 100 });
    expect(all.body.data.list.map((p: { id: number }) => p.id)).not.toContain(elsewhere);
    expect((await call('committee', projectEndpoints.projectDetail, { id })).body.data.access).toBe('committee');
    expect((await call('committee', projectEndpoints.projectDetail, { id: elsewhere })).status).toBe(404);
    const edit = await call('committee', projectEndpoints.updateProject, { id, ...projectInput('T-CITY') });
    expect(edit.status).toBe(403);
    expect((await call('maker', projectEndpoints.cityProjectList, {})).status).toBe(403);
  });
});

describe('teams', () => {
  let projectId = 0;

  beforeAll(async () => {
    projectId = await create('T-TEAM', { name: '团队测试项目' });
  });

  it('finds organisations to invite by name or credit code, for the developer only', async () => {
    const byName = await call('dev', projectEndpoints.searchOrgs, { projectId, keyword: '筑安' });
    expect(byName.body.data).toEqual([expect.objectContaining({ orgId: ids.builderOrg, orgType: 4, status: null })]);
    const code = byName.body.data[0].creditCode as string;
    const byCode = await call('dev', projectEndpoints.searchOrgs, { projectId, keyword: code.slice(2, 10) });
    expect(byCode.body.data.map((o: { orgId: number }) => o.orgId)).toContain(ids.builderOrg);
    const makers = await call('dev', projectEndpoints.searchOrgs, { projectId, keyword: '绿筑' });
    expect(makers.body.data).toEqual([]);
    expect((await call('otherDev', projectEndpoints.searchOrgs, { projectId, keyword: '筑安' })).status).toBe(404);
  });

  it('invites: only the developer’s 企业管理员, only construction, supervision or design organisations', async () => {
    const staff = await call('devStaff', projectEndpoints.inviteOrg, { projectId, orgId: ids.builderOrg });
    expect(staff.status).toBe(403);
    const maker = await idOf('13800000001');
    expect(fieldsOf(await call('dev', projectEndpoints.inviteOrg, { projectId, orgId: maker.orgId })).orgId).toMatch(
      /施工单位/,
    );
    expect(fieldsOf(await call('dev', projectEndpoints.inviteOrg, { projectId, orgId: 2_000_000 })).orgId).toBe(
      '该单位不存在',
    );
    const invited = await call('dev', projectEndpoints.inviteOrg, { projectId, orgId: ids.builderOrg });
    expect(invited.body.data).toEqual({ status: 1, statusName: '待接受' });
    const again = await call('dev', projectEndpoints.inviteOrg, { projectId, orgId: ids.builderOrg });
    expect(again.status).toBe(409);
    const inbox = await server.database.db.select().from(messages).where(eq(messages.toUid, ids.builderAdmin));
    expect(inbox.some((m) => m.title === '项目邀请：团队测试项目' && m.channelNo === 'construction')).toBe(true);
  });

  it('shows the invitation to the invited organisation, which may read the project but not yet name people', async () => {
    const pending = await call('builder', projectEndpoints.userProjectList, { type: 2 });
    expect(pending.body.data.list.map((p: { id: number }) => p.id)).toContain(projectId);
    const joined = await call('builder', projectEndpoints.userProjectList, { type: 1, take: 100 });
    expect(joined.body.data.list.map((p: { id: number }) => p.id)).not.toContain(projectId);
    expect((await call('builder', projectEndpoints.projectDetail, { id: projectId })).body.data.access).toBe('invited');
    const early = await call('builder', projectEndpoints.setLeader, { projectId, userId: ids.builderAdmin });
    expect(early.status).toBe(404);
    expect((await call('builder', projectEndpoints.candidates, { id: projectId })).status).toBe(404);
  });

  it('lets only the invited organisation’s 企业管理员 answer', async () => {
    expect((await call('builderStaff', projectEndpoints.respondInvitation, { projectId, accept: true })).status).toBe(
      403,
    );
    expect((await call('supervisor', projectEndpoints.respondInvitation, { projectId, accept: true })).status).toBe(
      404,
    );
    const accepted = await call('builder', projectEndpoints.respondInvitation, { projectId, accept: true });
    expect(accepted.body.data).toEqual({ status: 2, statusName: '已加入' });
    expect((await call('builder', projectEndpoints.respondInvitation, { projectId, accept: false })).status).toBe(409);
    const inbox = await server.database.db.select().from(messages).where(eq(messages.toUid, ids.developerAdmin));
    expect(inbox.some((m) => m.title.includes('已接受项目邀请：团队测试项目'))).toBe(true);
  });

  it('answers the spec’s project check for the construction unit, not as a supervision unit', async () => {
    const check = await call('builder', projectEndpoints.userProjectList, {
      take: 9,
      skip: 0,
      type: 1,
      orgType: 4,
    });
    expect(check.body.data.total).toBeGreaterThanOrEqual(1);
    expect(check.body.data.list.map((p: { id: number }) => p.id)).toContain(projectId);
    const asSupervisor = await call('builder', projectEndpoints.userProjectList, {
      take: 9,
      skip: 0,
      type: 1,
      orgType: 3,
    });
    expect(asSupervisor.body.data).toEqual({ list: [], total: 0 });
    const lonely = await call('lonely', projectEndpoints.userProjectList, {
      take: 9,
      skip: 0,
      type: 1,
      orgType: 4,
    });
    expect(lonely.body.data).toEqual({ list: [], total: 0 });
    expect(fieldsOf(await call('builder', projectEndpoints.userProjectList, { type: 7 })).type).toBeTruthy();
  });

  it('lets the member’s 企业管理员 name its people and one leader', async () => {
    const candidates = await call('builder', projectEndpoints.candidates, { id: projectId });
    expect(candidates.body.data.map((c: { userId: number }) => c.userId).sort()).toEqual(
      [ids.builderAdmin, ids.builderStaff, ...demoStaff].sort(),
    );
    const leader = await call('builder', projectEndpoints.setLeader, { projectId, userId: ids.builderAdmin });
    expect(leader.body.data).toEqual([
      expect.objectContaining({ userId: ids.builderAdmin, role: 'leader', roleName: '负责人' }),
    ]);
    const staffTries = await call('builderStaff', projectEndpoints.addMembers, {
      projectId,
      members: [{ userId: ids.builderStaff }],
    });
    expect(staffTries.status).toBe(403);
    const added = await call('builder', projectEndpoints.addMembers, {
      projectId,
      members: [{ userId: ids.builderStaff, role: 'storekeeper' }],
    });
    expect(added.status, added.raw).toBe(200);
    const left = await call('builder', projectEndpoints.candidates, { id: projectId });
    expect(left.body.data.map((c: { userId: number }) => c.userId).sort()).toEqual([...demoStaff].sort());
    const list = await call('builder', projectEndpoints.userProjectList, { take: 100 });
    const row = list.body.data.list.find((p: { id: number }) => p.id === projectId);
    expect(row).toMatchObject({ myRole: 'leader', orgType: 4, leader: { userId: ids.builderAdmin, realName: '王强' } });
  });

  it('refuses unknown, foreign, duplicate and present people, and a construction witness, on the field', async () => {
    const multi = (members: EndpointInput<typeof projectEndpoints.addMembers>['members']) =>
      call('builder', projectEndpoints.addMembers, { projectId, members });
    expect(fieldsOf(await multi([{ userId: 2_000_000 }]))['members.0.userId']).toBe('该用户不是本单位人员');
    expect(fieldsOf(await multi([{ userId: ids.supervisorAdmin }]))['members.0.userId']).toBe('该用户不是本单位人员');
    expect(fieldsOf(await multi([{ userId: ids.builderStaff }]))['members.0.userId']).toBe('该人员已在项目中');
    expect(
      fieldsOf(await multi([{ userId: ids.supervisorAdmin }, { userId: ids.supervisorAdmin }]))['members.1.userId'],
    ).toBe('人员重复');
    expect(fieldsOf(await multi([{ userId: ids.builderStaff, role: 'witness' }]))['members.0.role']).toMatch(/见证人/);
    expect(fieldsOf(await multi([{ userId: ids.builderStaff, role: 'leader' }]))['members.0.role']).toBeTruthy();
    expect(fieldsOf(await multi([])).members).toBe('请选择人员');
    const foreignLeader = await call('builder', projectEndpoints.setLeader, {
      projectId,
      userId: ids.supervisorAdmin,
    });
    expect(fieldsOf(foreignLeader).userId).toBe('该用户不是本单位人员');
  });

  it('keeps one leader per organisation: a new leader replaces the old, and the database refuses a second', async () => {
    const res = await call('builder', projectEndpoints.setLeader, { projectId, userId: ids.builderStaff });
    const roles = Object.fromEntries(res.body.data.map((m: { userId: number; role: string }) => [m.userId, m.role]));
    expect(roles).toEqual({ [ids.builderStaff]: 'leader', [ids.builderAdmin]: 'member' });
    const db = server.database.db;
    const [admin] = await db
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, ids.builderAdmin)));
    await expect(
      db
        .update(projectMembers)
        .set({ role: 'leader' })
        .where(eq(projectMembers.id, (admin as { id: number }).id)),
    ).rejects.toThrow();
  });

  it('lets the developer name a witness of its own; the member organisations appear with their leaders', async () => {
    const witness = await call('dev', projectEndpoints.addMembers, {
      projectId,
      members: [{ userId: ids.developerAdmin, role: 'witness' }],
    });
    expect(witness.status, witness.raw).toBe(200);
    const orgs = await call('supervisor', projectEndpoints.projectOrgs, { projectId });
    expect(orgs.status).toBe(404);
    const seen = await call('builder', projectEndpoints.projectOrgs, { projectId });
    expect(
      seen.body.data.map((o: { orgType: number; status: number; leader: { userId: number } | null }) => [
        o.orgType,
        o.status,
        o.leader?.userId ?? null,
      ]),
    ).toEqual([
      [1, 2, null],
      [4, 2, ids.builderStaff],
    ]);
  });

  it('takes one person off the project, only the organisation’s own', async () => {
    const foreign = await call('builder', projectEndpoints.removeMember, {
      projectId,
      userId: ids.developerAdmin,
    });
    expect(foreign.status).toBe(404);
    const res = await call('builder', projectEndpoints.removeMember, { projectId, userId: ids.builderAdmin });
    expect(res.body.data.map((m: { userId: number }) => m.userId)).toEqual([ids.builderStaff]);
  });

  it('lists an organisation’s own users only', async () => {
    const own = await call('builder', projectEndpoints.orgUsers);
    expect(own.body.data.map((u: { userId: number }) => u.userId).sort()).toEqual(
      [ids.builderAdmin, ids.builderStaff, ...demoStaff].sort(),
    );
    expect(own.body.data.find((u: { userId: number }) => u.userId === ids.builderAdmin).roles).toEqual(['企业管理员']);
    expect((await call('builder', projectEndpoints.orgUsers, { orgId: ids.builderOrg })).status).toBe(200);
    const dev = await idOf('13800000005');
    expect((await call('builder', projectEndpoints.orgUsers, { orgId: dev.orgId })).status).toBe(404);
  });

  it('lets the developer remove a member organisation (people leave with it) and invite it again', async () => {
    const devOrg = (await idOf('13800000005')).orgId;
    expect((await call('dev', projectEndpoints.removeOrg, { projectId, orgId: devOrg })).status).toBe(409);
    expect((await call('builder', projectEndpoints.removeOrg, { projectId, orgId: ids.builderOrg })).status).toBe(403);
    const removed = await call('dev', projectEndpoints.removeOrg, { projectId, orgId: ids.builderOrg });
    expect(removed.body.data.status).toBe(4);
    expect((await call('builder', projectEndpoints.projectDetail, { id: projectId })).status).toBe(404);
    const left = await server.database.db
      .select()
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.orgId, ids.builderOrg)));
    expect(left).toEqual([]);
    const again = await call('dev', projectEndpoints.inviteOrg, { projectId, orgId: ids.builderOrg });
    expect(again.body.data.status).toBe(1);
  });

  it('records a decline with its reason and tells the developer', async () => {
    const supervisorOrg = (await idOf('13800000004')).orgId;
    await call('dev', projectEndpoints.inviteOrg, { projectId, orgId: supervisorOrg });
    const declined = await call('supervisor', projectEndpoints.respondInvitation, {
      projectId,
      accept: false,
      reason: '人员已满',
    });
    expect(declined.body.data.status).toBe(3);
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.entityType, 'project_org'),
          eq(auditLog.entityId, String(projectId)),
          eq(auditLog.action, 'decline'),
        ),
      );
    expect(rows).toEqual([expect.objectContaining({ fromState: '1', toState: '3', reason: '人员已满' })]);
    expect((await call('supervisor', projectEndpoints.projectDetail, { id: projectId })).status).toBe(404);
  });
});

describe('projects a supplier may ship to', () => {
  it('lists the projects in the cities where the manufacturer has listed products, without member data', async () => {
    const id = await create('T-TRACK', { name: '供货可见的浦口项目', regionCode: '320111' });
    const res = await call('maker', projectEndpoints.trackProjectList, { name: '供货可见' });
    expect(res.body.data.list).toEqual([
      expect.objectContaining({
        id,
        name: '供货可见的浦口项目',
        regionName: '浦口区',
        developerName: '南京城建置业发展有限公司',
      }),
    ]);
    expect(Object.keys(res.body.data.list[0])).not.toContain('leader');
    const far = await create('T-TRACK-SZ', { name: '供货不可见的苏州项目', regionCode: '320505' });
    const all = await call('maker', projectEndpoints.trackProjectList, { take: 100 });
    expect(all.body.data.list.map((p: { id: number }) => p.id)).not.toContain(far);
    // The demo distributor holds 南京绿筑's products in stock, listed in Nanjing: it may supply Nanjing's projects.
    const dealer = (await call('dealer', projectEndpoints.trackProjectList, { take: 100 })).body.data.list;
    expect(dealer.map((p: { id: number }) => p.id)).toContain(id);
    expect(dealer.map((p: { id: number }) => p.id)).not.toContain(far);
    expect((await call('builder', projectEndpoints.trackProjectList, {})).status).toBe(403);
  });
});
