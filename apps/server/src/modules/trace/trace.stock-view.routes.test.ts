import { traceEndpoints } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { products, stockBalances, stockMoves } from '../../db/schema/index.ts';
import { addAddress, addLot, projectIdOf, setMass, specOf, userOf } from './trace.test-support.ts';

/** The stock list and stock card: balances, pending in and out, running balances that equal the sum of moves. */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call } = callsAs(() => server, tokens);
const today = shanghaiToday();
let lotId = 0;
let projectLot = 0;
let school = 0;
let stadium = 0;
let insul: Awaited<ReturnType<typeof specOf>>;
let insulClassifyCode = '';
let shipmentNumber = '';
let receiptNumber = '';

beforeAll(async () => {
  server = await startTestServer();
  const who = { maker: '13800000001', dealer: '13800000002', builder: '13800000003', supervisor: '13800000004' };
  for (const [k, m] of Object.entries(who)) tokens[k] = await server.login(m);
  const maker = await userOf(server, who.maker);
  const dealer = await userOf(server, who.dealer);
  const from = await addAddress(server, maker.orgId, { kind: 'factory' });
  school = await projectIdOf(server, '南京市鼓楼区天妃宫小学新建工程');
  stadium = await projectIdOf(server, '建邺区青少年体育中心');
  insul = await specOf(server, '岩棉保温板', 'TR10 50 厚');
  await setMass(server, insul.specId, '6.25');
  const [product] = await server.database.db
    .select({ classifyCode: products.classifyCode })
    .from(products)
    .where(eq(products.id, insul.productId));
  insulClassifyCode = product?.classifyCode as string;
  lotId = await addLot(server, insul, 100, { batchNo: 'STOCK-A' });
  const base = { fromAddressId: from, shipDate: today, transportType: 8, distanceKm: 12 };
  const s = ok(
    await call('maker', traceEndpoints.shipmentSave, {
      ...base,
      destination: { kind: 'org', orgId: dealer.orgId },
      lines: [{ specId: insul.specId, lotId, quantity: 30 }],
    }),
  );
  shipmentNumber = s.number;
  ok(await call('maker', traceEndpoints.shipmentShip, { id: s.id }));
  const detail = ok(await call('dealer', traceEndpoints.shipmentDetail, { id: s.id }));
  const r = ok(
    await call('dealer', traceEndpoints.receiptCreate, {
      shipmentId: s.id,
      arrivedOn: today,
      lines: [
        { shipmentLineId: detail.lines[0]?.id, received: 15, accepted: 10, rejected: 5, rejectReason: 'wrong_spec' },
      ],
    }),
  );
  receiptNumber = r.number;
  ok(
    await call('maker', traceEndpoints.shipmentSave, {
      ...base,
      destination: { kind: 'org', orgId: dealer.orgId },
      lines: [{ specId: insul.specId, lotId, quantity: 20.5 }],
    }),
  );
  projectLot = await addLot(server, insul, 50, { batchNo: 'STOCK-B' });
  const p = ok(
    await call('maker', traceEndpoints.shipmentSave, {
      ...base,
      destination: { kind: 'project', projectId: school },
      lines: [{ specId: insul.specId, lotId: projectLot, quantity: 8 }],
    }),
  );
  ok(await call('maker', traceEndpoints.shipmentShip, { id: p.id }));
  const pd = ok(await call('builder', traceEndpoints.shipmentDetail, { id: p.id }));
  ok(
    await call('builder', traceEndpoints.receiptCreate, {
      shipmentId: p.id,
      arrivedOn: today,
      lines: [{ shipmentLineId: pd.lines[0]?.id, received: 8, accepted: 8, rejected: 0 }],
    }),
  );
});
afterAll(() => server?.stop());

const rowOf = (list: { lotId: number }[], id: number) => list.find((r) => r.lotId === id);

