import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { auditLog, basicMaterials, messages, referenceMeta } from '../../db/schema/index.ts';
import { seedReferenceData } from '../../db/seed/reference.ts';
import { orgOfMobile } from '../catalogue/catalogue.test-support.ts';

const ADMIN = '13800000000';
const MAKER = '13800000001';
const OTHER_MAKER = '13800000008';
const GOV = '13800000006';

let server: TestServer;
const tokens: Record<string, string> = {};
const materials = (url: string, body: Record<string, unknown>, mobile: string) =>
  server.call('POST', `/materials/basic-materials/${url}`, body, tokens[mobile]);
const admin = (method: string, path: string, params: Record<string, unknown> = {}, mobile: string | null = ADMIN) =>
  server.call(method, `/api/admin/basic-materials${path}`, params, mobile ? tokens[mobile] : undefined);

async function apply(commonName: string, mobile = MAKER, extra: Record<string, unknown> = {}): Promise<number> {
  const res = await materials(
    'applyForAdd',
    {
      commonName,
      classifyCode: '0105',
      units: [{ unitId: 31, formats: ['50mm', '80mm'] }],
      remark: '新产品线',
      ...extra,
    },
    mobile,
  );
  expect(res.status, res.raw).toBe(200);
  return res.body.data.id;
}

const auditOf = (id: number) =>
  server.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, 'basic_material'), eq(auditLog.entityId, String(id))));

const messagesTitled = (title: string) => server.database.db.select().from(messages).where(eq(messages.title, title));

beforeAll(async () => {
  server = await startTestServer();
  for (const m of [ADMIN, MAKER, OTHER_MAKER, GOV]) tokens[m] = await server.login(m);
});
afterAll(async () => {
  await server?.stop();
});

describe('listing applications', () => {
  it('pages pending applications newest first with the applicant, filters by status and name', async () => {
    const older = await apply('列表测试甲板');
    const newer = await apply('列表测试乙板', OTHER_MAKER);
    const res = await admin('GET', '', { commonName: '列表测试' });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data.total).toBe(2);
    expect(res.body.data.list.map((r: { id: number }) => r.id)).toEqual([newer, older]);
    expect(res.body.data.list[1]).toMatchObject({
      id: older,
      code: null,
      commonName: '列表测试甲板',
      classifyCode: '0105',
      classifyName: '保温系统材料',
      units: [{ unitId: 31, unitName: '平方米', formats: ['50mm', '80mm'] }],
      status: 2,
      remark: '新产品线',
      orgId: await orgOfMobile(server, MAKER),
      orgName: expect.any(String),
      applicant: { id: expect.any(Number), realName: '张伟', mobile: MAKER },
      createTime: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      rejectReason: null,
      decidedAt: null,
      decidedBy: null,
    });
    const paged = await admin('GET', '', { commonName: '列表测试', take: 1, skip: 1 });
    expect(paged.body.data).toMatchObject({ total: 2, list: [{ id: older }] });
    // The platform's own rows are not applications.
    expect((await admin('GET', '', { status: 1, commonName: '岩棉板' })).body.data.total).toBe(0);
    expect((await admin('GET', '', { status: 3, commonName: '列表测试' })).body.data.total).toBe(0);
    expect((await admin('GET', '', { status: 0, commonName: '列表测试' })).body.data.total).toBe(2);
  });

  it('answers one application, 404 for unknown ids and the platform rows', async () => {
    const id = await apply('详情测试板');
    const res = await admin('GET', `/${id}`);
    expect(res.body.data).toMatchObject({ id, commonName: '详情测试板', status: 2, statusName: '待审核' });
    expect((await admin('GET', '/999999')).status).toBe(404);
    const [platformRow] = await server.database.db
      .select({ id: basicMaterials.id })
      .from(basicMaterials)
      .where(eq(basicMaterials.code, 'BM006'));
    expect((await admin('GET', `/${platformRow?.id}`)).status).toBe(404);
    expect((await admin('POST', `/${platformRow?.id}/approve`)).status).toBe(404);
    expect((await admin('POST', `/${platformRow?.id}/reject`, { reason: '不再使用' })).status).toBe(404);
  });

  it('refuses bad filters with 400', async () => {
    const res = await admin('GET', '', { status: 9, take: 1000 });
    expect(res.status).toBe(400);
    expect(res.body.data.fields.map((f: { field: string }) => f.field).sort()).toEqual(['status', 'take']);
  });
});

