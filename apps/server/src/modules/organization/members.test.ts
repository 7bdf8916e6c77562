import { authEndpoints, organizationEndpoints } from '@jcbb/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs } from '../../../test/calls.ts';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../../test/harness.ts';
import { auditLog, users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { userIdOf } from './test-support.ts';

let server: TestServer;
/** Sessions by account, for `call(who, …)`: the manufacturer's administrator and staff, another organisation's, … */
const tokens: Record<string, string> = {};
const { call, callRaw } = callsAs(() => server, tokens);
let newMemberId: number;
let newMemberPassword: string;

const NEW_MOBILE = '13900000301';

beforeAll(async () => {
  server = await startTestServer();
  tokens.admin = await server.login('13800000001');
  tokens.staff = await server.login('13800000009');
  tokens.otherAdmin = await server.login('13800000002');
});
afterAll(async () => {
  await server?.stop();
});

async function loginStatus(mobile: string, password: string) {
  const res = await call(null, authEndpoints.login, { mobile, password });
  return { status: res.status, token: res.body.data?.access_token as string | undefined };
}

describe('listing members', () => {
  it('shows the enterprise administrator full mobiles', async () => {
    const res = await call('admin', organizationEndpoints.members);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(2);
    const byMobile = Object.fromEntries(res.body.data.list.map((m: { mobile: string }) => [m.mobile, m]));
    expect(byMobile['13800000001']).toMatchObject({ roles: ['企业管理员'], status: 1, statusName: '启用' });
    expect(byMobile['13800000009']).toMatchObject({ username: 'lvzhu_staff', realName: '郑敏', roles: ['员工'] });
    expect(byMobile['13800000009'].createdAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(byMobile['13800000009']).not.toHaveProperty('passwordHash');
  });

  it('masks mobiles for staff', async () => {
    const res = await call('staff', organizationEndpoints.members);
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((m: { mobile: string }) => m.mobile).sort()).toEqual(['138****0001', '138****0009']);
  });

  it('filters by keyword and pages', async () => {
    const res = await call('admin', organizationEndpoints.members, { keyword: '郑敏' });
    expect(res.body.data.list.map((m: { realName: string }) => m.realName)).toEqual(['郑敏']);
    const page = await call('admin', organizationEndpoints.members, { take: 1, skip: 1 });
    expect(page.body.data).toMatchObject({ total: 2 });
    expect(page.body.data.list).toHaveLength(1);
  });

  it('refuses a user without an organisation (403, the one refusal of lib/access.ts)', async () => {
    tokens.platform = await server.login('13800000000');
    const none = await call('platform', organizationEndpoints.members);
    expect([none.status, none.body.msg]).toEqual([403, '您尚未加入企业']);
  });
});

describe('adding a staff member', () => {
  it('creates a 员工 who can sign in with the initial password, answered once', async () => {
    const res = await call('admin', organizationEndpoints.addMember, {
      mobile: `+86${NEW_MOBILE}`,
      realName: ' 陈晨 ',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      mobile: NEW_MOBILE,
      username: NEW_MOBILE,
      realName: '陈晨',
      roles: ['员工'],
      status: 1,
    });
    newMemberId = res.body.data.id;
    newMemberPassword = res.body.data.initialPassword;
    expect(newMemberPassword).toMatch(/^.{12}$/);

    const signIn = await loginStatus(NEW_MOBILE, newMemberPassword);
    expect(signIn.status).toBe(200);
    tokens.newMember = signIn.token as string;
    const viewer = await call('newMember', authEndpoints.viewer);
    expect(viewer.body.data).toMatchObject({ roles: ['员工'], org: { name: '南京绿筑新型建材有限公司' } });

    const list = await call('admin', organizationEndpoints.members);
    const listed = list.body.data.list.find((m: { id: number }) => m.id === newMemberId);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('initialPassword');
  });

  it('refuses a registered mobile (409, field mobile) and a malformed one (400)', async () => {
    const taken = await call('admin', organizationEndpoints.addMember, { mobile: '13800000002', realName: '某人' });
    expect(taken.status).toBe(409);
    expect(taken.body.data.fields).toEqual([{ field: 'mobile', message: '该手机号已注册' }]);
    const bad = await call('admin', organizationEndpoints.addMember, { mobile: '1234', realName: '某人' });
    expect(bad.status).toBe(400);
    expect(bad.body.data.fields[0].field).toBe('mobile');
    const noName = await callRaw('admin', organizationEndpoints.addMember, { mobile: '13900000302' });
    expect(noName.status).toBe(400);
    expect(noName.body.data.fields[0].field).toBe('realName');
  });
});

describe('who may manage members', () => {
  it('refuses staff (403) on every member administration route', async () => {
    const add = await call('staff', organizationEndpoints.addMember, { mobile: '13900000303', realName: '某人' });
    expect(add.status).toBe(403);
    const status = await call('staff', organizationEndpoints.setMemberStatus, { id: newMemberId, status: 2 });
    expect(status.status).toBe(403);
    const reset = await call('staff', organizationEndpoints.resetMemberPassword, { id: newMemberId });
    expect(reset.status).toBe(403);
  });

  it("answers 404 to another organisation's administrator, and for unknown ids", async () => {
    const status = await call('otherAdmin', organizationEndpoints.setMemberStatus, { id: newMemberId, status: 2 });
    expect(status.status).toBe(404);
    const reset = await call('otherAdmin', organizationEndpoints.resetMemberPassword, { id: newMemberId });
    expect(reset.status).toBe(404);
    const unknown = await call('admin', organizationEndpoints.setMemberStatus, { id: 999999, status: 2 });
    expect(unknown.status).toBe(404);
    // The member is untouched.
    expect((await loginStatus(NEW_MOBILE, newMemberPassword)).status).toBe(200);
  });

  it('refuses an administrator disabling or resetting themselves (409)', async () => {
    const selfId = await userIdOf(server, '13800000001');
    const disable = await call('admin', organizationEndpoints.setMemberStatus, { id: selfId, status: 2 });
    expect(disable.status).toBe(409);
    const reset = await call('admin', organizationEndpoints.resetMemberPassword, { id: selfId });
    expect(reset.status).toBe(409);
  });

  it('refuses a status other than 1 or 2 (400)', async () => {
    const res = await callRaw('admin', organizationEndpoints.setMemberStatus, { id: newMemberId, status: 3 });
    expect(res.status).toBe(400);
    expect(res.body.data.fields[0].field).toBe('status');
  });
});

describe('disabling and enabling', () => {
  it("ends the member's sessions at once and refuses their sign-in (403)", async () => {
    const signIn = await loginStatus(NEW_MOBILE, newMemberPassword);
    tokens.memberToken = signIn.token as string;
    // Warm the session cache: the disabled token must still stop working at once.
    expect((await call('memberToken', authEndpoints.viewer)).status).toBe(200);

    const res = await call('admin', organizationEndpoints.setMemberStatus, { id: newMemberId, status: 2 });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: newMemberId, status: 2, statusName: '停用' });

    const after = await call('memberToken', authEndpoints.viewer);
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(10100);
    expect((await loginStatus(NEW_MOBILE, newMemberPassword)).status).toBe(403);

    const again = await call('admin', organizationEndpoints.setMemberStatus, { id: newMemberId, status: 2 });
    expect(again.status).toBe(200);
  });

  it('lets them sign in again once enabled', async () => {
    const res = await call('admin', organizationEndpoints.setMemberStatus, { id: newMemberId, status: 1 });
    expect(res.body.data.status).toBe(1);
    expect((await loginStatus(NEW_MOBILE, newMemberPassword)).status).toBe(200);
  });
});

