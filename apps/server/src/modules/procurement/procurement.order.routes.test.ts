import { procurementEndpoints as api, traceEndpoints } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { shanghaiToday } from '@jcbb/contract/time';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callsAs, fieldsOf, ok } from '../../../test/calls.ts';
import { startTestServer, type TestServer } from '../../../test/harness.ts';
import { auditLog, messages, purchaseOrderLines, purchaseOrderShipmentLines } from '../../db/schema/index.ts';
import { addAddress, addLot, certify, projectIdOf, specOf, userOf } from '../trace/trace.test-support.ts';
import { addOrder, type OrderLineInput } from './procurement.order.test-support.ts';

/**
 * Purchase orders after creation end to end (docs/procurement.md, "Purchase orders"): the lifecycle and who may take
 * each step, shipping against an order through traceability (the gate draws the order down, a void gives back),
 * receipts at the site making it read as partly delivered and delivered, and closing.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call, callRaw } = callsAs(() => server, tokens);
const today = shanghaiToday();
const ctx = {
  developer: { orgId: 0, userId: 0 },
  maker: { orgId: 0, userId: 0 },
  otherMaker: { orgId: 0, userId: 0 },
  school: 0,
  sports: 0,
  makerAddress: 0,
};
let insul: Awaited<ReturnType<typeof specOf>>;

async function order(status: 'draft' | 'sent' | 'confirmed' = 'draft', lines?: OrderLineInput[], projectId = 0) {
  return addOrder(server.database.db, {
    projectId: projectId || ctx.school,
    buyerOrgId: ctx.developer.orgId,
    supplierOrgId: ctx.maker.orgId,
    createdBy: ctx.developer.userId,
    status,
    lines: lines ?? [{ productId: insul.productId, specId: insul.specId, unitId: insul.unitId, quantity: '10' }],
  });
}

/** A draft shipment against the order of `quantity` from a fresh lot, shipped; answers its id and line ids. */
async function shipAgainst(orderId: number, orderLineId: number, quantity: number, ship = true) {
  const lotId = await addLot(server, insul, 100);
  const draft = ok(
    await call('maker', api.orderShip, {
      id: orderId,
      fromAddressId: ctx.makerAddress,
      shipDate: today,
      lines: [{ orderLineId, lotId, quantity }],
    }),
  );
  if (ship) ok(await call('maker', traceEndpoints.shipmentShip, { id: draft.shipmentId }));
  const detail = ok(await call('maker', traceEndpoints.shipmentDetail, { id: draft.shipmentId }));
  return { id: draft.shipmentId, lineIds: detail.lines.map((l) => l.id), lotId };
}

const detail = (who: string | null, id: number) => call(who, api.orderDetail, { id });
const shippedOf = async (lineId: number) =>
  Number(
    (
      await server.database.db
        .select({ q: purchaseOrderLines.shippedQuantity })
        .from(purchaseOrderLines)
        .where(eq(purchaseOrderLines.id, lineId))
    )[0]?.q,
  );

beforeAll(async () => {
  server = await startTestServer();
  const who = {
    maker: '13800000001',
    dealer: '13800000002',
    builder: '13800000003',
    supervisor: '13800000004',
    developer: '13800000005',
    otherMaker: '13800000008',
  };
  for (const [k, m] of Object.entries(who)) tokens[k] = await server.login(m);
  ctx.developer = await userOf(server, who.developer);
  ctx.maker = await userOf(server, who.maker);
  ctx.otherMaker = await userOf(server, who.otherMaker);
  await certify(server, ctx.otherMaker.orgId);
  ctx.school = await projectIdOf(server, '南京市鼓楼区天妃宫小学新建工程');
  ctx.sports = await projectIdOf(server, '建邺区青少年体育中心');
  ctx.makerAddress = await addAddress(server, ctx.maker.orgId, { kind: 'factory', name: '绿筑江宁工厂' });
  insul = await specOf(server, '岩棉保温板', 'TR10 50 厚');
});
afterAll(() => server?.stop());

