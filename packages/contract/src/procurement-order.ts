import { pageOf } from './envelope.ts';
import { blankToUndefined, optionalId, optionalText, positiveId, requiredText, takeSkip } from './params.ts';
import {
  alternateStatusValues,
  lineFlagValues,
  type OrderStatusValue,
  orderOriginValues,
  orderStatusValues,
  procurementFenField,
  REASON_MAX,
} from './procurement.ts';
import { toMilli } from './quantity.ts';
import { dateField, optionalDate, quantityField } from './trace.ts';
import { z } from './zod.ts';

/**
 * Procurement's purchase orders after creation and the alternates of a list line (docs/procurement.md, "Purchase
 * orders", "Alternate suppliers"); the code tables shared by all parts are in procurement.ts.
 */

const labels = <K extends number | string>(m: Record<K, { zh: string; en: string }>) => m;

// ---- purchase orders ----

/** What may be done to an order (its transition table): the detail's buttons. */
export const OrderAction = {
  SEND: 'send',
  CONFIRM: 'confirm',
  DECLINE: 'decline',
  CANCEL: 'cancel',
  CLOSE: 'close',
  SHIP: 'ship',
} as const;
export type OrderActionValue = (typeof OrderAction)[keyof typeof OrderAction];
export const orderActionValues = Object.values(OrderAction) as [OrderActionValue, ...OrderActionValue[]];
export const orderActionLabels = labels<OrderActionValue>({
  send: { zh: '发送给供应商', en: 'Send to the supplier' },
  confirm: { zh: '确认订单', en: 'Confirm' },
  decline: { zh: '拒绝订单', en: 'Decline' },
  cancel: { zh: '取消订单', en: 'Cancel' },
  close: { zh: '关闭订单', en: 'Close' },
  ship: { zh: '按订单发货', en: 'Ship against the order' },
});

/** Who the caller is to an order. */
export const orderSideValues = ['buyer', 'supplier'] as const;
export type OrderSide = (typeof orderSideValues)[number];

export const ORDER_PAGE_SIZE = 10;
export const ORDER_SHIP_LINES_MAX = 200;

export const orderListBody = z.object({
  ...takeSkip(ORDER_PAGE_SIZE, 100),
  /** A buyer's project (a buyer sees every project it buys for when absent). */
  projectId: optionalId('项目'),
  status: z.preprocess(blankToUndefined, z.enum(orderStatusValues, { error: '请选择正确的订单状态' }).optional()),
  /** Order number, supplier, buyer or project name. */
  keyword: optionalText('关键字', 50),
});

export const orderRow = z.object({
  id: z.number().int(),
  number: z.string(),
  projectId: z.number().int(),
  projectName: z.string(),
  buyerName: z.string(),
  supplierOrgId: z.number().int(),
  supplierName: z.string(),
  origin: z.enum(orderOriginValues),
  /** As read: a confirmed order reads as partly delivered or delivered from its receipts. */
  status: z.enum(orderStatusValues),
  amountFen: z.number().int(),
  lineCount: z.number().int(),
  /** Accepted at the site ÷ ordered, over all lines, in percent (0–100, rounded down). */
  deliveredPct: z.number().int(),
  createdAt: z.string(),
});
export type OrderRow = z.infer<typeof orderRow>;
export const orderListData = pageOf(orderRow);

/** A line as ordered, shipped, delivered (accepted at the site), rejected, and what is still to come. */
export const orderLineView = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  listLineId: z.number().int().nullable(),
  productId: z.number().int(),
  productName: z.string(),
  specId: z.number().int(),
  specName: z.string(),
  unit: z.string(),
  unitPriceFen: z.number().int(),
  amountFen: z.number().int(),
  requiredBy: z.string().nullable(),
  /** Quantities as decimal text in the line's unit. */
  quantity: z.string(),
  shipped: z.string(),
  delivered: z.string(),
  rejected: z.string(),
  /** Ordered − shipped; 0 once the order is closed or cancelled. */
  outstanding: z.string(),
});
export type OrderLineView = z.infer<typeof orderLineView>;

export const orderShipmentView = z.object({
  id: z.number().int(),
  number: z.string(),
  /** ShipmentStatus (traceability). */
  status: z.number().int(),
  shipDate: z.string(),
});

