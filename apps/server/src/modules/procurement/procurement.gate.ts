import type { FieldError } from '@jcbb/contract';
import { fromMilli, milliText, toMilli } from '@jcbb/contract/quantity';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  purchaseOrderLines,
  purchaseOrderShipmentLines,
  purchaseOrderShipments,
  purchaseOrders,
} from '../../db/schema/index.ts';
import { conflict, invalidInput } from '../../lib/errors.ts';
import type { GateShipment, LineScope, ShipmentGate } from '../trace/index.ts';

/**
 * Shipping against a purchase order (docs/procurement.md, "Purchase orders"; docs/traceability.md, "Shipment
 * gate"): traceability's `ShipmentGate` for shipments linked to an order (`purchase_order_shipments`). Each shipment
 * line draws on an order line of the same specification with room left; shipping locks the order's lines (FOR
 * UPDATE, in id order), refuses beyond what is left, adds to `shipped_quantity` (its CHECK ≤ quantity is the last
 * guard) and records what each line took (`purchase_order_shipment_lines`); a void, or the outstanding part of a
 * closed shipment, gives back what never arrived. Shipments not linked to an order pass untouched.
 */

interface OrderLink {
  orderId: number;
  number: string;
  status: string;
  projectId: number;
}

async function orderOf(tx: Tx, shipmentId: number): Promise<OrderLink | null> {
  const [row] = await tx
    .select({
      orderId: purchaseOrders.id,
      number: purchaseOrders.number,
      status: purchaseOrders.status,
      projectId: purchaseOrders.projectId,
    })
    .from(purchaseOrderShipments)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderShipments.orderId))
    .where(eq(purchaseOrderShipments.shipmentId, shipmentId));
  return row ?? null;
}

type OrderLine = typeof purchaseOrderLines.$inferSelect;

/** Per shipment line (by index): the order line it draws on (same specification, room left after earlier lines). */
function drawsOf(s: GateShipment, rows: readonly OrderLine[]): (OrderLine | null)[] {
  const used = new Map<number, number>();
  return s.lines.map((l) => {
    const wanted = toMilli(l.quantity);
    const fits = rows.find(
      (r) =>
        r.specId === l.specId && toMilli(r.quantity) - toMilli(r.shippedQuantity) - (used.get(r.id) ?? 0) >= wanted,
    );
    if (!fits) return null;
    used.set(fits.id, (used.get(fits.id) ?? 0) + wanted);
    return fits;
  });
}

/** Why line i cannot draw on the order (in Chinese), or null. */
function refusalOf(s: GateShipment, link: OrderLink, rows: readonly OrderLine[], draw: OrderLine | null, i: number) {
  if (link.status !== 'confirmed') return `采购订单 ${link.number} 不在履行中`;
  if (s.projectId !== link.projectId) return `收货项目不是采购订单 ${link.number} 的项目`;
  if (draw) return null;
  const line = s.lines[i];
  const same = rows.filter((r) => r.specId === line?.specId);
  if (same.length === 0) return `采购订单 ${link.number} 没有此规格`;
  const left = same.reduce((sum, r) => sum + toMilli(r.quantity) - toMilli(r.shippedQuantity), 0);
  return `超出采购订单 ${link.number} 剩余数量 ${fromMilli(Math.max(left, 0))}`;
}

async function checkShipment(tx: Tx, s: GateShipment): Promise<(LineScope | null)[] | null> {
  const link = await orderOf(tx, s.shipmentId);
  if (!link) return null;
  const rows = await tx
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.orderId, link.orderId))
    .orderBy(asc(purchaseOrderLines.id));
  const draws = drawsOf(s, rows);
  return draws.map((d, i) => {
    const refusal = refusalOf(s, link, rows, d, i);
    if (refusal) return { covered: false, label: refusal };
    return { covered: true, label: `采购订单 ${link.number} 第 ${d?.lineNo} 行` };
  });
}