describe('resetting a password', () => {
  it('answers a new password once; the old one and the old sessions stop working', async () => {
    tokens.oldStaff = (await loginStatus('13800000009', DEMO_PASSWORD)).token as string;
    const staffId = await userIdOf(server, '13800000009');
    const res = await call('admin', organizationEndpoints.resetMemberPassword, { id: staffId });
    expect(res.status).toBe(200);
    expect(res.body.data.id).toBe(staffId);
    const fresh = res.body.data.newPassword as string;
    expect(fresh).not.toBe(DEMO_PASSWORD);

    expect((await call('oldStaff', authEndpoints.viewer)).status).toBe(401);
    expect((await loginStatus('13800000009', DEMO_PASSWORD)).status).toBe(400);
    expect((await loginStatus('13800000009', fresh)).status).toBe(200);
  });
});

describe('audit', () => {
  it('wrote a row for each change to a member', async () => {
    const rows = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityType, 'user'))
      .orderBy(asc(auditLog.id));
    const adminId = await userIdOf(server, '13800000001');
    const staffId = await userIdOf(server, '13800000009');
    expect(rows.map((r) => [r.action, r.entityId, r.fromState, r.toState, r.actorUserId])).toEqual([
      ['member.create', String(newMemberId), null, '1', adminId],
      ['member.disable', String(newMemberId), '1', '2', adminId],
      ['member.enable', String(newMemberId), '2', '1', adminId],
      ['member.password-reset', String(staffId), null, null, adminId],
    ]);
  });
});

describe('unique violations from the database', () => {
  it('are recognised by constraint on this engine, so a race still answers 409 rather than 500', async () => {
    const error = await server.database.db
      .insert(users)
      .values({ mobile: '13800000001', username: 'dup', passwordHash: 'x' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).not.toBeNull();
    expect(isUniqueViolation(error)).toBe(true);
    expect(isUniqueViolation(error, 'users_mobile_unique')).toBe(true);
    expect(isUniqueViolation(error, 'organizations_credit_code_uq')).toBe(false);
    expect(isUniqueViolation(new Error('boom'))).toBe(false);
  });
});
