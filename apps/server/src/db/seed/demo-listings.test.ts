import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { listings, users } from '../schema/index.ts';
import { seedDemoListings } from './demo-listings.ts';

let server: TestServer;
const token = new Map<string, string>();
const post = (url: string, mobile: string, body: Record<string, unknown> = {}) =>
  server.call('POST', url, body, token.get(mobile));

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const [maker] = await db.select().from(users).where(eq(users.mobile, '13800000001'));
  if (!maker?.orgId) throw new Error('no demo manufacturer');
  // The demo seed may already call it (demo.ts); if not, seed here as it would.
  const existing = await db.select({ id: listings.id }).from(listings).where(eq(listings.orgId, maker.orgId));
  if (existing.length === 0) {
    await db.transaction((tx) => seedDemoListings(tx, { orgId: maker.orgId as number, userId: maker.id }));
  }
  for (const m of ['13800000000', '13800000001', '13800000006']) token.set(m, await server.login(m));
});

afterAll(async () => {
  await server?.stop();
});

describe('demo listings', () => {
  it('give the manufacturer listings in two cities: most listed, one in each queue, rejections with reasons', async () => {
    const res = await post('/materials/products-settled-in-cities/list', '13800000001', { take: 100 });
    expect(res.body.code, res.raw).toBe(200);
    const list = res.body.data.list as { id: number; cityCode: string; status: number; rejectReason: string | null }[];
    expect(new Set(list.map((l) => l.cityCode))).toEqual(new Set(['320100', '330100']));
    const byStatus = (s: number) => list.filter((l) => l.status === s);
    expect(byStatus(3).length).toBeGreaterThan(list.length / 2);
    expect(byStatus(1).length).toBeGreaterThanOrEqual(1);
    expect(byStatus(2).length).toBeGreaterThanOrEqual(1);
    const rejected = [...byStatus(4), ...byStatus(5)];
    expect(rejected.length).toBeGreaterThanOrEqual(1);
    for (const r of rejected) expect(r.rejectReason).toMatch(/\p{Script=Han}/u);

    const cityRejected = byStatus(5)[0] as { id: number };
    const log = await post('/materials/bm-product-audit-log/getSettledInCitiesAuditLog', '13800000001', {
      id: cityRejected.id,
    });
    expect(log.body.data.map((l: { action: string }) => l.action)).toEqual([
      'submit',
      'platform_approve',
      'city_reject',
    ]);
    const last = await post('/materials/bm-product-audit-log/getCityLastRejectAuditLog', '13800000001', {
      id: cityRejected.id,
    });
    expect(last.body.data.reason).toMatch(/检测报告/);
  });

  it('fill the auditors’ queues, and the listed products are valid against the demand standards', async () => {
    const platform = await post('/materials/products-settled-in-cities/list', '13800000000', { status: 1 });
    expect(platform.body.data.total).toBeGreaterThanOrEqual(1);
    const city = await post('/materials/products-settled-in-cities/list', '13800000006', { status: 2 });
    expect(city.body.data.total).toBe(1);
    const detail = await post(
      '/materials/products-settled-in-cities/getDynamicProductsSettledInCitiesDetails',
      '13800000006',
      {
        id: city.body.data.list[0].id,
      },
    );
    expect(detail.body.data.allowedActions).toEqual(['city_approve', 'city_reject', 'city_not_green']);
    expect(detail.body.data.values.length).toBeGreaterThanOrEqual(5);
    const listed = await post('/materials/products-settled-in-cities/list', '13800000001', { status: 3, take: 100 });
    const gov = listed.body.data.list.filter((l: { govProcurement: boolean }) => l.govProcurement);
    expect(gov.length).toBeGreaterThan(0);
    expect(gov.length).toBeLessThan(listed.body.data.total);
    const gov2 = await post('/materials/bmElementProductsSettledInCities/getGovProcurementElementList', '13800000001', {
      cityCode: '330100',
    });
    expect(gov2.body.data.map((e: { name: string }) => e.name)).toContain('再生原料掺量(%)');
  });
});
