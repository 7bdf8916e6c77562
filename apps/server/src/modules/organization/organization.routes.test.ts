import { authEndpoints, organizationEndpoints } from '@jcbb/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs } from '../../../test/calls.ts';
import { DEMO_PASSWORD, startTestServer, type TestServer } from '../../../test/harness.ts';
import { auditLog } from '../../db/schema/index.ts';
import { createLooseUser, creditCode, userIdOf, withWrongCheckChar } from './test-support.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);

beforeAll(async () => {
  server = await startTestServer();
  for (const m of ['13800000000', '13800000001', '13800000002', '13800000006', '13800000008', '13800000009']) {
    tokens[m] = await server.login(m);
  }
});
afterAll(async () => {
  await server?.stop();
});

async function auditActions(orgId: number) {
  const rows = await server.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'organization'), eq(auditLog.entityId, String(orgId))));
  return rows.map((r) => ({ action: r.action, from: r.fromState, to: r.toState }));
}

describe('GET /api/organization', () => {
  it("answers an enterprise administrator's certified manufacturer with its modules, and nothing internal", async () => {
    const res = await call('13800000001', organizationEndpoints.getOrganization);
    expect(res.status).toBe(200);
    expect(res.body.code).toBe(0);
    const org = res.body.data;
    expect(org).toMatchObject({
      name: '南京绿筑新型建材有限公司',
      type: 6,
      type_enum: 'MANUFACTURER',
      typeName: '建材生产企业',
      certStatus: 2,
      status: '已认证',
      certExempt: false,
      nature: 4,
      natureName: '私营企业',
      regionCode: '320115',
      regionPath: ['江苏省', '南京市', '江宁区'],
      rejectReason: null,
      license: null,
      modules: [{ moduleCode: 'jcbb-production', name: '建材生产', enName: 'Material production' }],
    });
    expect(org.certifiedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(org).not.toHaveProperty('licenseUploadId');
    expect(org).not.toHaveProperty('updatedAt');
  });

  it('answers staff with the same organisation', async () => {
    const [admin, staff] = await Promise.all([
      call('13800000001', organizationEndpoints.getOrganization),
      call('13800000009', organizationEndpoints.getOrganization),
    ]);
    expect(staff.status).toBe(200);
    expect(staff.body.data.id).toBe(admin.body.data.id);
  });

  it('shows the government unit as exempt and the new manufacturer as uncertified', async () => {
    const gov = await call('13800000006', organizationEndpoints.getOrganization);
    expect(gov.body.data).toMatchObject({ type: 5, type_enum: 'GOVERNMENT', certExempt: true, modules: [] });
    const fresh = await call('13800000008', organizationEndpoints.getOrganization);
    expect(fresh.body.data).toMatchObject({ type: 6, certStatus: 0, status: '未认证', certifiedAt: null });
  });

  it('answers 403 您尚未加入企业 to a user without an organisation', async () => {
    const res = await call('13800000000', organizationEndpoints.getOrganization);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 40300, msg: '您尚未加入企业' });
  });

  it('needs a session', async () => {
    const res = await call(null, organizationEndpoints.getOrganization);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe(10100);
  });
});

