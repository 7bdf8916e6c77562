import type { orderShipBody } from '@jcbb/contract';
import { fromMilli, toMilli } from '@jcbb/contract/quantity';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { invalidInput } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { saveShipmentDraft } from '../trace/index.ts';
import * as repo from './procurement.order.repository.ts';

/**
 * Shipping against an order (docs/procurement.md, "Purchase orders"): a draft shipment of chosen order lines to the
 * order's project, saved through traceability's own draft function in the caller's transaction (its checks of lots,
 * addresses and destination apply as they stand), and linked to the order in `purchase_order_shipments`. The send
 * wizard then opens on the draft; the procurement shipment gate draws the order down when it ships.
 */

export type OrderShipBody = z.output<typeof orderShipBody>;

/** The transport a drafted shipment starts with (heavy diesel truck, 18 t); the wizard lets the shipper change it. */
const DEFAULT_TRANSPORT_TYPE = 8;

export async function shipAgainstOrder(
  tx: Tx,
  user: SessionUser,
  o: repo.OrderRowDb,
  lines: readonly repo.OrderLineRow[],
  body: OrderShipBody,
): Promise<{ id: number; number: string }> {
  const byId = new Map(lines.map((l) => [l.id, l]));
  const errors: { field: string; message: string }[] = [];
  const taken = new Map<number, number>();
  const shipLines = body.lines.map((s, i) => {
    const line = byId.get(s.orderLineId);
    if (!line) {
      errors.push({ field: `lines.${i}.orderLineId`, message: '订单明细不存在' });
      return { specId: 0, lotId: s.lotId, quantity: s.quantity, codes: [] };
    }
    const before = taken.get(line.id) ?? 0;
    const remaining = toMilli(line.quantity) - toMilli(line.shipped) - before;
    const wanted = toMilli(s.quantity);
    if (wanted > remaining) {
      errors.push({ field: `lines.${i}.quantity`, message: `超出订单剩余数量 ${fromMilli(Math.max(remaining, 0))}` });
    }
    taken.set(line.id, before + wanted);
    return { specId: line.spec_id, lotId: s.lotId, quantity: s.quantity, codes: [] };
  });
  if (errors.length > 0) throw invalidInput(errors);
  const saved = await saveShipmentDraft(tx, user, {
    destination: { kind: 'project', projectId: o.projectId },
    fromAddressId: body.fromAddressId,
    toAddressId: undefined,
    shipDate: body.shipDate,
    transportType: DEFAULT_TRANSPORT_TYPE,
    vehiclePlate: undefined,
    remarks: `采购订单 ${o.number}`,
    lines: shipLines,
  });
  await repo.linkShipment(tx, o.id, saved.id);
  return saved;
}