describe('approving', () => {
  it('gives the next code, makes the name usable, logs it and tells the applicant', async () => {
    const id = await apply('发泡陶瓷保温板');
    const res = await admin('POST', `/${id}/approve`);
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      code: 'BM032',
      status: 1,
      commonName: '发泡陶瓷保温板',
      decidedBy: { realName: '平台审核员' },
      decidedAt: expect.any(String),
    });

    const page = await materials('page', { commonName: '发泡陶瓷' }, OTHER_MAKER);
    expect(page.body.data.list).toEqual([expect.objectContaining({ id, commonName: '发泡陶瓷保温板', status: 1 })]);
    expect((await materials('getUnitByCommonName', { commonName: '发泡陶瓷保温板' }, OTHER_MAKER)).body.data).toEqual([
      { id: 31, name: '平方米' },
    ]);
    expect(
      (await materials('getFormatByCommonNameAndUnit', { commonName: '发泡陶瓷保温板', unitId: 31 }, OTHER_MAKER)).body
        .data,
    ).toEqual(['50mm', '80mm']);
    expect(
      (await materials('getClassifyIdByCommonName', { commonName: '发泡陶瓷保温板' }, OTHER_MAKER)).body.data,
    ).toMatchObject({ classifyCode: '0105' });

    const logged = await auditOf(id);
    expect(logged.map((r) => r.action)).toEqual(['apply', 'approve']);
    expect(logged[1]).toMatchObject({ fromState: '2', toState: '1', detail: { code: 'BM032' } });

    const [asked] = await messagesTitled('新增通用名称申请：发泡陶瓷保温板');
    expect(asked?.targetUrl).toBe('/admin/basic-materials');
    const sent = await messagesTitled('基础材料申请已通过：发泡陶瓷保温板');
    expect(sent.length).toBeGreaterThanOrEqual(1);
    const maker = await orgOfMobile(server, MAKER);
    expect(sent.every((m) => m.companyId === maker && m.channelNo === 'materials')).toBe(true);
    expect(sent[0]?.content).toContain('BM032');

    // An approved name cannot be applied for again.
    expect((await materials('applyForAdd', { commonName: '发泡陶瓷保温板', classifyCode: '0105' }, MAKER)).status).toBe(
      400,
    );
  });

  it('takes the platform’s corrections of name, class and units', async () => {
    const id = await apply('石墨聚苯板 ', OTHER_MAKER);
    const res = await admin('POST', `/${id}/approve`, {
      commonName: '石墨聚苯乙烯保温板',
      classifyCode: '0105',
      units: [
        { unitId: 32, formats: ['EPS 20kg/m³', 'EPS 20kg/m³'] },
        { unitId: 31, formats: [] },
      ],
    });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({
      commonName: '石墨聚苯乙烯保温板',
      code: expect.stringMatching(/^BM0(3[3-9]|[4-9]\d)$/),
      units: [
        { unitId: 32, unitName: '立方米', formats: ['EPS 20kg/m³'] },
        { unitId: 31, unitName: '平方米', formats: [] },
      ],
    });
    expect((await materials('getUnitByCommonName', { commonName: '石墨聚苯板' }, MAKER)).status).toBe(404);
    expect((await materials('getUnitByCommonName', { commonName: '石墨聚苯乙烯保温板' }, MAKER)).body.data).toEqual([
      { id: 32, name: '立方米' },
      { id: 31, name: '平方米' },
    ]);
    const [, approved] = await auditOf(id);
    expect(approved?.detail).toMatchObject({
      applied: { commonName: '石墨聚苯板', units: [{ unitId: 31, formats: ['50mm', '80mm'] }] },
    });
    expect(approved?.detail).not.toHaveProperty('applied.classifyCode');
    const [sent] = await messagesTitled('基础材料申请已通过：石墨聚苯乙烯保温板');
    expect(sent?.content).toContain('平台已更正为「石墨聚苯乙烯保温板」');
  });

  it('refuses corrections that are not valid with 400 on the field', async () => {
    const id = await apply('更正校验板');
    const cases: [Record<string, unknown>, string][] = [
      [{ commonName: '岩棉板' }, 'commonName'],
      [{ commonName: '  ' }, 'commonName'],
      [{ commonName: 'x'.repeat(51) }, 'commonName'],
      [{ classifyCode: '9999' }, 'classifyCode'],
      [{ classifyCode: 'abc' }, 'classifyCode'],
      [{ units: [{ unitId: 31 }, { unitId: 31 }] }, 'units'],
      [{ units: [{ unitId: 999 }] }, 'units.0.unitId'],
      [{ units: [{ unitId: 31, formats: [''] }] }, 'units.0.formats.0'],
    ];
    for (const [body, field] of cases) {
      const res = await admin('POST', `/${id}/approve`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.fields[0].field, JSON.stringify(body)).toBe(field);
    }
    // Nothing was decided.
    expect((await admin('GET', `/${id}`)).body.data).toMatchObject({ status: 2, code: null, decidedAt: null });
    expect((await auditOf(id)).map((r) => r.action)).toEqual(['apply']);
  });
});

