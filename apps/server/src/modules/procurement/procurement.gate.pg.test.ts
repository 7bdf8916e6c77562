import { procurementEndpoints as api, traceEndpoints } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { purchaseOrderLines, purchaseOrderShipmentLines } from '../../db/schema/index.ts';
import { addAddress, addLot, projectIdOf, specOf, userOf } from '../trace/trace.test-support.ts';
import { addOrder } from './procurement.order.test-support.ts';

/**
 * Shipping against one purchase order line under concurrency on a real PostgreSQL server (docs/procurement.md,
 * "Purchase orders"): 南京绿筑 ships 12 drafts against one line at once, each of its own lot (so the stock's row
 * locks do not serialise them). The gate locks the order's lines before it draws: exactly as many shipments go
 * through as the line allows, the rest are refused on the line, and the shipped quantity equals what shipped.
 *
 * It needs a PostgreSQL server (TEST_DATABASE_URL, as trace.stock.pg.test.ts); without one it is skipped.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const CLIENTS = 12;

describe.runIf(!!adminUrl)('12 shipments drawing on one order line at once on PostgreSQL', () => {
  let server: TestServer;
  const tokens: Record<string, string> = {};
  const { call } = callsAs(() => server, tokens);
  const today = shanghaiToday();

  beforeAll(async () => {
    server = await startTestServer();
    expect(server.database.kind).toBe('postgres');
    tokens.maker = await server.login('13800000001');
  });
  afterAll(() => server?.stop());

  it('never ships past the ordered quantity, and voids and ships at once without a deadlock', async () => {
    const maker = await userOf(server, '13800000001');
    const developer = await userOf(server, '13800000005');
    const school = await projectIdOf(server, '南京市鼓楼区天妃宫小学新建工程');
    const insul = await specOf(server, '岩棉保温板', 'TR10 50 厚');
    const from = await addAddress(server, maker.orgId, { kind: 'factory' });
    const order = await addOrder(server.database.db, {
      projectId: school,
      buyerOrgId: developer.orgId,
      supplierOrgId: maker.orgId,
      createdBy: developer.userId,
      status: 'confirmed',
      lines: [{ productId: insul.productId, specId: insul.specId, quantity: '20' }],
    });
    const lineId = order.lineIds[0] as number;
    const drafts: number[] = [];
    for (let i = 0; i < CLIENTS; i++) {
      const lotId = await addLot(server, insul, 3);
      // Each draft fits on its own (3 of 20); together they ask 36.
      const d = ok(
        await call('maker', api.orderShip, {
          id: order.id,
          fromAddressId: from,
          shipDate: today,
          lines: [{ orderLineId: lineId, lotId, quantity: 3 }],
        }),
      );
      drafts.push(d.shipmentId);
    }
    const first = drafts.slice(0, 6);
    const answers = await Promise.all(first.map((id) => call('maker', traceEndpoints.shipmentShip, { id })));
    expect(answers.every((r) => r.status === 200)).toBe(true);
    // 18 of 20 taken; void three while the other six ship: at most one more 3 fits after the voids give back 9.
    const voids = first.slice(0, 3).map((id) => call('maker', traceEndpoints.shipmentVoid, { id, reason: '取消' }));
    const ships = drafts.slice(6).map((id) => call('maker', traceEndpoints.shipmentShip, { id }));
    const raced = await Promise.all([...voids, ...ships]);
    expect(raced.slice(0, 3).every((r) => r.status === 200)).toBe(true);
    for (const r of raced.slice(3).filter((a) => a.status !== 200)) {
      expect(r.status, r.raw).toBe(400);
      expect(r.body.data.fields, r.raw).toEqual([{ field: 'lines.0.quantity', message: expect.any(String) }]);
    }
    const shippedNow = 3 + raced.slice(3).filter((r) => r.status === 200).length;
    const [line] = await server.database.db
      .select({ q: purchaseOrderLines.shippedQuantity })
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.id, lineId));
    expect(Number(line?.q)).toBe(3 * shippedNow);
    expect(Number(line?.q)).toBeLessThanOrEqual(20);
    const taken = await server.database.db
      .select({ q: purchaseOrderShipmentLines.quantity })
      .from(purchaseOrderShipmentLines)
      .where(eq(purchaseOrderShipmentLines.orderLineId, lineId));
    expect(taken.reduce((s, r) => s + Number(r.q), 0)).toBe(3 * shippedNow);
  });
});
