import type { productDashboardData, traceDashboardData } from '@jcbb/contract';
import { type EndpointInput, traceEndpoints } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { callsAs, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { shipmentLines, shipments, traceAlerts, traceScanCounts } from '../../db/schema/index.ts';
import { lastMonths } from './trace.dashboard.service.ts';
import { addAddress, addCodes, addLot, projectIdOf, setMass, specOf, userOf } from './trace.test-support.ts';

/**
 * The dashboards: counts, stock, carbon (measured and default apart, missing mass counted), alerts, one product.
 * The demo has lots and shipments of its own: the dashboards are read before this file's fixtures are written, and
 * the tests assert what the fixtures add (counts and sums as differences, entries found by name or id).
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);
const today = shanghaiToday();
const ids = { late: 0, measured: 0, school: 0, dealer: 0, maker: 0, codes: [] as string[] };
let insul: Awaited<ReturnType<typeof specOf>>;
/** The dashboards as the demo left them, before this file's fixtures. */
const before = {} as { dash: z.infer<typeof traceDashboardData>; product: z.infer<typeof productDashboardData> };

const round3 = (n: number) => Math.round(n * 1000) / 1000;
/** `after` minus `before`, to the 0.001 both are rounded to. */
const delta = (after: number | undefined, was: number | undefined) => round3((after ?? 0) - (was ?? 0));
/** Non-increasing by `field`: the order the dashboards promise. */
const descending = <T>(rows: T[], field: keyof T) =>
  rows.every((r, i) => i === 0 || Number((rows[i - 1] as T)[field]) >= Number(r[field]));
/**
 * `was` with `add`'s entries added (matched by `key`, `field` summed; new entries appended), sorted by `key` so two
 * lists compare whatever their order.
 */
function plus<T extends Record<string, unknown>>(was: T[], key: keyof T, field: keyof T, add: T[]): T[] {
  const out = was.map((e) => ({ ...e }));
  for (const a of add) {
    const hit = out.find((e) => e[key] === a[key]);
    if (hit) (hit as Record<keyof T, unknown>)[field] = round3(Number(hit[field]) + Number(a[field]));
    else out.push({ ...a });
  }
  return byKey(out, key);
}
const byKey = <T>(rows: T[], key: keyof T) => [...rows].sort((a, b) => String(a[key]).localeCompare(String(b[key])));

beforeAll(async () => {
  server = await startTestServer();
  for (const [k, m] of Object.entries({
    maker: '13800000001',
    dealer: '13800000002',
    builder: '13800000003',
    otherMaker: '13800000008',
  })) {
    tokens[k] = await server.login(m);
  }
  const maker = await userOf(server, '13800000001');
  const dealer = await userOf(server, '13800000002');
  ids.maker = maker.orgId;
  ids.dealer = dealer.orgId;
  ids.school = await projectIdOf(server, '南京市鼓楼区天妃宫小学新建工程');
  insul = await specOf(server, '岩棉保温板', 'TR10 50 厚');
  const block = await specOf(server, '蒸压加气混凝土砌块', 'B06 A5.0');
  before.dash = ok(await call('maker', traceEndpoints.dashboard));
  before.product = ok(await call('maker', traceEndpoints.productDashboard, { id: insul.productId }));
  const from = await addAddress(server, maker.orgId, { kind: 'factory' });
  const to = await addAddress(server, dealer.orgId, { regionCode: '320113' });
  await setMass(server, insul.specId, '5');
  await setMass(server, block.specId, null);
  const lotId = await addLot(server, insul, 1000, { batchNo: 'DASH-1' });
  ids.codes = await addCodes(server, { lotId, specId: insul.specId, orgId: insul.orgId }, 2, 10);
  const blockLot = await addLot(server, block, 100);
  const ship = async (b: Partial<EndpointInput<typeof traceEndpoints.shipmentSave>> & { lines: unknown[] }) => {
    const saved = ok(
      await call('maker', traceEndpoints.shipmentSave, {
        fromAddressId: from,
        shipDate: today,
        transportType: 8,
        destination: { kind: 'org' as const, orgId: dealer.orgId },
        toAddressId: to,
        ...b,
      }),
    );
    ok(await call('maker', traceEndpoints.shipmentShip, { id: saved.id }));
    return saved.id as number;
  };
  // 100 m² × 5 kg = 0.5 t × 40 km × 0.129 = 2.58 kg, measured.
  ids.measured = await ship({
    distanceKm: 40,
    lines: [{ specId: insul.specId, lotId, quantity: 100 }],
  });
  // 20 m² × 5 kg = 0.1 t × 500 km (default) × 0.057 = 2.85 kg.
  await ship({ transportType: 10, lines: [{ specId: insul.specId, lotId, quantity: 20, codes: ids.codes }] });
  // Missing mass: counted, not guessed.
  await ship({ distanceKm: 10, lines: [{ specId: block.specId, lotId: blockLot, quantity: 5 }] });
  // Shipped ten days ago and not yet received; its line's certificate has expired since.
  ids.late = await ship({
    destination: { kind: 'project', projectId: ids.school },
    toAddressId: undefined,
    distanceKm: 15,
    lines: [{ specId: insul.specId, lotId, quantity: 1 }],
  });
  await server.database.db
    .update(shipments)
    .set({ shippedAt: sql`now() - interval '10 days'` })
    .where(eq(shipments.id, ids.late));
  await server.database.db
    .update(shipmentLines)
    .set({
      evidence: {
        kind: 'certificate',
        name: 'C',
        certNo: 'C',
        valid: true,
        validUntil: '2020-01-01',
        leafIndex: null,
        asOf: today,
      },
    })
    .where(eq(shipmentLines.shipmentId, ids.late));
  await server.database.db
    .insert(traceAlerts)
    .values({ code: ids.codes[0] as string, kind: 'two_sites', orgId: maker.orgId, shipmentId: ids.measured });
  await server.database.db.insert(traceScanCounts).values([
    { code: ids.codes[0] as string, day: today, count: 3 },
    { code: ids.codes[1] as string, day: '2026-01-01', count: 4 },
  ]);
});
afterAll(() => server?.stop());

describe('the trace dashboard', () => {
  it('counts shipments, stock, receivers, carbon by month, product and transport, and alerts', async () => {
    const d: typeof before.dash = ok(await call('maker', traceEndpoints.dashboard));
    const was = before.dash;
    // The backdated one counts this month unless ten days ago fell in the month before.
    const lateThisMonth = shanghaiToday(new Date(Date.now() - 10 * 86_400_000)).slice(0, 7) === today.slice(0, 7);
    expect(d.shippedThisMonth - was.shippedThisMonth).toBe(lateThisMonth ? 4 : 3);
    expect(d.inTransit - was.inTransit).toBe(4);
    expect(d.awaitingOverDays - was.awaitingOverDays).toBe(1);
    const stockOf = (rows: typeof was.stockByProduct) => rows.find((r) => r.productId === insul.productId);
    // 1000 made, 100 + 20 + 1 shipped (the block lot's stock belongs to another product).
    expect(stockOf(d.stockByProduct)).toEqual({
      productId: insul.productId,
      productName: '岩棉保温板',
      unitName: '平方米',
      quantity: round3((stockOf(was.stockByProduct)?.quantity ?? 0) + 879),
    });
    const receiver = (rows: typeof was.topReceivers, name: string) => rows.find((r) => r.name === name);
    const dealerName = '南京恒通建材贸易有限公司';
    const schoolName = '南京市鼓楼区天妃宫小学新建工程';
    expect(receiver(d.topReceivers, dealerName)).toEqual({
      name: dealerName,
      kind: 'org',
      shipments: (receiver(was.topReceivers, dealerName)?.shipments ?? 0) + 3,
    });
    expect(receiver(d.topReceivers, schoolName)).toEqual({
      name: schoolName,
      kind: 'project',
      shipments: (receiver(was.topReceivers, schoolName)?.shipments ?? 0) + 1,
    });
    expect(descending(d.topReceivers, 'shipments')).toBe(true);
    expect(d.carbonByMonth.map((m: { month: string }) => m.month)).toEqual(lastMonths(today, 6));
    const thisMonth = d.carbonByMonth.at(-1);
    const wasMonth = was.carbonByMonth.at(-1);
    // Measured: 2.58, plus the late one (1 m² × 5 kg × 15 km × 0.129 = 0.01) when it was shipped this month.
    expect(delta(thisMonth?.defaultKg, wasMonth?.defaultKg)).toBe(2.85);
    expect(delta(thisMonth?.measuredKg, wasMonth?.measuredKg)).toBe(lateThisMonth ? 2.59 : 2.58);
    expect((thisMonth?.missingMassShipments ?? 0) - (wasMonth?.missingMassShipments ?? 0)).toBe(1);
    // 岩棉保温板: 2.58 + 2.85 + 0.009675 (the late one, unrounded per product) = 5.439675. Both totals are rounded
    // to 0.001 on their own, so their difference is 5.439 or 5.44. The block (no mass) adds nothing.
    const wool = (rows: typeof was.carbonByProduct) => rows.find((r) => r.productName === '岩棉保温板')?.kgCO2e;
    expect([5.439, 5.44]).toContain(delta(wool(d.carbonByProduct), wool(was.carbonByProduct)));
    const others = (rows: typeof was.carbonByProduct) =>
      byKey(
        rows.filter((r) => r.productName !== '岩棉保温板'),
        'productName',
      );
    expect(others(d.carbonByProduct)).toEqual(others(was.carbonByProduct));
    expect(descending(d.carbonByProduct, 'kgCO2e')).toBe(true);
    expect(byKey(d.carbonByTransport, 'transportType')).toEqual(
      plus(was.carbonByTransport, 'transportType', 'kgCO2e', [
        { transportType: 10, name: expect.stringContaining('46t'), kgCO2e: 2.85 },
        { transportType: 8, name: expect.stringContaining('18t'), kgCO2e: 2.59 },
      ]),
    );
    expect(descending(d.carbonByTransport, 'kgCO2e')).toBe(true);
    // Stored alerts newest first, then expired evidence of the newest shipments first: the fixtures' are newest.
    expect(d.alerts).toEqual([
      expect.objectContaining({
        kind: 'two_sites',
        code: ids.codes[0],
        shipmentId: ids.measured,
        message: expect.stringMatching(/两个不同的项目/),
      }),
      ...was.alerts.filter((a) => a.kind !== 'evidence_expired'),
      expect.objectContaining({
        kind: 'evidence_expired',
        code: null,
        shipmentId: ids.late,
        message: expect.stringMatching(/2020-01-01 过期/),
      }),
      ...was.alerts.filter((a) => a.kind === 'evidence_expired'),
    ]);
  });

  it('is for manufacturers and distributors', async () => {
    const dealer = ok(await call('dealer', traceEndpoints.dashboard));
    // The demo distributor's one shipment: HT-2026-001's first batch to the school, on its way (demo-distribution-sales).
    expect(dealer).toMatchObject({ shippedThisMonth: 1, inTransit: 1, alerts: [] });
    expect((await call('builder', traceEndpoints.dashboard)).status).toBe(403);
  });
});

describe('a product’s dashboard', () => {
  it('shows its lots, where it went, where it is and how often it was scanned', async () => {
    const d: typeof before.product = ok(await call('maker', traceEndpoints.productDashboard, { id: insul.productId }));
    const was = before.product;
    expect(d).toMatchObject({ productId: insul.productId, productName: '岩棉保温板', scanCount: was.scanCount + 7 });
    expect(d.lots).toHaveLength(was.lots.length + 1);
    // The mass per unit is the specification's today (set to 5 kg above, after `before` was read).
    type Lot = (typeof d.lots)[number];
    const withoutMass = ({ massPerUnitKg: _mass, ...rest }: Lot) => rest;
    expect(d.lots.filter((l) => l.specId === insul.specId).map((l) => l.massPerUnitKg)).toEqual(
      d.lots.filter((l) => l.specId === insul.specId).map(() => 5),
    );
    expect(d.lots.map(withoutMass)).toEqual(
      expect.arrayContaining([
        ...was.lots.map(withoutMass),
        expect.objectContaining({
          batchNo: 'DASH-1',
          quantity: 1000,
          codeCount: 2,
          codedQuantity: 20,
          specName: 'TR10 50 厚',
          unitName: '平方米',
        }),
      ]),
    );
    expect(byKey(d.byDistrict, 'regionCode')).toEqual(
      plus(was.byDistrict, 'regionCode', 'quantity', [
        { regionCode: '320113', regionName: '江苏省 南京市 栖霞区', quantity: 120 },
        { regionCode: '320106', regionName: '江苏省 南京市 鼓楼区', quantity: 1 },
      ]),
    );
    expect(descending(d.byDistrict, 'quantity')).toBe(true);
    // Nothing was received: all of it is still the maker's.
    expect(byKey(d.byHolder, 'holderName')).toEqual(
      plus(was.byHolder, 'holderName', 'quantity', [
        { holderName: '南京绿筑新型建材有限公司', kind: 'org', quantity: 879 },
      ]),
    );
    expect(descending(d.byHolder, 'quantity')).toBe(true);
  });

  it('answers 404 for another organisation’s product', async () => {
    expect((await call('otherMaker', traceEndpoints.productDashboard, { id: insul.productId })).status).toBe(404);
    expect((await call('dealer', traceEndpoints.productDashboard, { id: insul.productId })).status).toBe(404);
    expect((await call('maker', traceEndpoints.productDashboard, { id: 2147483647 })).status).toBe(404);
  });
});
