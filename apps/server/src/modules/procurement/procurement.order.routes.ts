import { procurementEndpoints as api } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import { BUYER_ORG_TYPES, SUPPLIER_ORG_TYPES } from './procurement.access.ts';
import { createAlternateService } from './procurement.alternate.service.ts';
import { createPurchaseOrderService } from './procurement.order.service.ts';
import type { ProcurementDeps } from './procurement.routes.ts';

const orderTags = ['采购订单 Purchase orders'];
const alternateTags = ['备选供应商 Alternate suppliers'];
const buyerOnly =
  "The order's buyer (the project's developer or a construction unit that joined it); a supplier gets 403, another organisation 404. A change not allowed from the order's state: 409.";
const supplierOnly =
  "The order's supplier, once the order was sent; a buyer gets 403, another organisation 404. A change not allowed from the order's state: 409.";
const both = [...BUYER_ORG_TYPES, ...SUPPLIER_ORG_TYPES];

/** Procurement's order calls (docs/procurement.md, "Purchase orders", "Alternate suppliers"). */
export function registerOrderRoutes(app: FastifyInstance, deps: ProcurementDeps): void {
  const orders = createPurchaseOrderService(deps);
  const alternates = createAlternateService(deps);

  defineRoute(app, api.orderList, {
    summary: '采购订单 Orders: a buyer’s of the projects it buys for, a supplier’s sent to it',
    description:
      'Newest first; filter by state as read (partly delivered / delivered from the receipts), project and keyword (number, supplier, buyer, project). deliveredPct: accepted at the site ÷ ordered, averaged over lines.',
    tags: orderTags,
    orgTypes: both,
    handler: ({ user, body }) => orders.list(user, body),
  });

  defineRoute(app, api.orderDetail, {
    summary: '订单详情 One order: lines ordered / shipped / delivered / rejected / outstanding, its shipments, actions',
    description: 'The buyer, or the supplier once it was sent; anyone else 404. actions: what the caller may do now.',
    tags: orderTags,
    orgTypes: both,
    handler: ({ user, query }) => orders.detail(user, query.id),
  });

  defineRoute(app, api.orderSend, {
    summary: '发送 draft → sent: the supplier is told',
    description: buyerOnly,
    tags: orderTags,
    orgTypes: BUYER_ORG_TYPES,
    certified: true,
    handler: ({ user, body }) => orders.send(user, body.id),
  });

  defineRoute(app, api.orderCancel, {
    summary: '取消 draft | sent → cancelled, with a reason',
    description: buyerOnly,
    tags: orderTags,
    orgTypes: BUYER_ORG_TYPES,
    certified: true,
    handler: ({ user, body }) => orders.cancel(user, body.id, body.reason),
  });

  defineRoute(app, api.orderClose, {
    summary: '关闭 confirmed | partly delivered | delivered → closed',
    description: `A reason is required unless every line was delivered in full (400 on reason). Nothing is outstanding afterwards: the supplier can no longer ship against it. ${buyerOnly}`,
    tags: orderTags,
    orgTypes: BUYER_ORG_TYPES,
    certified: true,
    handler: ({ user, body }) => orders.close(user, body.id, body.reason),
  });

  defineRoute(app, api.orderConfirm, {
    summary: '确认 sent → confirmed: the buyer is told',
    description: supplierOnly,
    tags: orderTags,
    orgTypes: SUPPLIER_ORG_TYPES,
    certified: true,
    handler: ({ user, body }) => orders.confirm(user, body.id),
  });

  defineRoute(app, api.orderDecline, {
    summary: '拒绝 sent → cancelled, with the supplier’s reason',
    description: supplierOnly,
    tags: orderTags,
    orgTypes: SUPPLIER_ORG_TYPES,
    certified: true,
    handler: ({ user, body }) => orders.decline(user, body.id, body.reason),
  });

  defineRoute(app, api.orderShip, {
    summary: '按订单发货 A draft shipment to the order’s project (then the send wizard)',
    description: `Lines: order line, a lot the supplier holds, a quantity within what the line has left (400 on lines.N.quantity). Saved as POST /api/track/shipment/save would (its refusals on the same fields) and linked to the order; the shipment gate draws the order down when it ships. ${supplierOnly}`,
    tags: orderTags,
    orgTypes: SUPPLIER_ORG_TYPES,
    certified: true,
    handler: ({ user, body }) => orders.ship(user, body),
  });

  defineRoute(app, api.alternateList, {
    summary: '备选供应商 The project’s list lines with their primary, its flags and ranked alternates',
    description:
      'Flags are computed when read: the certificate does not cover the required-by date, the distributor no longer authorised for the project’s region today, a lot delivered for the line failed on site. A flagged line’s best standing-by alternate reads as proposed. Flagged lines first.',
    tags: alternateTags,
    orgTypes: BUYER_ORG_TYPES,
    handler: ({ user, query }) => alternates.list(user, query.projectId),
  });

  defineRoute(app, api.alternateSave, {
    summary: '添加备选 A ranked backup for a list line (at most ALTERNATES_PER_LINE_MAX standing)',
    description:
      'supplierOrgId: the product’s manufacturer or a distributor. The same supplier and specification twice: 400. The line’s project must be one the caller buys for (else 404).',
    tags: alternateTags,
    orgTypes: BUYER_ORG_TYPES,
    certified: true,
    handler: ({ user, body }) => alternates.save(user, body),
  });

  defineRoute(app, api.alternateFromInquiry, {
    summary: '从询价添加 The other submitted quotes of an awarded inquiry, as alternates of their lines',
    description: 'Lines already at their maximum, and choices already kept, are skipped. An inquiry not awarded: 409.',
    tags: alternateTags,
    orgTypes: BUYER_ORG_TYPES,
    certified: true,
    handler: ({ user, body }) => alternates.fromInquiry(user, body.inquiryId),
  });

  defineRoute(app, api.alternateMove, {
    summary: '调整顺序 Move an alternate up or down its line’s ranking',
    tags: alternateTags,
    orgTypes: BUYER_ORG_TYPES,
    handler: ({ user, body }) => alternates.move(user, body.id, body.direction),
  });

  defineRoute(app, api.alternateDismiss, {
    summary: '放弃 Dismiss an alternate, with a reason',
    tags: alternateTags,
    orgTypes: BUYER_ORG_TYPES,
    handler: ({ user, body }) => alternates.dismiss(user, body.id, body.reason),
  });

  defineRoute(app, api.alternateSwitch, {
    summary: '切换 The alternate becomes the line’s chosen product and supplier; the old primary is kept, dismissed',
    description:
      'The next step (a direct-purchase draft order to it, or an inquiry) is the selection page’s, prefilled from the line.',
    tags: alternateTags,
    orgTypes: BUYER_ORG_TYPES,
    certified: true,
    handler: ({ user, body }) => alternates.switchTo(user, body.id),
  });
}
