import { MembershipStatus } from '@jcbb/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  organizations,
  projectOrgs,
  projects,
  purchaseOrderLines,
  purchaseOrderShipmentLines,
  purchaseOrderShipments,
  purchaseOrders,
  receiptLines,
  shipments,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/like.ts';
import { deliveredPerOrderLine } from './procurement.delivery.ts';

/** SQL of purchase orders after creation (docs/procurement.md, "Purchase orders"); each function takes its transaction. */

export type OrderRowDb = typeof purchaseOrders.$inferSelect;
export type StoredOrderStatus = 'draft' | 'sent' | 'confirmed' | 'closed' | 'cancelled';

export async function findOrder(tx: Tx, id: number, lock = false): Promise<OrderRowDb | undefined> {
  const q = tx.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function updateOrder(tx: Tx, id: number, values: Partial<typeof purchaseOrders.$inferInsert>) {
  await tx
    .update(purchaseOrders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(purchaseOrders.id, id));
}

/** Whether the organisation buys for the project (its developer, or a construction unit that joined it). */
export async function buysFor(tx: Tx, orgId: number, projectId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: projectOrgs.id })
    .from(projectOrgs)
    .where(
      and(
        eq(projectOrgs.projectId, projectId),
        eq(projectOrgs.orgId, orgId),
        eq(projectOrgs.status, MembershipStatus.ACCEPTED),
      ),
    );
  return !!row;
}

/** Per order: its lines, whether every line / any line arrived, and the share arrived (percent, line average). */
const deliveryAggregate = sql`
  select l.order_id,
         count(*)::int as line_count,
         bool_and(coalesce(d.delivered, 0) >= l.quantity) as all_delivered,
         bool_or(coalesce(d.delivered, 0) > 0) as any_delivered,
         floor(100 * avg(least(coalesce(d.delivered, 0) / l.quantity, 1)))::int as delivered_pct
  from ${purchaseOrderLines} l
  left join ${deliveredPerOrderLine} d on d.order_line_id = l.id
  group by l.order_id`;

/** The read state in SQL (orderStateOf's twin, for the list's filter). */
const readState = sql`case when o.status = 'confirmed' and coalesce(a.all_delivered, false) then 'delivered'
  when o.status = 'confirmed' and coalesce(a.any_delivered, false) then 'partly_delivered' else o.status end`;

export interface ListedOrder {
  id: number;
  number: string;
  project_id: number;
  project_name: string;
  buyer_org_id: number;
  buyer_name: string;
  supplier_org_id: number;
  supplier_name: string;
  origin: string;
  status: string;
  amount_fen: number;
  line_count: number;
  delivered_pct: number;
  created_at: string | Date;
}

/**
 * Orders the caller sees on its side: a buyer every order of the projects it buys for, a supplier those sent to it
 * (never a draft). Newest first; filtered by read state, project and keyword.
 */
