import { traceEndpoints } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { authorisationItems, salesContractLines, salesContractShipments } from '../../db/schema/index.ts';
import { addAddress, userOf } from '../trace/trace.test-support.ts';
import { addContract, addLetter, stockedLot, stockedProduct } from './distribution.test-support.ts';

/**
 * Shipping under authorisation under concurrency on a real PostgreSQL server (docs/distribution.md, "Shipping under
 * authorisation"): 南京恒通 ships 24 drafts at once, each of its own lot (so the stock's row locks do not serialise
 * them), all drawing on one capped authorisation item, or on one contract line. The gate locks the item (and the
 * contract's lines) before it draws: exactly as many shipments go through as the cap allows, the rest are refused on
 * the line, and the drawn quantity equals the sum of what shipped.
 *
 * It needs a PostgreSQL server (TEST_DATABASE_URL, as trace.stock.pg.test.ts); without one it is skipped.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const CLIENTS = 24;

describe.runIf(!!adminUrl)('24 shipments drawing on one cap at once on PostgreSQL', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const { call } = callsAs(() => server, tokens);
  const today = shanghaiToday();
  const ctx = { maker: { orgId: 0, userId: 0 }, dealer: { orgId: 0, userId: 0 }, builder: 0, from: 0, to: 0 };

  beforeAll(async () => {
    server = await startTestServer();
    expect(server.database.kind).toBe('postgres');
    tokens.dealer = await server.login('13800000002');
    ctx.maker = await userOf(server, '13800000001');
    ctx.dealer = await userOf(server, '13800000002');
    ctx.builder = (await userOf(server, '13800000003')).orgId;
    ctx.from = await addAddress(server, ctx.dealer.orgId, { regionCode: '320113' });
    ctx.to = await addAddress(server, ctx.builder, { kind: 'site', regionCode: '320106' });
  });
  afterAll(() => server?.stop());

  /** CLIENTS drafts of `each` units, each of a lot of its own (the first given, the rest new). */
  async function drafts(p: { productId: number; specId: number; orgId: number; lotId: number }, each: number) {
    const ids: number[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const lotId = i === 0 ? p.lotId : await stockedLot(server, p, ctx.dealer.orgId, each);
      const saved = ok(
        await call('dealer', traceEndpoints.shipmentSave, {
          destination: { kind: 'org', orgId: ctx.builder },
          fromAddressId: ctx.from,
          toAddressId: ctx.to,
          shipDate: today,
          transportType: 8,
          distanceKm: 10,
          lines: [{ specId: p.specId, lotId, quantity: each }],
        }),
      );
      ids.push(saved.id);
    }
    return ids;
  }

  async function shipAll(ids: number[]) {
    const answers = await Promise.all(ids.map((id) => call('dealer', traceEndpoints.shipmentShip, { id })));
    const done = answers.filter((r) => r.status === 200);
    for (const r of answers.filter((a) => a.status !== 200)) {
      expect(r.status, r.raw).toBe(400);
      expect(r.body.data.fields, r.raw).toEqual([{ field: 'lines.0.quantity', message: expect.any(String) }]);
    }
    return done.length;
  }

  it('never ships past an authorisation item’s cap', async () => {
    const p = await stockedProduct(server, ctx.maker, ctx.dealer.orgId, 3);
    const letter = await addLetter(server.database.db, {
      makerOrgId: ctx.maker.orgId,
      distributorOrgId: ctx.dealer.orgId,
      items: [{ productId: p.productId, cap: '20' }],
    });
    const shipped = await shipAll(await drafts(p, 3));
    expect(shipped).toBe(Math.floor(20 / 3));
    const [item] = await server.database.db
      .select({ q: authorisationItems.shippedQuantity })
      .from(authorisationItems)
      .where(eq(authorisationItems.id, letter.itemIds[0] as number));
    expect(Number(item?.q)).toBe(3 * shipped);
  });

  it('voids and ships at once: no deadlock, the item holds exactly what stayed shipped, never past its cap', async () => {
    const p = await stockedProduct(server, ctx.maker, ctx.dealer.orgId, 2);
    const letter = await addLetter(server.database.db, {
      makerOrgId: ctx.maker.orgId,
      distributorOrgId: ctx.dealer.orgId,
      items: [{ productId: p.productId, cap: '30' }],
    });
    const ids = await drafts(p, 2);
    const earlier = ids.slice(0, 12);
    for (const id of earlier) ok(await call('dealer', traceEndpoints.shipmentShip, { id }));
    // 12 × 2 = 24 of 30 drawn; now void six of them while the other twelve drafts ship.
    const voids = earlier.slice(0, 6).map((id) => call('dealer', traceEndpoints.shipmentVoid, { id, reason: '取消' }));
    const ships = ids.slice(12).map((id) => call('dealer', traceEndpoints.shipmentShip, { id }));
    const answers = await Promise.all([...voids, ...ships]);
    for (const r of answers.filter((a) => a.status !== 200)) {
      expect(r.status, r.raw).toBe(400);
      expect(r.body.data.fields, r.raw).toEqual([{ field: 'lines.0.quantity', message: expect.any(String) }]);
    }
    expect(answers.slice(0, 6).every((r) => r.status === 200)).toBe(true);
    const shippedNow = 6 + answers.slice(6).filter((r) => r.status === 200).length;
    const [item] = await server.database.db
      .select({ q: authorisationItems.shippedQuantity })
      .from(authorisationItems)
      .where(eq(authorisationItems.id, letter.itemIds[0] as number));
    expect(Number(item?.q)).toBe(2 * shippedNow);
    expect(Number(item?.q)).toBeLessThanOrEqual(30);
  });

  it('never ships past a contract line’s quantity', async () => {
    const p = await stockedProduct(server, ctx.maker, ctx.dealer.orgId, 4);
    await addLetter(server.database.db, {
      makerOrgId: ctx.maker.orgId,
      distributorOrgId: ctx.dealer.orgId,
      items: [{ productId: p.productId }],
    });
    const contract = await addContract(server.database.db, {
      distributorOrgId: ctx.dealer.orgId,
      userId: ctx.dealer.userId,
      productId: p.productId,
      specId: p.specId,
      quantity: '30',
    });
    const ids = await drafts(p, 4);
    await server.database.db
      .insert(salesContractShipments)
      .values(ids.map((shipmentId) => ({ shipmentId, contractId: contract.id })));
    const shipped = await shipAll(ids);
    expect(shipped).toBe(Math.floor(30 / 4));
    const [line] = await server.database.db
      .select({ q: salesContractLines.shippedQuantity })
      .from(salesContractLines)
      .where(eq(salesContractLines.id, contract.lineId));
    expect(Number(line?.q)).toBe(4 * shipped);
  });
});
