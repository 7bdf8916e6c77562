import type { OrderOriginValue } from '@jcbb/contract';
import type { Tx } from '../../db/client.ts';
import { purchaseOrderLines, purchaseOrders } from '../../db/schema/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { withDocumentNumber } from '../../lib/document-number.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { amountOf } from './procurement.candidates.ts';

/** Purchase order numbers: CG + day + sequence (采购). */
const ORDER_SERIES = {
  table: purchaseOrders,
  column: purchaseOrders.number,
  constraint: 'purchase_orders_number_uq',
  prefix: 'CG',
} as const;

export interface NewOrderLine {
  listLineId: number | null;
  productId: number;
  specId: number;
  unitId: number;
  /** Decimal text in the specification's unit. */
  quantity: string;
  unitPriceFen: number;
  requiredBy: string | null;
}

export interface NewOrder {
  projectId: number;
  buyerOrgId: number;
  supplierOrgId: number;
  origin: OrderOriginValue;
  inquiryId?: number | null;
  quoteId?: number | null;
  /** Why this supplier: the award's or the direct purchase's written reason. */
  reason: string;
  deliveryAddress?: string | null;
  lines: readonly NewOrderLine[];
}

/**
 * The one way a purchase order comes about (docs/procurement.md, "Selection and purchase"): an award on an inquiry or
 * a direct purchase from the catalogue makes a draft order with its lines, its amount (Σ quantity × unit price, in
 * fen) and its number, audited. Nobody is told yet: the buyer sends the draft (the orders part), and the supplier
 * hears of it then. Runs in the caller's transaction; the caller has checked the project, the supplier and the lines.
 */
export async function createPurchaseOrder(tx: Tx, user: SessionUser, order: NewOrder) {
  const amountFen = order.lines.reduce((sum, l) => sum + amountOf(l.quantity, l.unitPriceFen), 0);
  const created = await withDocumentNumber(tx, ORDER_SERIES, async (sp, number) => {
    const [row] = await sp
      .insert(purchaseOrders)
      .values({
        number,
        projectId: order.projectId,
        buyerOrgId: order.buyerOrgId,
        supplierOrgId: order.supplierOrgId,
        origin: order.origin,
        inquiryId: order.inquiryId ?? null,
        quoteId: order.quoteId ?? null,
        status: 'draft',
        amountFen,
        reason: order.reason,
        deliveryAddress: order.deliveryAddress ?? null,
        createdBy: user.userId,
      })
      .returning({ id: purchaseOrders.id, number: purchaseOrders.number });
    return row as { id: number; number: string };
  });
  await tx.insert(purchaseOrderLines).values(
    order.lines.map((l, i) => ({
      orderId: created.id,
      lineNo: i + 1,
      listLineId: l.listLineId,
      productId: l.productId,
      specId: l.specId,
      unitId: l.unitId,
      quantity: l.quantity,
      unitPriceFen: l.unitPriceFen,
      requiredBy: l.requiredBy,
    })),
  );
  await recordAudit(tx, {
    entity: 'purchase_order',
    entityId: created.id,
    action: 'create',
    toState: 'draft',
    actor: user,
    orgId: order.buyerOrgId,
    reason: order.reason,
    data: {
      origin: order.origin,
      supplierOrgId: order.supplierOrgId,
      inquiryId: order.inquiryId ?? null,
      quoteId: order.quoteId ?? null,
      amountFen,
    },
  });
  return { orderId: created.id, number: created.number, amountFen };
}
