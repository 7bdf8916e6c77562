import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { auditLog, messages } from '../../db/schema/index.ts';
import { insertProduct, orgOfMobile } from '../catalogue/catalogue.test-support.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
const call = (url: string, body: Record<string, unknown>, mobile?: string) =>
  server.call('POST', `/materials/basic-materials/${url}`, body, mobile ? tokens[mobile] : undefined);

beforeAll(async () => {
  server = await startTestServer();
  for (const m of ['13800000000', '13800000001', '13800000002', '13800000008']) tokens[m] = await server.login(m);
});
afterAll(async () => {
  await server?.stop();
});

describe('reading common names', () => {
  it('pages the seeded reference set with a name filter', async () => {
    const all = await call('page', { take: 100 }, '13800000002');
    expect(all.body.code).toBe(200);
    expect(all.body.data.total).toBeGreaterThanOrEqual(30);
    const rock = await call('page', { commonName: '岩棉' }, '13800000002');
    expect(rock.body.data.list).toEqual([
      expect.objectContaining({ commonName: '岩棉板', classifyCode: '0105', classifyName: '保温系统材料', status: 1 }),
    ]);
    expect(rock.body.data.list[0].units[0]).toEqual({
      unitId: 31,
      unitName: '平方米',
      formats: ['50mm', '80mm', '100mm'],
    });
  });

  it('answers units, formats and the classification of a common name', async () => {
    expect((await call('getUnitByCommonName', { commonName: '岩棉板' }, '13800000001')).body.data).toEqual([
      { id: 31, name: '平方米' },
      { id: 32, name: '立方米' },
    ]);
    expect(
      (await call('getFormatByCommonNameAndUnit', { commonName: '岩棉板', unitId: 32 }, '13800000001')).body.data,
    ).toEqual(['容重140kg/m³']);
    expect((await call('getClassifyIdByCommonName', { commonName: '岩棉板' }, '13800000001')).body.data).toEqual({
      commonName: '岩棉板',
      classifyCode: '0105',
      classifyName: '保温系统材料',
      path: [
        { code: '01', name: '围护结构及混凝土类' },
        { code: '0105', name: '保温系统材料' },
      ],
    });
  });

  it('answers 404 for unknown names and units, 401 anonymous', async () => {
    expect((await call('getUnitByCommonName', { commonName: '不存在的材料' }, '13800000001')).status).toBe(404);
    expect(
      (await call('getFormatByCommonNameAndUnit', { commonName: '岩棉板', unitId: 1 }, '13800000001')).status,
    ).toBe(404);
    expect((await call('page', {})).status).toBe(401);
  });
});

describe('applyForAdd', () => {
  it('stores a pending application, logs it and tells the platform', async () => {
    const res = await call(
      'applyForAdd',
      {
        commonName: '发泡陶瓷保温板',
        classifyCode: '0105',
        units: [{ unitId: 31, formats: ['50mm'] }],
        remark: '新产品',
      },
      '13800000001',
    );
    expect(res.body).toMatchObject({ code: 200, data: { status: 2 } });
    const id = res.body.data.id;
    const logged = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'basic_material'), eq(auditLog.entityId, String(id))));
    expect(logged).toHaveLength(1);
    const sent = await server.database.db
      .select()
      .from(messages)
      .where(eq(messages.title, '新增通用名称申请：发泡陶瓷保温板'));
    expect(sent.length).toBeGreaterThanOrEqual(1);
    // Pending names are not offered yet.
    expect((await call('page', { commonName: '发泡陶瓷' }, '13800000001')).body.data.total).toBe(0);
  });

  it('answers 400 on duplicates (approved or pending) and unknown fields', async () => {
    const approved = await call('applyForAdd', { commonName: '岩棉板', classifyCode: '0105' }, '13800000008');
    expect(approved.status).toBe(400);
    expect(approved.body.data.fields[0].field).toBe('commonName');
    expect(
      (await call('applyForAdd', { commonName: '发泡陶瓷保温板', classifyCode: '0105' }, '13800000008')).status,
    ).toBe(400);
    expect((await call('applyForAdd', { commonName: '新材料甲', classifyCode: '9999' }, '13800000008')).status).toBe(
      400,
    );
    const unit = await call(
      'applyForAdd',
      { commonName: '新材料乙', classifyCode: '0105', units: [{ unitId: 99 }] },
      '13800000008',
    );
    expect(unit.body.data.fields[0].field).toBe('units.0.unitId');
  });

  it('is for manufacturers only', async () => {
    expect((await call('applyForAdd', { commonName: '新材料丙', classifyCode: '0105' }, '13800000002')).status).toBe(
      403,
    );
    expect((await call('applyForAdd', { commonName: '新材料丙', classifyCode: '0105' }, '13800000000')).status).toBe(
      403,
    );
    expect((await call('applyForAdd', { commonName: '新材料丙', classifyCode: '0105' })).status).toBe(401);
  });

  it('refuses other organisation types with the one orgTypes message', async () => {
    const res = await call('applyForAdd', { commonName: '新材料丁', classifyCode: '0105' }, '13800000002');
    expect(res.status).toBe(403);
    expect(res.body.msg).toBe('只有建材生产企业可以执行此操作');
  });
});

describe('bmUpGradation/page', () => {
  it("pages the audit records of the caller's products only", async () => {
    const maker = await orgOfMobile(server, '13800000001');
    const other = await orgOfMobile(server, '13800000008');
    const mine = await insertProduct(server, { orgId: maker, name: '升级记录测试' });
    const theirs = await insertProduct(server, { orgId: other, name: '别家的产品' });
    await server.database.db.insert(auditLog).values([
      {
        entityType: 'product',
        entityId: String(mine),
        orgId: maker,
        action: 'update',
        fromState: '1',
        toState: '1',
        reason: '更正规格',
      },
      { entityType: 'product', entityId: String(theirs), orgId: other, action: 'update' },
    ]);
    const res = await server.call('POST', '/materials/bmUpGradation/page', { productId: mine }, tokens['13800000001']);
    expect(res.body.data.total).toBe(1);
    expect(res.body.data.list[0]).toMatchObject({
      productId: mine,
      productName: '升级记录测试',
      action: 'update',
      reason: '更正规格',
    });
    const all = await server.call('POST', '/materials/bmUpGradation/page', { take: 100 }, tokens['13800000001']);
    expect(all.body.data.list.some((r: { productId: number }) => r.productId === theirs)).toBe(false);
    expect(
      (await server.call('POST', '/materials/bmUpGradation/page', { productId: theirs }, tokens['13800000001'])).status,
    ).toBe(404);
    expect((await server.call('POST', '/materials/bmUpGradation/page', {}, tokens['13800000000'])).status).toBe(403);
  });
});