describe('the order lifecycle', () => {
  it('is sent by the buyer, confirmed by the supplier, each step audited and the other side told', async () => {
    const o = await order();
    // A draft is the buyer's alone.
    expect((await detail('maker', o.id)).status).toBe(404);
    expect(ok(await detail('builder', o.id))).toMatchObject({
      side: 'buyer',
      status: 'draft',
      actions: ['send', 'cancel'],
    });
    expect((await call('maker', api.orderSend, { id: o.id })).status).toBe(403);
    ok(await call('developer', api.orderSend, { id: o.id }));
    expect((await call('developer', api.orderSend, { id: o.id })).status).toBe(409);
    const seen = ok(await detail('maker', o.id));
    expect(seen).toMatchObject({ side: 'supplier', status: 'sent', actions: ['confirm', 'decline'] });
    const inbox = await server.database.db.select().from(messages).where(eq(messages.companyId, ctx.maker.orgId));
    expect(inbox.some((m) => m.targetUrl === pageUrl(pages.supplierOrder, { id: o.id }))).toBe(true);

    expect((await call('developer', api.orderConfirm, { id: o.id })).status).toBe(403);
    ok(await call('maker', api.orderConfirm, { id: o.id }));
    expect(ok(await detail('developer', o.id))).toMatchObject({ status: 'confirmed', actions: ['close'] });
    const buyerInbox = await server.database.db
      .select()
      .from(messages)
      .where(eq(messages.companyId, ctx.developer.orgId));
    expect(buyerInbox.some((m) => m.targetUrl === pageUrl(pages.procurementOrder, { id: o.id }))).toBe(true);
    const audit = await server.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'purchase_order'), eq(auditLog.entityId, String(o.id))));
    expect(audit.map((a) => [a.action, a.fromState, a.toState])).toEqual([
      ['send', 'draft', 'sent'],
      ['confirm', 'sent', 'confirmed'],
    ]);
  });

  it('answers 404 to another organisation, 403 to the wrong organisation type, 401 without a session', async () => {
    const o = await order('sent');
    for (const who of ['otherMaker', 'dealer']) {
      expect((await detail(who, o.id)).status, who).toBe(404);
      expect((await call(who, api.orderConfirm, { id: o.id })).status, who).toBe(404);
    }
    expect((await detail('supervisor', o.id)).status).toBe(403);
    expect((await call('supervisor', api.orderList, {})).status).toBe(403);
    expect((await detail(null, o.id)).status).toBe(401);
    // A construction unit that has not joined the project does not see its orders.
    const other = await order('sent', undefined, ctx.sports);
    expect((await detail('builder', other.id)).status).toBe(404);
    expect((await call('builder', api.orderCancel, { id: other.id, reason: '不需要' })).status).toBe(404);
    expect((await detail('developer', 2_000_000)).status).toBe(404);
  });

  it('is cancelled by the buyer or declined by the supplier, each with a reason', async () => {
    const a = await order('sent');
    expect(fieldsOf(await callRaw('developer', api.orderCancel, { id: a.id, reason: '' }))).toHaveProperty('reason');
    ok(await call('developer', api.orderCancel, { id: a.id, reason: '项目调整' }));
    expect(ok(await detail('developer', a.id))).toMatchObject({ status: 'cancelled', statusReason: '项目调整' });
    const b = await order('sent');
    expect((await call('developer', api.orderDecline, { id: b.id, reason: '缺货' })).status).toBe(403);
    ok(await call('maker', api.orderDecline, { id: b.id, reason: '缺货' }));
    expect(ok(await detail('maker', b.id))).toMatchObject({ status: 'cancelled', statusReason: '缺货', actions: [] });
    expect((await call('maker', api.orderConfirm, { id: b.id })).status).toBe(409);
  });

  it('lists the buyer’s orders by project and state, and the supplier’s sent to it', async () => {
    const o = await order('sent');
    const mine = ok(await call('developer', api.orderList, { projectId: ctx.school, status: 'sent', take: 100 }));
    expect(mine.list.some((r) => r.id === o.id)).toBe(true);
    expect(mine.list.every((r) => r.status === 'sent' && r.projectId === ctx.school)).toBe(true);
    const theirs = ok(await call('maker', api.orderList, { keyword: o.number }));
    expect(theirs.list.map((r) => r.id)).toEqual([o.id]);
    expect(ok(await call('otherMaker', api.orderList, { keyword: o.number })).total).toBe(0);
    expect(fieldsOf(await callRaw('developer', api.orderList, { status: 'nope' }))).toHaveProperty('status');
  });
});