describe('POST /api/organization: creating', () => {
  it('lets a user without an organisation create one and become its enterprise administrator', async () => {
    const userId = await createLooseUser(server, '13900000101', DEMO_PASSWORD, ['员工']);
    tokens['13900000101'] = await server.login('13900000101');
    expect((await call('13900000101', organizationEndpoints.getOrganization)).status).toBe(403);

    const code = creditCode('91320505MA1ABCDE1');
    const res = await call('13900000101', organizationEndpoints.saveOrganization, {
      name: '  苏州绿色板材有限公司 ',
      type: 6,
      regionCode: '320505',
      creditCode: code.toLowerCase(),
      nature: 4,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: '苏州绿色板材有限公司',
      type: 6,
      certStatus: 0,
      status: '未认证',
      creditCode: code,
      regionCode: '320505',
      modules: [{ moduleCode: 'jcbb-production' }],
    });
    expect(res.body.data.regionPath).toEqual(['江苏省', '苏州市', '虎丘区']);

    // The same token now sees the new organisation and role: the cached session was dropped.
    const viewer = await call('13900000101', authEndpoints.viewer);
    expect(viewer.body.data.roles).toEqual(['企业管理员']);
    expect(viewer.body.data.organization).toMatchObject({ id: res.body.data.id, type: 6, status: '未认证' });
    const mine = await call('13900000101', organizationEndpoints.getOrganization);
    expect(mine.body.data.id).toBe(res.body.data.id);
    const authorized = await call('13900000101', authEndpoints.getAuthorizedOrg, { orgId: res.body.data.id });
    expect(authorized.body.data.map((m: { moduleCode: string }) => m.moduleCode)).toEqual(['jcbb-production']);

    expect(await auditActions(res.body.data.id)).toEqual([{ action: 'create', from: null, to: '0' }]);
    expect(userId).toBeGreaterThan(0);
  });

  it('refuses government and regulator types, a missing type and a bad region', async () => {
    await createLooseUser(server, '13900000102', DEMO_PASSWORD);
    tokens['13900000102'] = await server.login('13900000102');
    for (const type of [5, 9]) {
      const res = await call('13900000102', organizationEndpoints.saveOrganization, { name: '某某市住建局', type });
      expect(res.status).toBe(400);
      expect(res.body.data.fields).toEqual([{ field: 'type', message: expect.stringContaining('由平台开通') }]);
    }
    const noType = await call('13900000102', organizationEndpoints.saveOrganization, { name: '某某建设公司' });
    expect(noType.status).toBe(400);
    expect(noType.body.data.fields[0].field).toBe('type');
    const badType = await call('13900000102', organizationEndpoints.saveOrganization, {
      name: '某某建设公司',
      type: 0,
    });
    expect(badType.status).toBe(400);
    const badRegion = await call('13900000102', organizationEndpoints.saveOrganization, {
      name: '某某建设公司',
      type: 4,
      regionCode: '999999',
    });
    expect(badRegion.status).toBe(400);
    expect(badRegion.body.data.fields[0].field).toBe('regionCode');
    const shortName = await call('13900000102', organizationEndpoints.saveOrganization, { name: '某', type: 4 });
    expect(shortName.status).toBe(400);
    expect(shortName.body.data.fields[0].field).toBe('name');
    // Nothing was created by any of these.
    expect((await call('13900000102', organizationEndpoints.getOrganization)).status).toBe(403);
  });

  it('refuses the platform administrator (403)', async () => {
    const res = await call('13800000000', organizationEndpoints.saveOrganization, { name: '平台自己的公司', type: 10 });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/organization: updating', () => {
  it('lets the enterprise administrator change contact details without losing certification', async () => {
    const res = await call('13800000001', organizationEndpoints.saveOrganization, {
      name: '南京绿筑新型建材有限公司',
      contactName: '张伟',
      contactPhone: '025-84561234',
      address: '江苏省南京市江宁区秣周东路 12 号 3 栋',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      certStatus: 2,
      status: '已认证',
      contactName: '张伟',
      contactPhone: '025-84561234',
      address: '江苏省南京市江宁区秣周东路 12 号 3 栋',
    });
  });

  it('makes a certified organisation uncertified when its name changes, with an audit row', async () => {
    const before = await call('13800000002', organizationEndpoints.getOrganization);
    const res = await call('13800000002', organizationEndpoints.saveOrganization, { name: '南京恒通建材集团有限公司' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      name: '南京恒通建材集团有限公司',
      certStatus: 0,
      status: '未认证',
      certifiedAt: null,
    });
    const viewer = await call('13800000002', authEndpoints.viewer);
    expect(viewer.body.data.organization.status).toBe('未认证');
    expect(await auditActions(before.body.data.id)).toEqual([
      { action: 'update', from: null, to: null },
      { action: 'certification.revoke', from: '2', to: '0' },
    ]);
  });

  it('refuses a credit code of another organisation (409) or with a wrong check character (400)', async () => {
    const maker = await call('13800000001', organizationEndpoints.getOrganization);
    const taken = await call('13800000008', organizationEndpoints.saveOrganization, {
      name: '苏州新材科技有限公司',
      creditCode: maker.body.data.creditCode,
    });
    expect(taken.status).toBe(409);
    expect(taken.body.data.fields).toEqual([{ field: 'creditCode', message: '该统一社会信用代码已被其他企业使用' }]);
    const wrong = await call('13800000008', organizationEndpoints.saveOrganization, {
      name: '苏州新材科技有限公司',
      creditCode: withWrongCheckChar(maker.body.data.creditCode),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.data.fields).toEqual([{ field: 'creditCode', message: '统一社会信用代码校验位不正确' }]);
  });

  it('refuses a change of type and an unknown region', async () => {
    const type = await call('13800000008', organizationEndpoints.saveOrganization, {
      name: '苏州新材科技有限公司',
      type: 7,
    });
    expect(type.status).toBe(400);
    expect(type.body.data.fields[0]).toEqual({ field: 'type', message: '企业类型创建后不可修改' });
    const region = await call('13800000008', organizationEndpoints.saveOrganization, {
      name: '苏州新材科技有限公司',
      regionCode: '999999',
    });
    expect(region.status).toBe(400);
    expect(region.body.data.fields[0].field).toBe('regionCode');
  });

  it('refuses staff and the 住建委 account (403)', async () => {
    const staff = await call('13800000009', organizationEndpoints.saveOrganization, { name: '改个名字有限公司' });
    expect(staff.status).toBe(403);
    const gov = await call('13800000006', organizationEndpoints.saveOrganization, { name: '南京市住建委' });
    expect(gov.status).toBe(403);
    const after = await call('13800000009', organizationEndpoints.getOrganization);
    expect(after.body.data.name).toBe('南京绿筑新型建材有限公司');
  });
});

describe('GET /api/user/{id}/organization', () => {
  it('answers oneself, a member for their administrator, and anyone for super_admin', async () => {
    const staffId = await userIdOf(server, '13800000009');
    const adminId = await userIdOf(server, '13800000001');
    const own = await call('13800000009', organizationEndpoints.getUserOrganization, { id: staffId });
    expect(own.status).toBe(200);
    expect(own.body.data.name).toBe('南京绿筑新型建材有限公司');
    const byAdmin = await call('13800000001', organizationEndpoints.getUserOrganization, { id: staffId });
    expect(byAdmin.body.data.id).toBe(own.body.data.id);
    const byPlatform = await call('13800000000', organizationEndpoints.getUserOrganization, { id: adminId });
    expect(byPlatform.body.data.id).toBe(own.body.data.id);
  });

  it('answers 404 across organisations, from staff to their administrator, and for unknown users', async () => {
    const staffId = await userIdOf(server, '13800000009');
    const adminId = await userIdOf(server, '13800000001');
    const superId = await userIdOf(server, '13800000000');
    const cases: [string, number][] = [
      ['13800000002', staffId],
      ['13800000008', adminId],
      ['13800000009', adminId],
      ['13800000001', superId],
      ['13800000000', superId],
      ['13800000000', 999_999],
    ];
    for (const [caller, target] of cases) {
      const res = await call(caller, organizationEndpoints.getUserOrganization, { id: target });
      expect(res.status, `${caller} → ${target}`).toBe(404);
    }
    expect((await call('13800000001', organizationEndpoints.getUserOrganization, { id: 'abc' })).status).toBe(400);
  });
});

describe('GET /api/organization/function/show', () => {
  it("lists the manufacturer's module, enabled, by default and for orgType 6", async () => {
    for (const query of [{}, { orgType: 6 }]) {
      const res = await call('13800000001', organizationEndpoints.getFunctionShow, query);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([
        { moduleCode: 'jcbb-production', name: '建材生产', enName: 'Material production', enabled: true },
      ]);
    }
  });

  it('marks modules of another type as not enabled', async () => {
    const res = await call('13800000001', organizationEndpoints.getFunctionShow, { orgType: 7 });
    expect(res.body.data).toEqual([
      { moduleCode: 'jcbb-agent', name: '经销代理', enName: 'Distribution', enabled: false },
    ]);
  });

  it('gives government no function list (spec §6)', async () => {
    const byType = await call('13800000001', organizationEndpoints.getFunctionShow, { orgType: 5 });
    expect(byType.body.data).toEqual([]);
    const byDefault = await call('13800000006', organizationEndpoints.getFunctionShow);
    expect(byDefault.body.data).toEqual([]);
  });

  it('refuses an unknown type', async () => {
    const res = await call('13800000001', organizationEndpoints.getFunctionShow, { orgType: 11 });
    expect(res.status).toBe(400);
  });
});

describe('platform administration of organisations', () => {
  it('lists organisations with filters, for super_admin only', async () => {
    const makers = await call('13800000000', organizationEndpoints.adminOrganizations, { type: 6, take: 50 });
    expect(makers.status).toBe(200);
    expect(makers.body.data.total).toBeGreaterThanOrEqual(2);
    expect(makers.body.data.list.every((o: { type: number }) => o.type === 6)).toBe(true);
    const lvzhu = makers.body.data.list.find((o: { name: string }) => o.name === '南京绿筑新型建材有限公司');
    expect(lvzhu).toMatchObject({ certStatus: 2, status: '已认证', certExempt: false, memberCount: 2 });

    const govs = await call('13800000000', organizationEndpoints.adminOrganizations, { type: 5 });
    expect(govs.body.data.list[0]).toMatchObject({ type: 5, certExempt: true });

    const byName = await call('13800000000', organizationEndpoints.adminOrganizations, { keyword: '认证中心' });
    expect(byName.body.data.list.map((o: { name: string }) => o.name)).toEqual(['华夏绿色建材认证中心有限公司']);
    const literal = await call('13800000000', organizationEndpoints.adminOrganizations, { keyword: '%' });
    expect(literal.body.data.total).toBe(0);
    const uncertified = await call('13800000000', organizationEndpoints.adminOrganizations, { certStatus: 0 });
    expect(uncertified.body.data.list.every((o: { certStatus: number }) => o.certStatus === 0)).toBe(true);

    for (const caller of ['13800000001', '13800000006']) {
      expect((await call(caller, organizationEndpoints.adminOrganizations)).status).toBe(403);
    }
  });

  it('opens a government unit with its first account, whose password is answered once', async () => {
    const res = await call('13800000000', organizationEndpoints.adminCreateOrganization, {
      name: '苏州市住房和城乡建设局',
      type: 5,
      regionCode: '320500',
      adminMobile: '13900000201',
      adminRealName: '钱主任',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ mobile: '13900000201', roles: ['企业管理员', '住建委'] });
    tokens['13900000201'] = await server.login('13900000201', res.body.data.initialPassword);
    const org = await call('13900000201', organizationEndpoints.getOrganization);
    expect(org.body.data).toMatchObject({ id: res.body.data.orgId, type: 5, certExempt: true, modules: [] });

    const again = await call('13800000000', organizationEndpoints.adminCreateOrganization, {
      name: '另一个单位',
      type: 9,
      adminMobile: '13900000201',
      adminRealName: '孙',
    });
    expect(again.status).toBe(409);
    expect(again.body.data.fields[0].field).toBe('adminMobile');

    const notPlatform = await call('13800000001', organizationEndpoints.adminCreateOrganization, {
      name: '冒名单位',
      type: 5,
      adminMobile: '13900000202',
      adminRealName: '李',
    });
    expect(notPlatform.status).toBe(403);
  });
});