describe('the stock list', () => {
  it('shows usable, rejected, pending inbound and outbound per specification and lot', async () => {
    const maker = ok(await call('maker', traceEndpoints.stockList, { keyword: 'STOCK-A' }));
    expect(maker.total).toBe(1);
    expect(rowOf(maker.list, lotId)).toEqual({
      productId: insul.productId,
      productName: '岩棉保温板',
      specId: insul.specId,
      specName: 'TR10 50 厚',
      unitName: '平方米',
      lotId,
      batchNo: 'STOCK-A',
      usable: 70,
      quarantined: 0,
      rejected: 0,
      pendingInbound: 0,
      pendingOutbound: 20.5,
      massPerUnitKg: 6.25,
      classifyCode: insulClassifyCode,
    });
    const dealer = ok(await call('dealer', traceEndpoints.stockList, {}));
    expect(rowOf(dealer.list, lotId)).toMatchObject({
      usable: 10,
      rejected: 5,
      pendingInbound: 15,
      pendingOutbound: 0,
    });
    const byProduct = ok(await call('maker', traceEndpoints.stockList, { productId: insul.productId, take: 100 }));
    expect(byProduct.list.every((r: { productId: number }) => r.productId === insul.productId)).toBe(true);
    const none = ok(await call('maker', traceEndpoints.stockList, { keyword: '不存在的批号' }));
    expect(none).toEqual({ list: [], total: 0 });
  });

  it('answers a page past the end, with or without matches, at every skip (issue 22, item 12: it never answered)', async () => {
    for (const skip of [1, 2, 10, 99_999]) {
      // Nothing matches: before, the count of an empty page asked again with the same skip, for ever.
      expect(ok(await call('maker', traceEndpoints.stockList, { take: 10, skip, keyword: '不存在的批号' }))).toEqual({
        list: [],
        total: 0,
      });
      // One row matches, the page is past it: an empty page that still counts the match.
      expect(ok(await call('maker', traceEndpoints.stockList, { take: 10, skip, keyword: 'STOCK-A' }))).toEqual({
        list: [],
        total: 1,
      });
    }
  });

  it('shows a project’s stock to its accepted members only', async () => {
    for (const who of ['builder', 'supervisor']) {
      const list = ok(await call(who, traceEndpoints.stockList, { projectId: school }));
      expect(rowOf(list.list, projectLot), who).toMatchObject({ usable: 0, quarantined: 8, rejected: 0 });
    }
    expect((await call('dealer', traceEndpoints.stockList, { projectId: school })).status).toBe(404);
    expect((await call('builder', traceEndpoints.stockList, { projectId: stadium })).status).toBe(404);
    expect((await call('maker', traceEndpoints.stockCard, { projectId: school, specId: insul.specId })).status).toBe(
      404,
    );
  });
});

describe('the stock card', () => {
  it('lists moves newest first with their documents and running balances', async () => {
    const card = ok(await call('maker', traceEndpoints.stockCard, { specId: insul.specId, lotId }));
    expect(card).toMatchObject({
      productName: '岩棉保温板',
      specName: 'TR10 50 厚',
      unitName: '平方米',
      usable: 70,
      pendingOutbound: 20.5,
    });
    expect(card.list.map((m: Record<string, unknown>) => [m.reason, m.quantity, m.balanceAfter, m.docNumber])).toEqual([
      ['ship', -30, 70, shipmentNumber],
      ['produce', 100, 100, 'STOCK-A'],
    ]);
    const dealer = ok(await call('dealer', traceEndpoints.stockCard, { specId: insul.specId, lotId }));
    expect(dealer.list.map((m: Record<string, unknown>) => [m.reasonName, m.bucket, m.quantity, m.docNumber])).toEqual([
      // One receipt's two moves, appended in the order the receipt gave them (usable, then rejected): newest first.
      ['拒收待退', 'rejected', 5, receiptNumber],
      ['收货入库', 'usable', 10, receiptNumber],
    ]);
    expect(dealer).toMatchObject({ usable: 10, rejected: 5, pendingInbound: 15 });
    expect((await call('maker', traceEndpoints.stockCard, { specId: 2_000_000 })).status).toBe(404);
  });

  it('keeps every running balance equal to the sum of the moves before it, and the balance to their sum', async () => {
    const moves = await server.database.db.select().from(stockMoves).orderBy(stockMoves.id);
    const running = new Map<string, number>();
    for (const m of moves) {
      const key = `${m.holderKey}|${m.specId}|${m.lotId}|${m.bucket}`;
      const next = (running.get(key) ?? 0) + Math.round(Number(m.quantity) * 1000);
      running.set(key, next);
      expect(Math.round(Number(m.balanceAfter) * 1000), key).toBe(next);
    }
    const balances = await server.database.db.select().from(stockBalances);
    for (const b of balances) {
      const key = `${b.holderKey}|${b.specId}|${b.lotId}|${b.bucket}`;
      expect(Math.round(Number(b.quantity) * 1000), key).toBe(running.get(key) ?? 0);
    }
    expect(balances.some((b) => b.holderKey === `project:${school}` && b.lotId === projectLot)).toBe(true);
    const card = ok(
      await call('builder', traceEndpoints.stockCard, { projectId: school, specId: insul.specId, lotId: projectLot }),
    );
    expect(card.list.map((m: { balanceAfter: number }) => m.balanceAfter)).toEqual([8]);
    const own = await server.database.db
      .select()
      .from(stockMoves)
      .where(eq(stockMoves.holderKey, `project:${school}`));
    expect(own.length).toBeGreaterThan(0);
  });
});
