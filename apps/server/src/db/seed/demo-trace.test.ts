import { traceEndpoints } from '@jcbb/contract';
import { custodyStep } from '@jcbb/contract/trace-custody';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { ledgerSigner, verifyLedger } from '../../modules/ledger/index.ts';
import {
  lots,
  productSpecs,
  products,
  receipts,
  shipments,
  stockBalances,
  stockMoves,
  traceEvents,
  users,
} from '../schema/index.ts';
import { RISK_DEMO_PAINT_BATCH } from './demo-government-risk.ts';
import { DEMO_LOTS, DEMO_TRACE_CODE } from './demo-trace.ts';

/** The traceability demo (demo-trace.ts, seeded by demo.ts) as the demo accounts meet it. */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);

beforeAll(async () => {
  server = await startTestServer();
  for (const m of ['13800000001', '13800000002', '13800000003']) tokens[m] = await server.login(m);
});
afterAll(() => server?.stop());

interface Lot {
  id: number;
  batchNo: string;
  productName: string;
  specName: string;
  quantity: number;
  productionDate: string;
  codeCount: number;
  codedQuantity: number;
  evidence: { kind: string };
}

describe('the traceability demo', () => {
  it('gives 南京绿筑 four lots, three of them coded, with the batch numbers other seeds rely on', async () => {
    const res = await call('13800000001', traceEndpoints.lotList, { take: 100 });
    expect(res.status, res.raw).toBe(200);
    // The risk demo's paint lot (demo-government-risk.ts) is that demo's.
    const own = (res.body.data.list as Lot[]).filter((l) => l.batchNo !== RISK_DEMO_PAINT_BATCH);
    const byBatch = new Map(own.map((l) => [l.batchNo, l]));
    expect([...byBatch.keys()].sort()).toEqual(Object.values(DEMO_LOTS).sort());
    const pick = (l: Lot | undefined) => l && [l.productName, l.specName, l.quantity, l.codeCount, l.codedQuantity];
    expect(pick(byBatch.get(DEMO_LOTS.rockWool))).toEqual(['岩棉保温板', 'TR10 50 厚', 5000, 60, 600]);
    expect(pick(byBatch.get(DEMO_LOTS.aacBlock))).toEqual(['蒸压加气混凝土砌块', 'B06 A5.0', 800, 40, 60]);
    expect(pick(byBatch.get(DEMO_LOTS.mortar))).toEqual(['干混砌筑砂浆', 'DM M10 袋装', 2000, 510, 500]);
    expect(pick(byBatch.get(DEMO_LOTS.window))).toEqual(['断桥铝合金节能窗', '70 系列平开窗', 300, 0, 0]);
    expect(byBatch.get(DEMO_LOTS.rockWool)?.productionDate).toBe('2026-11-01');
    // Each carries the evidence of its production date, and a quality document.
    for (const l of byBatch.values()) expect(l.evidence.kind).not.toBe('none');
    const detail = await call('13800000001', traceEndpoints.lotDetail, { id: byBatch.get(DEMO_LOTS.mortar)?.id });
    expect(detail.body.data.qualityDocs).toHaveLength(1);
    // Wherever the demo shipments took part of it, the holders still add up to what was made.
    const holders = detail.body.data.holders as { quantity: number }[];
    expect(holders.reduce((n, h) => n + h.quantity, 0)).toBe(2000);
  });

  it('put every lot into the maker’s stock with one produce move, and its codes’ events on a valid ledger', async () => {
    // The demo shipments (demo-trace-shipments.ts) move part of the stock on: every balance equals the sum of its
    // moves, the first move of each lot is its production, and what all holders have adds up to what was made.
    const db = server.database.db;
    const rows = await db
      .select()
      .from(lots)
      .where(inArray(lots.batchNo, Object.values(DEMO_LOTS)));
    for (const l of rows) {
      const balances = await db.select().from(stockBalances).where(eq(stockBalances.lotId, l.id));
      const moves = await db.select().from(stockMoves).where(eq(stockMoves.lotId, l.id)).orderBy(stockMoves.id);
      expect(moves[0]).toMatchObject({ reason: 'produce', holderKey: `org:${l.orgId}` });
      expect(Number(moves[0]?.quantity)).toBe(Number(l.quantity));
      expect(moves.filter((m) => m.reason === 'produce')).toHaveLength(1);
      for (const b of balances) {
        const sum = moves
          .filter((m) => m.holderKey === b.holderKey && m.bucket === b.bucket)
          .reduce((n, m) => n + Math.round(Number(m.quantity) * 1000), 0);
        expect(Math.round(Number(b.quantity) * 1000), `${l.batchNo} ${b.holderKey} ${b.bucket}`).toBe(sum);
      }
      const held = balances.reduce((n, b) => n + Math.round(Number(b.quantity) * 1000), 0);
      // Goods still on their way are in no one's balance yet; after the demo none is lost.
      expect(held).toBeLessThanOrEqual(Math.round(Number(l.quantity) * 1000));
    }
    const events = await db
      .select()
      .from(traceEvents)
      .where(
        inArray(
          traceEvents.lotId,
          rows.map((l) => l.id),
        ),
      );
    // One commissioning per level of codes: rock wool and blocks items, mortar packages and the bags inside them.
    expect(events.filter((e) => e.bizStep === 'commissioning')).toHaveLength(4);
    expect(events.filter((e) => e.bizStep === 'packing')).toHaveLength(10);
    expect(events.every((e) => e.leafIndex !== null)).toBe(true);
    expect(await verifyLedger(db, ledgerSigner().publicKeyHex)).toMatchObject({ ok: true });
  });

  it('records the addresses, one default each, and the specifications’ mass per unit (the window without)', async () => {
    const makerAddresses = await call('13800000001', traceEndpoints.addressList);
    expect(
      makerAddresses.body.data.list.map((a: { kind: string; name: string; isDefault: boolean; regionName: string }) => [
        a.kind,
        a.name,
        a.isDefault,
        a.regionName,
      ]),
    ).toEqual([
      ['factory', '绿筑江宁工厂', true, '江苏省 南京市 江宁区'],
      ['warehouse', '绿筑六合仓库', false, '江苏省 南京市 六合区'],
    ]);
    const dealerAddresses = await call('13800000002', traceEndpoints.addressList);
    expect(dealerAddresses.body.data.list).toEqual([
      expect.objectContaining({ kind: 'warehouse', name: '恒通栖霞仓库', isDefault: true, regionCode: '320113' }),
    ]);
    const builderAddresses = await call('13800000003', traceEndpoints.addressList);
    expect(builderAddresses.body.data.list).toEqual([
      expect.objectContaining({ kind: 'warehouse', name: '筑安江宁材料仓库', isDefault: true, regionCode: '320115' }),
    ]);

    const [maker] = await server.database.db.select().from(users).where(eq(users.mobile, '13800000001'));
    const specs = await server.database.db
      .select({ product: products.name, spec: productSpecs.name, mass: productSpecs.massPerUnitKg })
      .from(productSpecs)
      .innerJoin(products, eq(products.id, productSpecs.productId))
      .where(and(eq(products.orgId, maker?.orgId as number)));
    const mass = (product: string, spec: string) =>
      specs.find((s) => s.product === product && s.spec === spec)?.mass ?? null;
    expect([6, 9.6, 18]).toEqual(['TR10 50 厚', 'TR10 80 厚', 'TR15 100 厚'].map((s) => Number(mass('岩棉保温板', s))));
    expect(Number(mass('蒸压加气混凝土砌块', 'B06 A5.0'))).toBe(600);
    expect(Number(mass('干混砌筑砂浆', 'DM M10 袋装'))).toBe(40);
    expect(Number(mass('干混砌筑砂浆', 'DM M10 散装'))).toBe(1000);
    expect(Number(mass('预制混凝土叠合板', 'DBS1-67-3620'))).toBe(2500);
    expect(mass('断桥铝合金节能窗', '70 系列平开窗')).toBeNull();
  });

  it('gives the README’s demo code a public chain in business time: made, shipped to 南京恒通 and received there', async () => {
    const res = await call(null, traceEndpoints.publicTrace, { code: DEMO_TRACE_CODE });
    expect(res.status, res.raw.slice(0, 300)).toBe(200);
    expect(res.body.data.product.name).toBe('岩棉保温板');
    expect(res.body.data.status).toBe('held');
    const chain = (res.body.data.proof.events as { event: Record<string, unknown> }[]).map((e) => custodyStep(e.event));
    expect(chain.map((c) => c.step)).toEqual(['commissioning', 'shipping', 'receiving']);
    // Each step is dated when it happened (the lot's production day, the ship date, the arrival date), whatever day
    // the database was seeded.
    const [shipment] = await server.database.db
      .select({ shipDate: shipments.shipDate, id: shipments.id })
      .from(shipments)
      .where(eq(shipments.number, chain[1]?.shipmentNumber ?? ''));
    const [receipt] = await server.database.db
      .select({ arrivedOn: receipts.arrivedOn })
      .from(receipts)
      .where(eq(receipts.shipmentId, shipment?.id ?? 0));
    const [lot] = await server.database.db
      .select({ productionDate: lots.productionDate })
      .from(lots)
      .where(eq(lots.batchNo, DEMO_LOTS.rockWool));
    expect(chain.map((c) => c.date)).toEqual([lot?.productionDate, shipment?.shipDate, receipt?.arrivedOn]);
    expect(chain[0]?.time).toMatch(/T10:00:00\.000\+08:00$/);
    // Who shipped and received how much of what.
    expect(chain[1]).toMatchObject({
      sourceName: '南京绿筑新型建材有限公司',
      destinationName: '南京恒通建材贸易有限公司',
    });
    expect(chain[2]?.lines).toEqual([
      expect.objectContaining({
        batchNo: DEMO_LOTS.rockWool,
        productName: '岩棉保温板',
        quantity: '600',
        unitName: '平方米',
        codeCount: 60,
      }),
    ]);
    expect(chain[1]?.transport).toMatchObject({ distanceKm: '38.5', distanceSource: 'measured' });
  });
});
