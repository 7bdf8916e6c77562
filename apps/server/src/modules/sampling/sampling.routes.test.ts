import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { productSamplings } from '../../db/schema/index.ts';
import { seedDemoSamplings } from '../../db/seed/demo-samplings.ts';
import { insertProduct, orgOfMobile } from '../catalogue/catalogue.test-support.ts';

let server: TestServer;
const tokens: Record<string, string> = {};
let mine: number[] = [];
let theirs = 0;
let theirSampling = 0;

beforeAll(async () => {
  server = await startTestServer();
  for (const m of ['13800000001', '13800000002', '13800000008', '13800000009']) tokens[m] = await server.login(m);
  const maker = await orgOfMobile(server, '13800000001');
  const other = await orgOfMobile(server, '13800000008');
  mine = [
    await insertProduct(server, { orgId: maker, name: '抽检测试甲' }),
    await insertProduct(server, { orgId: maker, name: '抽检测试乙' }),
  ];
  theirs = await insertProduct(server, { orgId: other, name: '别家抽检产品' });
  await server.database.db.transaction(async (tx) => {
    expect(
      await seedDemoSamplings(tx, {
        orgId: maker,
        productIds: mine,
        samplingOrg: { id: null, name: '南京正衡工程监理有限公司' },
      }),
    ).toBe(3);
  });
  const [row] = await server.database.db
    .insert(productSamplings)
    .values({
      productId: theirs,
      orgId: other,
      projectName: '别家项目',
      samplingOrgName: '某监理',
      sampledAt: new Date(),
      result: 1,
    })
    .returning({ id: productSamplings.id });
  theirSampling = (row as { id: number }).id;
});
afterAll(async () => {
  await server?.stop();
});

const page = (body: Record<string, unknown>, mobile?: string) =>
  server.call('POST', '/materials/supervisionProductSampling/latestPage', body, mobile ? tokens[mobile] : undefined);

describe('supervision product sampling', () => {
  it("pages the latest samplings of the caller's products, newest first", async () => {
    // The demo data may hold samplings of the demo products too: count only this file's products.
    const res = await page({ take: 100 }, '13800000009');
    expect(res.body.code).toBe(200);
    const ours = res.body.data.list.filter((s: { productId: number }) => mine.includes(s.productId));
    expect(ours).toHaveLength(3);
    expect(res.body.data.list.some((s: { productId: number }) => s.productId === theirs)).toBe(false);
    const second = await page({ productId: mine[1] }, '13800000001');
    expect(second.body.data.total).toBe(2);
    expect(second.body.data.list[0]).toMatchObject({
      productName: '抽检测试乙',
      result: 2,
      resultName: '不合格',
      specName: '标准款',
    });
    expect((await page({ productId: mine[1], result: 1 }, '13800000001')).body.data.total).toBe(1);
    expect((await page({ productId: mine[0] }, '13800000001')).body.data.total).toBe(1);
  });

  it('answers state objects and counts', async () => {
    const states = await server.call(
      'GET',
      '/materials/supervisionProductSampling/checkStateObjects',
      { productId: mine[1] },
      tokens['13800000001'],
    );
    expect(states.body.data).toEqual([
      { value: 1, label: '合格', enLabel: 'Pass', count: 1 },
      { value: 2, label: '不合格', enLabel: 'Fail', count: 1 },
    ]);
    const count = await server.call(
      'POST',
      '/materials/supervisionProductSampling/count',
      { productId: mine[1] },
      tokens['13800000001'],
    );
    expect(count.body.data).toEqual({ total: 2, passed: 1, failed: 1 });
    const all = await server.call('POST', '/materials/supervisionProductSampling/count', {}, tokens['13800000001']);
    expect(all.body.data.total).toBe(all.body.data.passed + all.body.data.failed);
    expect(all.body.data.total).toBeGreaterThanOrEqual(3);
  });

  it("answers 404 for another organisation's product or sampling", async () => {
    expect((await page({ productId: theirs }, '13800000001')).status).toBe(404);
    const other = await server.call(
      'GET',
      `/materials/supervisionProductSampling/${theirSampling}`,
      {},
      tokens['13800000001'],
    );
    expect(other.status).toBe(404);
    const own = await server.call(
      'GET',
      `/materials/supervisionProductSampling/${theirSampling}`,
      {},
      tokens['13800000008'],
    );
    expect(own.body.data).toMatchObject({ productName: '别家抽检产品', projectName: '别家项目' });
  });

  it('answers 403 for non-manufacturers and 401 anonymous', async () => {
    expect((await page({}, '13800000002')).status).toBe(403);
    expect((await page({})).status).toBe(401);
  });

  it('refuses every call to other organisation types with the one orgTypes message', async () => {
    const B = '/materials/supervisionProductSampling';
    for (const [method, url, body] of [
      ['POST', `${B}/latestPage`, {}],
      ['GET', `${B}/checkStateObjects`, {}],
      ['POST', `${B}/count`, {}],
      ['GET', `${B}/${theirSampling}`, {}],
    ] as const) {
      const res = await server.call(method, url, body, tokens['13800000002']);
      expect(res.status, url).toBe(403);
      expect(res.body.msg, url).toBe('只有建材生产企业可以执行此操作');
    }
  });
});