async function shipShipment(tx: Tx, s: GateShipment): Promise<void> {
  const link = await orderOf(tx, s.shipmentId);
  if (!link) return;
  // The order's row first (a close or cancel waits for this ship, and the reverse), then its lines in id order.
  const [order] = await tx
    .select({ status: purchaseOrders.status })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.id, link.orderId))
    .for('share');
  const now = { ...link, status: order?.status ?? link.status };
  if (now.status !== 'confirmed') throw conflict(`采购订单 ${link.number} 不在履行中，不能按订单发货`);
  const rows = await tx
    .select()
    .from(purchaseOrderLines)
    .where(eq(purchaseOrderLines.orderId, link.orderId))
    .orderBy(asc(purchaseOrderLines.id))
    .for('update');
  const draws = drawsOf(s, rows);
  const fields: FieldError[] = [];
  for (const [i, d] of draws.entries()) {
    const refusal = refusalOf(s, now, rows, d, i);
    if (refusal) fields.push({ field: d ? `lines.${i}.specId` : `lines.${i}.quantity`, message: refusal });
  }
  if (fields.length > 0) throw invalidInput(fields);
  await addShipped(
    tx,
    draws.map((d, i) => ({ id: (d as OrderLine).id, quantity: s.lines[i]?.quantity ?? '0' })),
  );
  await tx.insert(purchaseOrderShipmentLines).values(
    s.lines.map((l, i) => ({
      shipmentLineId: l.lineId as number,
      shipmentId: s.shipmentId,
      orderId: link.orderId,
      orderLineId: (draws[i] as OrderLine).id,
      quantity: l.quantity,
    })),
  );
}

/** Adds to (or, negative, takes from) order lines' shipped quantity, one statement per line in id order. */
async function addShipped(tx: Tx, draws: readonly { id: number; quantity: string }[], sign: 1 | -1 = 1) {
  const sums = new Map<number, number>();
  for (const d of draws) sums.set(d.id, (sums.get(d.id) ?? 0) + sign * toMilli(d.quantity));
  for (const [id, q] of [...sums.entries()].sort(([a], [b]) => a - b)) {
    if (q === 0) continue;
    await tx
      .update(purchaseOrderLines)
      .set({ shippedQuantity: sql`${purchaseOrderLines.shippedQuantity} + ${milliText(q)}::numeric` })
      .where(eq(purchaseOrderLines.id, id));
  }
}

/**
 * A shipment withdrawn before receipt (voided, or the outstanding part of a closed one) gives back what its lines
 * took of the order: the supplier may ship it again. What was received — accepted or rejected — stays taken.
 */
async function withdrawShipment(tx: Tx, shipmentId: number, lines: readonly { lineId: number; quantity: string }[]) {
  if (lines.length === 0) return;
  const rows = await tx
    .select()
    .from(purchaseOrderShipmentLines)
    .where(
      and(
        eq(purchaseOrderShipmentLines.shipmentId, shipmentId),
        inArray(
          purchaseOrderShipmentLines.shipmentLineId,
          lines.map((l) => l.lineId),
        ),
      ),
    );
  if (rows.length === 0) return;
  const back = new Map(lines.map((l) => [l.lineId, toMilli(l.quantity)]));
  // The order lines locked in id order, as shipping takes them.
  await tx
    .select({ id: purchaseOrderLines.id })
    .from(purchaseOrderLines)
    .where(
      inArray(
        purchaseOrderLines.id,
        rows.map((r) => r.orderLineId),
      ),
    )
    .orderBy(asc(purchaseOrderLines.id))
    .for('update');
  await addShipped(
    tx,
    rows.map((r) => ({ id: r.orderLineId, quantity: milliText(back.get(r.shipmentLineId) ?? 0) })),
    -1,
  );
  for (const r of rows) {
    const left = toMilli(r.quantity) - (back.get(r.shipmentLineId) ?? 0);
    if (left > 0) {
      await tx
        .update(purchaseOrderShipmentLines)
        .set({ quantity: milliText(left) })
        .where(eq(purchaseOrderShipmentLines.shipmentLineId, r.shipmentLineId));
    } else {
      await tx
        .delete(purchaseOrderShipmentLines)
        .where(eq(purchaseOrderShipmentLines.shipmentLineId, r.shipmentLineId));
    }
  }
}

/** The procurement module's shipment gate (app.ts combines it with distribution's and passes it to traceability). */
export const procurementShipmentGate: ShipmentGate = {
  check: checkShipment,
  ship: shipShipment,
  withdrawn: withdrawShipment,
};