describe('rejecting', () => {
  it('stores the reason, tells the applicant, and frees the name', async () => {
    const id = await apply('再生骨料砌块');
    const res = await admin('POST', `/${id}/reject`, { reason: '  与「蒸压加气混凝土砌块」重复 ' });
    expect(res.status, res.raw).toBe(200);
    expect(res.body.data).toMatchObject({
      id,
      status: 3,
      code: null,
      rejectReason: '与「蒸压加气混凝土砌块」重复',
      decidedBy: { realName: '平台审核员' },
    });
    expect((await materials('getUnitByCommonName', { commonName: '再生骨料砌块' }, MAKER)).status).toBe(404);
    const logged = await auditOf(id);
    expect(logged[1]).toMatchObject({
      action: 'reject',
      fromState: '2',
      toState: '3',
      reason: '与「蒸压加气混凝土砌块」重复',
    });
    const [sent] = await messagesTitled('基础材料申请未通过：再生骨料砌块');
    expect(sent?.content).toContain('原因：与「蒸压加气混凝土砌块」重复');
    expect(sent?.companyId).toBe(await orgOfMobile(server, MAKER));

    const again = await apply('再生骨料砌块');
    expect(again).not.toBe(id);
    expect((await admin('GET', '', { commonName: '再生骨料砌块', status: 0 })).body.data.total).toBe(2);
  });

  it('requires a reason of 2 to 200 characters', async () => {
    const id = await apply('驳回校验板');
    for (const body of [{}, { reason: '' }, { reason: '   ' }, { reason: '短' }, { reason: '理'.repeat(201) }]) {
      const res = await admin('POST', `/${id}/reject`, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.data.fields[0].field).toBe('reason');
    }
    expect((await admin('GET', `/${id}`)).body.data.status).toBe(2);
  });
});