export async function listOrders(
  tx: Tx,
  q: {
    side: 'buyer' | 'supplier';
    orgId: number;
    projectId?: number;
    status?: string;
    keyword?: string;
    take: number;
    skip: number;
  },
): Promise<{ rows: ListedOrder[]; total: number }> {
  const where = [sql`true`];
  if (q.side === 'buyer') {
    where.push(sql`o.project_id in (select ${projectOrgs.projectId} from ${projectOrgs}
      where ${projectOrgs.orgId} = ${q.orgId} and ${projectOrgs.status} = ${MembershipStatus.ACCEPTED})`);
  } else {
    where.push(sql`o.supplier_org_id = ${q.orgId} and o.status <> 'draft'`);
  }
  if (q.projectId !== undefined) where.push(sql`o.project_id = ${q.projectId}`);
  if (q.status !== undefined) where.push(sql`(${readState}) = ${q.status}`);
  if (q.keyword) {
    const p = containsPattern(q.keyword);
    where.push(sql`(o.number ilike ${p} or s.name ilike ${p} or b.name ilike ${p} or p.name ilike ${p})`);
  }
  const body = sql`from ${purchaseOrders} o
    join ${projects} p on p.id = o.project_id
    join ${organizations} b on b.id = o.buyer_org_id
    join ${organizations} s on s.id = o.supplier_org_id
    left join (${deliveryAggregate}) a on a.order_id = o.id
    where ${sql.join(where, sql` and `)}`;
  const rows = (await tx.execute(sql`
    select o.id, o.number, o.project_id, p.name as project_name, o.buyer_org_id, b.name as buyer_name,
      o.supplier_org_id, s.name as supplier_name, o.origin, (${readState}) as status, o.amount_fen::float8 as amount_fen,
      coalesce(a.line_count, 0) as line_count, coalesce(a.delivered_pct, 0) as delivered_pct, o.created_at
    ${body}
    order by o.id desc
    limit ${q.take} offset ${q.skip}`)) as unknown as { rows: ListedOrder[] };
  const count = (await tx.execute(sql`select count(*)::int as n ${body}`)) as unknown as { rows: { n: number }[] };
  return { rows: rows.rows, total: count.rows[0]?.n ?? 0 };
}

export interface OrderLineRow {
  id: number;
  line_no: number;
  list_line_id: number | null;
  product_id: number;
  product_name: string;
  spec_id: number;
  spec_name: string;
  unit_id: number;
  quantity: string;
  unit_price_fen: number;
  required_by: string | null;
  shipped: string;
  delivered: string;
  rejected: string;
}

/** An order's lines with what shipped (the gate's count), arrived (accepted) and was refused at the site. */
export async function orderLines(tx: Tx, orderId: number): Promise<OrderLineRow[]> {
  const rows = (await tx.execute(sql`
    select l.id, l.line_no, l.list_line_id, l.product_id, pr.name as product_name, l.spec_id,
      trim(concat_ws(' ', sp.name, sp.model)) as spec_name, l.unit_id, l.quantity::text as quantity,
      l.unit_price_fen::float8 as unit_price_fen, l.required_by::text as required_by,
      l.shipped_quantity::text as shipped, coalesce(d.delivered, 0)::text as delivered,
      coalesce(r.rejected, 0)::text as rejected
    from ${purchaseOrderLines} l
    join products pr on pr.id = l.product_id
    join product_specs sp on sp.id = l.spec_id
    left join ${deliveredPerOrderLine} d on d.order_line_id = l.id
    left join (
      select ${purchaseOrderShipmentLines.orderLineId} as order_line_id, sum(${receiptLines.rejected}) as rejected
      from ${purchaseOrderShipmentLines}
      join ${receiptLines} on ${receiptLines.shipmentLineId} = ${purchaseOrderShipmentLines.shipmentLineId}
      group by ${purchaseOrderShipmentLines.orderLineId}
    ) r on r.order_line_id = l.id
    where l.order_id = ${orderId}
    order by l.line_no`)) as unknown as { rows: OrderLineRow[] };
  return rows.rows;
}

/** The shipments drafted against an order. */
export async function orderShipments(tx: Tx, orderId: number) {
  return tx
    .select({ id: shipments.id, number: shipments.number, status: shipments.status, shipDate: shipments.shipDate })
    .from(purchaseOrderShipments)
    .innerJoin(shipments, eq(shipments.id, purchaseOrderShipments.shipmentId))
    .where(eq(purchaseOrderShipments.orderId, orderId))
    .orderBy(asc(shipments.id));
}

export async function linkShipment(tx: Tx, orderId: number, shipmentId: number) {
  await tx.insert(purchaseOrderShipments).values({ orderId, shipmentId });
}

export async function orgById(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: organizations.id, name: organizations.name, type: organizations.type })
    .from(organizations)
    .where(eq(organizations.id, id));
  return row;
}

export async function projectName(tx: Tx, id: number) {
  const [row] = await tx.select({ name: projects.name }).from(projects).where(eq(projects.id, id));
  return row?.name ?? '';
}