export const orderDetail = orderRow.extend({
  buyerOrgId: z.number().int(),
  inquiryId: z.number().int().nullable(),
  reason: z.string(),
  deliveryAddress: z.string().nullable(),
  statusReason: z.string().nullable(),
  sentAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  lines: z.array(orderLineView),
  shipments: z.array(orderShipmentView),
  side: z.enum(orderSideValues),
  actions: z.array(z.enum(orderActionValues)),
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const orderIdQuery = z.object({ id: positiveId('订单') });
export const orderIdBody = orderIdQuery;
export const orderReasonBody = z.object({ id: positiveId('订单'), reason: requiredText('原因', REASON_MAX) });
/** Close: a reason is required when the order is not fully delivered (the server asks for it then). */
export const orderCloseBody = z.object({ id: positiveId('订单'), reason: optionalText('关闭原因', REASON_MAX) });

/** Ship against a confirmed order: a draft shipment of these lines to the order's project, then the send wizard. */
export const orderShipBody = z.object({
  id: positiveId('订单'),
  fromAddressId: positiveId('发货地址'),
  shipDate: dateField('发货日期'),
  lines: z
    .array(
      z.object({
        orderLineId: positiveId('订单明细'),
        lotId: positiveId('批次'),
        quantity: quantityField('发货数量'),
      }),
      { error: '请选择发货明细' },
    )
    .min(1, '请至少选择一行发货明细')
    .max(ORDER_SHIP_LINES_MAX, `最多 ${ORDER_SHIP_LINES_MAX} 行`),
});
export const orderShipData = z.object({ shipmentId: z.number().int(), number: z.string() });
export const orderDone = z.object({ id: z.number().int() });

// ---- alternate suppliers ----

export const alternateListQuery = z.object({ projectId: positiveId('项目') });

export const alternateView = z.object({
  id: z.number().int(),
  rank: z.number().int(),
  supplierOrgId: z.number().int(),
  supplierName: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  specId: z.number().int(),
  specName: z.string(),
  quoteId: z.number().int().nullable(),
  quotedUnitPriceFen: z.number().int().nullable(),
  reason: z.string(),
  notPrimaryReason: z.string().nullable(),
  validUntil: z.string().nullable(),
  /** As read: the best standing-by alternate of a flagged line reads as proposed. */
  status: z.enum(alternateStatusValues),
  /** Past its valid-until day. */
  expired: z.boolean(),
});
export type AlternateView = z.infer<typeof alternateView>;

/** Why a line's primary is flagged, with the fact behind it in words. */
export const lineFlagView = z.object({ flag: z.enum(lineFlagValues), detail: z.string() });

export const alternateLineView = z.object({
  lineId: z.number().int(),
  lineNo: z.number().int(),
  commonName: z.string(),
  spec: z.string().nullable(),
  unit: z.string(),
  quantity: z.string(),
  requiredBy: z.string(),
  /** The line's primary: its chosen product, else its open order's supplier; null when nothing is chosen yet. */
  primary: z
    .object({
      supplierOrgId: z.number().int(),
      supplierName: z.string(),
      productId: z.number().int(),
      productName: z.string(),
      specId: z.number().int(),
      specName: z.string(),
      orderId: z.number().int().nullable(),
      orderNumber: z.string().nullable(),
    })
    .nullable(),
  flags: z.array(lineFlagView),
  /** The alternate proposed in the primary's place (a flagged line's best standing-by alternate). */
  proposedId: z.number().int().nullable(),
  alternates: z.array(alternateView),
});
export type AlternateLineView = z.infer<typeof alternateLineView>;

export const alternateListData = z.object({
  lines: z.array(alternateLineView),
  /** The project's awarded inquiries whose other quotes can be added as alternates. */
  awardedInquiries: z.array(z.object({ id: z.number().int(), number: z.string(), title: z.string() })),
});
export type AlternateListData = z.infer<typeof alternateListData>;

export const alternateSaveBody = z.object({
  listLineId: positiveId('清单行'),
  supplierOrgId: positiveId('供应商'),
  specId: positiveId('规格型号'),
  quotedUnitPriceFen: z.preprocess(blankToUndefined, procurementFenField('报价单价').optional()),
  reason: requiredText('备选理由', REASON_MAX),
  notPrimaryReason: optionalText('未作首选的原因', REASON_MAX),
  validUntil: optionalDate('有效期至'),
});
export const alternateFromInquiryBody = z.object({ inquiryId: positiveId('询价单') });
export const alternateFromInquiryData = z.object({ added: z.number().int() });
export const alternateMoveBody = z.object({
  id: positiveId('备选'),
  direction: z.enum(['up', 'down'], { error: '方向只能是 up 或 down' }),
});
export const alternateDismissBody = z.object({ id: positiveId('备选'), reason: requiredText('放弃原因', REASON_MAX) });
export const alternateIdBody = z.object({ id: positiveId('备选') });
export const alternateSwitchData = z.object({ lineId: z.number().int(), projectId: z.number().int() });

/** What a state derivation needs of an order line: what was ordered and what was accepted at the site. */
export interface DeliveredLine {
  /** Decimal text or a number, in the line's unit. */
  quantity: string | number;
  delivered: string | number;
}

/**
 * An order's state as read (docs/procurement.md, "Purchase orders"): a confirmed order whose every line arrived in
 * full reads as delivered, one with anything arrived as partly delivered; every other stored state reads as itself.
 * "Arrived" = accepted at the site on the receipts of the shipments made against it (`deliveredPerOrderLine`).
 */
export function orderStateOf(
  stored: 'draft' | 'sent' | 'confirmed' | 'closed' | 'cancelled',
  lines: readonly DeliveredLine[],
): OrderStatusValue {
  if (stored !== 'confirmed' || lines.length === 0) return stored;
  if (lines.every((l) => toMilli(l.delivered) >= toMilli(l.quantity))) return 'delivered';
  if (lines.some((l) => toMilli(l.delivered) > 0)) return 'partly_delivered';
  return 'confirmed';
}
