import {
  type OrderActionValue,
  type OrderDetail,
  type OrderRow,
  type OrderSide,
  type OrderStatusValue,
  type orderListBody,
  orderStateOf,
  productUnits,
} from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { plainQuantity, toMilli } from '@jcbb/contract/quantity';
import { formatOptionalShanghaiTime, formatShanghaiTime } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { callerOrgId } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { conflict, forbidden, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { sendMessage } from '../message/index.ts';
import { channelOf } from '../trace/index.ts';
import { SUPPLIER_ORG_TYPES } from './procurement.access.ts';
import * as repo from './procurement.order.repository.ts';
import { type OrderShipBody, shipAgainstOrder } from './procurement.order.ship.ts';
import { orderActions, orderTransition } from './procurement.order.transitions.ts';

/**
 * Purchase orders after their creation (docs/procurement.md, "Purchase orders"): the buyer sends a draft to its
 * supplier, the supplier confirms or declines it, ships against it (a draft shipment through traceability), the
 * receipts at the site make it read as partly delivered or delivered, and the buyer closes it (or cancels it before
 * the supplier confirmed). The buyer: the project's developer or a construction unit that joined it; the supplier:
 * the order's supplier organisation, once the order was sent; anyone else 404.
 */

type ListBody = z.output<typeof orderListBody>;
export const ORDER_NOT_FOUND = '采购订单不存在';

const unitName = (id: number) => productUnits.find((u) => u.id === id)?.name ?? '';
const lineAmountFen = (quantity: string, unitPriceFen: number) => Math.round((toMilli(quantity) * unitPriceFen) / 1000);

/** The caller's side of an order, or 404 (a supplier never sees a draft). */
async function sideOf(tx: Tx, user: SessionUser, o: repo.OrderRowDb | undefined): Promise<OrderSide> {
  const orgId = user.orgId;
  if (!o || orgId === null) throw notFound(ORDER_NOT_FOUND);
  if ((SUPPLIER_ORG_TYPES as readonly number[]).includes(user.orgType ?? 0)) {
    if (o.supplierOrgId === orgId && o.status !== 'draft') return 'supplier';
    throw notFound(ORDER_NOT_FOUND);
  }
  if (await repo.buysFor(tx, orgId, o.projectId)) return 'buyer';
  throw notFound(ORDER_NOT_FOUND);
}

/** The order's state as read, from its lines' deliveries. */
export async function readStateOf(tx: Tx, o: repo.OrderRowDb) {
  const lines = await repo.orderLines(tx, o.id);
  return { lines, state: orderStateOf(o.status as repo.StoredOrderStatus, lines) };
}

const REFUSED: Record<OrderActionValue, string> = {
  send: '只有草稿订单可以发送',
  cancel: '只有草稿或已发送的订单可以取消',
  confirm: '只有已发送的订单可以确认',
  decline: '只有已发送的订单可以拒绝',
  close: '只有供应商已确认的订单可以关闭',
  ship: '只有供应商已确认且未全部到货的订单可以发货',
};

/** The state an action leads to, or 403 (not this side's) / 409 (not from this state). */
function step(side: OrderSide, action: OrderActionValue, from: OrderStatusValue) {
  const t = orderTransition(side, action, from);
  if (t.ok) return t.to;
  if (t.refusal === 'actor')
    throw forbidden(side === 'buyer' ? '只有订单的供应商可以操作' : '只有订单的采购方可以操作');
  throw conflict(REFUSED[action]);
}

function rowView(r: repo.ListedOrder): OrderRow {
  return {
    id: r.id,
    number: r.number,
    projectId: r.project_id,
    projectName: r.project_name,
    buyerName: r.buyer_name,
    supplierOrgId: r.supplier_org_id,
    supplierName: r.supplier_name,
    origin: r.origin as OrderRow['origin'],
    status: r.status as OrderStatusValue,
    amountFen: Number(r.amount_fen),
    lineCount: Number(r.line_count),
    deliveredPct: Number(r.delivered_pct),
    createdAt: formatShanghaiTime(new Date(r.created_at)),
  };
}

async function detailView(tx: Tx, o: repo.OrderRowDb, side: OrderSide): Promise<OrderDetail> {
  const { lines, state } = await readStateOf(tx, o);
  const [buyer, supplier, projectName, shipments] = await Promise.all([
    repo.orgById(tx, o.buyerOrgId),
    repo.orgById(tx, o.supplierOrgId),
    repo.projectName(tx, o.projectId),
    repo.orderShipments(tx, o.id),
  ]);
  const open = state !== 'closed' && state !== 'cancelled';
  const delivered = lines.map((l) => Math.min(toMilli(l.delivered), toMilli(l.quantity)) / toMilli(l.quantity));
  return {
    id: o.id,
    number: o.number,
    projectId: o.projectId,
    projectName,
    buyerOrgId: o.buyerOrgId,
    buyerName: buyer?.name ?? '',
    supplierOrgId: o.supplierOrgId,
    supplierName: supplier?.name ?? '',
    origin: o.origin as OrderDetail['origin'],
    status: state,
    amountFen: o.amountFen,
    lineCount: lines.length,
    deliveredPct:
      lines.length === 0 ? 0 : Math.floor((100 * delivered.reduce((s, d) => s + d, 0)) / lines.length + 1e-9),
    createdAt: formatShanghaiTime(o.createdAt),
    inquiryId: o.inquiryId,
    reason: o.reason,
    deliveryAddress: o.deliveryAddress,
    statusReason: o.statusReason,
    sentAt: formatOptionalShanghaiTime(o.sentAt),
    confirmedAt: formatOptionalShanghaiTime(o.confirmedAt),
    closedAt: formatOptionalShanghaiTime(o.closedAt),
    lines: lines.map((l) => ({
      id: l.id,
      lineNo: l.line_no,
      listLineId: l.list_line_id,
      productId: l.product_id,
      productName: l.product_name,
      specId: l.spec_id,
      specName: l.spec_name,
      unit: unitName(l.unit_id),
      unitPriceFen: Number(l.unit_price_fen),
      amountFen: lineAmountFen(l.quantity, Number(l.unit_price_fen)),
      requiredBy: l.required_by,
      quantity: plainQuantity(toMilli(l.quantity)),
      shipped: plainQuantity(toMilli(l.shipped)),
      delivered: plainQuantity(toMilli(l.delivered)),
      rejected: plainQuantity(toMilli(l.rejected)),
      outstanding: open ? plainQuantity(Math.max(toMilli(l.quantity) - toMilli(l.shipped), 0)) : '0',
    })),
    shipments: shipments.map((s) => ({ id: s.id, number: s.number, status: s.status, shipDate: s.shipDate })),
    side,
    actions: orderActions(side, state),
  };
}

/** Tell the other party of an order what changed, with a link to its page there. */
async function tellOtherSide(tx: Tx, o: repo.OrderRowDb, to: OrderSide, title: string, content: string) {
  const orgId = to === 'supplier' ? o.supplierOrgId : o.buyerOrgId;
  const org = await repo.orgById(tx, orgId);
  if (!org) return;
  await sendMessage(
    tx,
    { orgId },
    {
      channel: channelOf(org.type),
      title,
      content,
      targetUrl:
        to === 'supplier' ? pageUrl(pages.supplierOrder, { id: o.id }) : pageUrl(pages.procurementOrder, { id: o.id }),
    },
  );
}

export function createPurchaseOrderService({ db }: { db: Db }) {
  /** The order locked for a change, the caller's side, its state as read and where the action leads. */
  async function changing(tx: Tx, user: SessionUser, id: number, action: OrderActionValue) {
    const o = await repo.findOrder(tx, id, true);
    const side = await sideOf(tx, user, o);
    const order = o as repo.OrderRowDb;
    const { state, lines } = await readStateOf(tx, order);
    const to = step(side, action, state);
    return { o: order, side, from: state, to, lines };
  }

  async function move(
    user: SessionUser,
    id: number,
    action: Exclude<OrderActionValue, 'ship'>,
    reason: string | undefined,
    message: (o: repo.OrderRowDb) => { title: string; content: string },
  ) {
    return db.transaction(async (tx) => {
      const { o, side, from, to } = await changing(tx, user, id, action);
      if (action === 'close' && from !== 'delivered' && !reason) {
        throw invalidInput([{ field: 'reason', message: '订单尚未全部到货，请填写关闭原因' }]);
      }
      const now = new Date();
      await repo.updateOrder(tx, o.id, {
        status: to,
        ...(reason ? { statusReason: reason } : {}),
        ...(action === 'send' ? { sentAt: now } : {}),
        ...(action === 'confirm' ? { confirmedAt: now } : {}),
        ...(action === 'close' ? { closedAt: now } : {}),
      });
      await recordAudit(tx, {
        entity: 'purchase_order',
        entityId: o.id,
        action,
        fromState: from,
        toState: to,
        actor: user,
        reason: reason ?? null,
      });
      const m = message(o);
      await tellOtherSide(tx, o, side === 'buyer' ? 'supplier' : 'buyer', m.title, m.content);
      return { id: o.id };
    });
  }

  const because = (reason: string | undefined) => (reason ? `，原因：${reason}` : '');

  return {
    async list(user: SessionUser, body: ListBody) {
      const orgId = callerOrgId(user);
      const side: OrderSide = (SUPPLIER_ORG_TYPES as readonly number[]).includes(user.orgType ?? 0)
        ? 'supplier'
        : 'buyer';
      const { rows, total } = await repo.listOrders(db, { side, orgId, ...body });
      return { list: rows.map(rowView), total };
    },

    async detail(user: SessionUser, id: number) {
      return db.transaction(async (tx) => {
        const o = await repo.findOrder(tx, id);
        const side = await sideOf(tx, user, o);
        return detailView(tx, o as repo.OrderRowDb, side);
      });
    },

    send: (user: SessionUser, id: number) =>
      move(user, id, 'send', undefined, (o) => ({
        title: `新的采购订单：${o.number}`,
        content: `您收到采购订单 ${o.number}（金额 ${(o.amountFen / 100).toFixed(2)} 元），请确认。`,
      })),
    cancel: (user: SessionUser, id: number, reason: string) =>
      move(user, id, 'cancel', reason, (o) => ({
        title: `采购订单已取消：${o.number}`,
        content: `采购方取消了订单 ${o.number}${because(reason)}。`,
      })),
    close: (user: SessionUser, id: number, reason: string | undefined) =>
      move(user, id, 'close', reason, (o) => ({
        title: `采购订单已关闭：${o.number}`,
        content: `采购方关闭了订单 ${o.number}，未发部分不再发货${because(reason)}。`,
      })),
    confirm: (user: SessionUser, id: number) =>
      move(user, id, 'confirm', undefined, (o) => ({
        title: `供应商已确认订单：${o.number}`,
        content: `供应商确认了采购订单 ${o.number}，将按订单发货。`,
      })),
    decline: (user: SessionUser, id: number, reason: string) =>
      move(user, id, 'decline', reason, (o) => ({
        title: `供应商拒绝了订单：${o.number}`,
        content: `供应商拒绝了采购订单 ${o.number}${because(reason)}。`,
      })),

    /** A draft shipment of chosen lines against a confirmed order; the send wizard then opens on it. */
    async ship(user: SessionUser, body: OrderShipBody) {
      return db.transaction(async (tx) => {
        const { o, from, lines } = await changing(tx, user, body.id, 'ship');
        const saved = await shipAgainstOrder(tx, user, o, lines, body);
        await recordAudit(tx, {
          entity: 'purchase_order',
          entityId: o.id,
          action: 'ship',
          fromState: from,
          toState: from,
          actor: user,
          data: { shipmentId: saved.id, lines: body.lines.length },
        });
        return { shipmentId: saved.id, number: saved.number };
      });
    },
  };
}