describe('shipping against an order and delivery', () => {
  it('reads as partly delivered from the receipts at the site; closes with a reason while short', async () => {
    const o = await order('confirmed');
    const lineId = o.lineIds[0] as number;
    const s = await shipAgainst(o.id, lineId, 6);
    expect(await shippedOf(lineId)).toBe(6);
    const d1 = ok(await detail('developer', o.id));
    expect(d1.status).toBe('confirmed');
    expect(d1.lines[0]).toMatchObject({ quantity: '10', shipped: '6', delivered: '0', outstanding: '4' });
    expect(d1.shipments.map((x) => x.id)).toEqual([s.id]);

    ok(
      await call('builder', traceEndpoints.receiptCreate, {
        shipmentId: s.id,
        arrivedOn: today,
        lines: [
          { shipmentLineId: s.lineIds[0] as number, received: 6, accepted: 5, rejected: 1, rejectReason: 'damaged' },
        ],
      }),
    );
    const d2 = ok(await detail('developer', o.id));
    expect(d2).toMatchObject({ status: 'partly_delivered', deliveredPct: 50 });
    expect(d2.lines[0]).toMatchObject({ delivered: '5', rejected: '1' });
    // Closing before everything arrived needs a reason.
    expect(fieldsOf(await call('developer', api.orderClose, { id: o.id }))).toHaveProperty('reason');

    const s2 = await shipAgainst(o.id, lineId, 4);
    ok(
      await call('builder', traceEndpoints.receiptCreate, {
        shipmentId: s2.id,
        arrivedOn: today,
        lines: [{ shipmentLineId: s2.lineIds[0] as number, received: 4, accepted: 4, rejected: 0 }],
      }),
    );
    // 9 of 10 accepted: still partly delivered.
    expect(ok(await detail('developer', o.id)).status).toBe('partly_delivered');
    expect((await call('developer', api.orderList, { status: 'partly_delivered', take: 100 })).body.data.list).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: o.id, deliveredPct: 90 })]),
    );
    ok(await call('developer', api.orderClose, { id: o.id, reason: '1 件破损不再补发' }));
    const closed = ok(await detail('maker', o.id));
    expect(closed).toMatchObject({ status: 'closed', actions: [] });
    expect(closed.lines[0]?.outstanding).toBe('0');
  });

  it('reads as delivered when every line arrived in full', async () => {
    const o = await order('confirmed');
    const s = await shipAgainst(o.id, o.lineIds[0] as number, 10);
    ok(
      await call('builder', traceEndpoints.receiptCreate, {
        shipmentId: s.id,
        arrivedOn: today,
        lines: [{ shipmentLineId: s.lineIds[0] as number, received: 10, accepted: 10, rejected: 0 }],
      }),
    );
    expect(ok(await detail('developer', o.id))).toMatchObject({ status: 'delivered', deliveredPct: 100 });
    expect(
      (await call('maker', api.orderShip, { id: o.id, fromAddressId: 1, shipDate: today, lines: [] })).status,
    ).toBe(400);
    ok(await call('developer', api.orderClose, { id: o.id }));
  });

  it('refuses more than a line has left, at the draft and at the gate; a void gives it back', async () => {
    const o = await order('confirmed');
    const lineId = o.lineIds[0] as number;
    const lotId = await addLot(server, insul, 100);
    const tooMuch = await call('maker', api.orderShip, {
      id: o.id,
      fromAddressId: ctx.makerAddress,
      shipDate: today,
      lines: [{ orderLineId: lineId, lotId, quantity: 11 }],
    });
    expect(fieldsOf(tooMuch)['lines.0.quantity']).toBe('超出订单剩余数量 10');
    expect(
      fieldsOf(
        await call('maker', api.orderShip, {
          id: o.id,
          fromAddressId: ctx.makerAddress,
          shipDate: today,
          lines: [{ orderLineId: 2_000_000, lotId, quantity: 1 }],
        }),
      ),
    ).toHaveProperty(['lines.0.orderLineId']);
    // Two drafts of 7 each fit on their own; the second one to ship is refused by the gate.
    const a = await shipAgainst(o.id, lineId, 7, false);
    const b = await shipAgainst(o.id, lineId, 7, false);
    const check = ok(await call('maker', traceEndpoints.shipmentDetail, { id: b.id }));
    expect(check.lines[0]?.scope).toMatchObject({ covered: true });
    ok(await call('maker', traceEndpoints.shipmentShip, { id: a.id }));
    const refused = await call('maker', traceEndpoints.shipmentShip, { id: b.id });
    expect(refused.status).toBe(400);
    expect(fieldsOf(refused)['lines.0.quantity']).toBe(`超出采购订单 ${o.number} 剩余数量 3`);
    expect(await shippedOf(lineId)).toBe(7);
    // Voided before anything arrived: the order line has all of it again.
    ok(await call('maker', traceEndpoints.shipmentVoid, { id: a.id, reason: '车辆故障' }));
    expect(await shippedOf(lineId)).toBe(0);
    const rows = await server.database.db
      .select()
      .from(purchaseOrderShipmentLines)
      .where(eq(purchaseOrderShipmentLines.shipmentId, a.id));
    expect(rows).toEqual([]);
    ok(await call('maker', traceEndpoints.shipmentShip, { id: b.id }));
    expect(await shippedOf(lineId)).toBe(7);
  });

  it('lets only the supplier ship, and only a confirmed order', async () => {
    const sent = await order('sent');
    const body = {
      id: sent.id,
      fromAddressId: ctx.makerAddress,
      shipDate: today,
      lines: [{ orderLineId: sent.lineIds[0] as number, lotId: 1, quantity: 1 }],
    };
    expect((await call('maker', api.orderShip, body)).status).toBe(409);
    expect((await call('developer', api.orderShip, body)).status).toBe(403);
    expect((await call('otherMaker', api.orderShip, body)).status).toBe(404);
    const bad = fieldsOf(await callRaw('maker', api.orderShip, { ...body, shipDate: '2026-13-45', lines: 'x' }));
    expect(Object.keys(bad)).toEqual(expect.arrayContaining(['shipDate', 'lines']));
  });
});
