import { sql } from 'drizzle-orm';
import { purchaseOrderShipmentLines, receiptLines } from '../../db/schema/index.ts';

/**
 * What arrived of each order line (docs/procurement.md, "Delivered"): the quantity accepted at the gate on the
 * receipts of the shipment lines that took from it. One subquery, joined by the order views and the summaries, so
 * "delivered" means one thing everywhere. Columns: order_line_id, delivered (numeric).
 */
export const deliveredPerOrderLine = sql`(
  select ${purchaseOrderShipmentLines.orderLineId} as order_line_id,
         coalesce(sum(${receiptLines.accepted}), 0) as delivered
  from ${purchaseOrderShipmentLines}
  join ${receiptLines} on ${receiptLines.shipmentLineId} = ${purchaseOrderShipmentLines.shipmentLineId}
  group by ${purchaseOrderShipmentLines.orderLineId}
)`;