describe('deciding twice', () => {
  it('answers 409 once an application is decided', async () => {
    const approved = await apply('重复审核甲');
    const rejected = await apply('重复审核乙');
    expect((await admin('POST', `/${approved}/approve`)).status).toBe(200);
    expect((await admin('POST', `/${rejected}/reject`, { reason: '资料不全' })).status).toBe(200);
    for (const [path, body] of [
      [`/${approved}/approve`, {}],
      [`/${approved}/reject`, { reason: '资料不全' }],
      [`/${rejected}/approve`, {}],
      [`/${rejected}/reject`, { reason: '资料不全' }],
    ] as const) {
      const res = await admin('POST', path, body);
      expect(res.status, path).toBe(409);
      expect(res.body.msg).toBe('该申请已审核，请勿重复操作');
    }
    expect((await auditOf(approved)).map((r) => r.action)).toEqual(['apply', 'approve']);
  });

  it('hands out distinct codes to approvals at the same moment', async () => {
    const ids = [await apply('并发审核甲'), await apply('并发审核乙'), await apply('并发审核丙')];
    const results = await Promise.all(ids.map((id) => admin('POST', `/${id}/approve`)));
    expect(results.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(new Set(results.map((r) => r.body.data.code)).size).toBe(3);
  });
});

describe('who may decide', () => {
  it('is the platform only: others 403, anonymous 401, unknown ids 404', async () => {
    const id = await apply('权限测试板');
    for (const mobile of [MAKER, OTHER_MAKER, GOV]) {
      expect((await admin('GET', '', {}, mobile)).status).toBe(403);
      expect((await admin('GET', `/${id}`, {}, mobile)).status).toBe(403);
      expect((await admin('POST', `/${id}/approve`, {}, mobile)).status).toBe(403);
      expect((await admin('POST', `/${id}/reject`, { reason: '资料不全' }, mobile)).status).toBe(403);
    }
    expect((await admin('GET', '', {}, null)).status).toBe(401);
    expect((await admin('POST', `/${id}/approve`, {}, null)).status).toBe(401);
    expect((await admin('POST', `/${id}/reject`, { reason: '资料不全' }, null)).status).toBe(401);
    expect((await admin('POST', '/999999/approve')).status).toBe(404);
    expect((await admin('POST', '/999999/reject', { reason: '资料不全' })).status).toBe(404);
    expect((await admin('POST', '/abc/approve')).status).toBe(400);
    expect((await admin('GET', `/${id}`)).body.data.status).toBe(2);
  });
});

describe('the start-up seed', () => {
  it('never overwrites an approved application nor trips on a name an application holds', async () => {
    const db = server.database.db;
    const approvedId = await apply('种子冲突测试板');
    const approved = await admin('POST', `/${approvedId}/approve`);
    expect(approved.status).toBe(200);
    const pendingId = await apply('种子冲突待审板');
    // As if the platform's source had since taken this approval's code, and a pending application's name: the
    // platform rows BM031 and BM017 "arrive" with the application holding their code / name.
    await db.delete(basicMaterials).where(eq(basicMaterials.code, 'BM031'));
    await db.update(basicMaterials).set({ code: 'BM031' }).where(eq(basicMaterials.id, approvedId));
    await db.delete(basicMaterials).where(eq(basicMaterials.code, 'BM017'));
    await db.update(basicMaterials).set({ commonName: '坐便器' }).where(eq(basicMaterials.id, pendingId));
    await db.delete(referenceMeta).where(eq(referenceMeta.key, 'basic_materials'));

    expect((await seedReferenceData(db)).applied).toEqual(['basic_materials']);
    const [kept] = await db.select().from(basicMaterials).where(eq(basicMaterials.id, approvedId));
    expect(kept).toMatchObject({ code: 'BM031', commonName: '种子冲突测试板', status: 1 });
    const [pending] = await db.select().from(basicMaterials).where(eq(basicMaterials.id, pendingId));
    expect(pending).toMatchObject({ code: null, commonName: '坐便器', status: 2 });
    // The other platform rows are all there.
    expect((await materials('getUnitByCommonName', { commonName: '岩棉板' }, MAKER)).status).toBe(200);
    // The next approval still takes a fresh code.
    const next = await admin('POST', `/${pendingId}/approve`);
    expect(next.status, next.raw).toBe(200);
    expect(next.body.data.code).not.toBe('BM031');
  });
});
