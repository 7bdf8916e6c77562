import { AWAITING_RECEIPT_DAYS } from '@jcbb/contract';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  lots,
  organizations,
  productSpecs,
  products,
  projects,
  shipmentLines,
  shipments,
  stockBalances,
  traceAlerts,
  traceCodes,
  traceScanCounts,
} from '../../db/schema/index.ts';
import { shanghaiDay, shanghaiMonth } from '../../lib/shanghai-day.ts';

/**
 * SQL of the dashboards (docs/traceability.md): figures of one organisation's shipments and stock, and of one
 * product's lots. Months and days are Asia/Shanghai's. Every function runs in the caller's transaction.
 */

const rowsOf = <T>(r: unknown) => (r as { rows: T[] }).rows;
/** Shipments that went out and stay out: shipped, partly or fully received, closed (not drafts, cancelled, voided). */
const WENT = sql`(2, 3, 4, 5)`;

export async function shipmentCounts(tx: Tx, orgId: number, monthStart: string) {
  const [row] = rowsOf<{ month: number; transit: number; late: number }>(
    await tx.execute(sql`
      select count(*) filter (where status in ${WENT}
                                and ${shanghaiDay(sql`shipped_at`)} >= ${monthStart}::date)::int as month,
             count(*) filter (where status in (2, 3))::int as transit,
             count(*) filter (where status in (2, 3)
                                and shipped_at < now() - make_interval(days => ${AWAITING_RECEIPT_DAYS}))::int as late
        from shipments where from_org_id = ${orgId}`),
  );
  return row ?? { month: 0, transit: 0, late: 0 };
}

/** Usable stock of the holder per product and unit. */
export async function stockByProduct(tx: Tx, holderKey: string) {
  return tx
    .select({
      productId: products.id,
      productName: products.name,
      unitId: productSpecs.unitId,
      quantity: sql<string>`sum(${stockBalances.quantity})`,
    })
    .from(stockBalances)
    .innerJoin(productSpecs, eq(productSpecs.id, stockBalances.specId))
    .innerJoin(products, eq(products.id, productSpecs.productId))
    .where(and(eq(stockBalances.holderKey, holderKey), eq(stockBalances.bucket, 'usable')))
    .groupBy(products.id, products.name, productSpecs.unitId)
    .having(sql`sum(${stockBalances.quantity}) > 0`)
    .orderBy(desc(sql`sum(${stockBalances.quantity})`), asc(products.id))
    .limit(10);
}

export async function topReceivers(tx: Tx, orgId: number) {
  return rowsOf<{ name: string; kind: 'org' | 'project'; shipments: number }>(
    await tx.execute(sql`
      select coalesce(p.name, o.name, '') as name, s.to_kind as kind, count(*)::int as shipments
        from shipments s
        left join organizations o on o.id = s.to_org_id
        left join projects p on p.id = s.to_project_id
       where s.from_org_id = ${orgId} and s.status in ${WENT}
       group by s.to_kind, s.to_org_id, s.to_project_id, p.name, o.name
       order by count(*) desc, name
       limit 5`),
  );
}

/** Transport carbon per Shanghai month since `from`: measured and default distances apart, shipments missing a mass. */
export async function carbonByMonth(tx: Tx, orgId: number, from: string) {
  return rowsOf<{ month: string; measured: string; defaulted: string; missing: number }>(
    await tx.execute(sql`
      select ${shanghaiMonth(sql`shipped_at`)} as month,
             coalesce(sum(kg_co2e) filter (where distance_source = 'measured'), 0)::text as measured,
             coalesce(sum(kg_co2e) filter (where distance_source <> 'measured'), 0)::text as defaulted,
             count(*) filter (where kg_co2e is null)::int as missing
        from shipments
       where from_org_id = ${orgId} and status in ${WENT}
         and ${shanghaiDay(sql`shipped_at`)} >= ${from}::date
       group by 1`),
  );
}

/** Tonne-kilometres per product and transport type of the lines with a known mass (the factor is applied by the caller). */
export async function tonneKmByProduct(tx: Tx, orgId: number) {
  return rowsOf<{ productName: string; transportType: number; tkm: string }>(
    await tx.execute(sql`
      select p.name as "productName", s.transport_type as "transportType",
             sum(l.quantity * l.mass_per_unit_kg / 1000 * s.distance_km)::text as tkm
        from shipment_lines l
        join shipments s on s.id = l.shipment_id
        join products p on p.id = l.product_id
       where s.from_org_id = ${orgId} and s.status in ${WENT} and l.mass_per_unit_kg is not null
       group by p.name, s.transport_type`),
  );
}

export async function carbonByTransport(tx: Tx, orgId: number) {
  return rowsOf<{ transportType: number; kg: string }>(
    await tx.execute(sql`
      select transport_type as "transportType", sum(kg_co2e)::text as kg
        from shipments
       where from_org_id = ${orgId} and status in ${WENT} and kg_co2e is not null
       group by transport_type
       order by sum(kg_co2e) desc`),
  );
}

export async function alertsOf(tx: Tx, orgId: number) {
  return tx.select().from(traceAlerts).where(eq(traceAlerts.orgId, orgId)).orderBy(desc(traceAlerts.id)).limit(20);
}

/** Lines of the organisation's shipments still on their way whose evidence snapshot has expired by `today`. */
export async function expiredEvidence(tx: Tx, orgId: number, today: string) {
  return rowsOf<{ shipmentId: number; number: string; lineNo: number; validUntil: string; shippedAt: Date | string }>(
    await tx.execute(sql`
      select s.id as "shipmentId", s.number, l.line_no as "lineNo", l.evidence->>'validUntil' as "validUntil",
             s.shipped_at as "shippedAt"
        from shipment_lines l join shipments s on s.id = l.shipment_id
       where s.from_org_id = ${orgId} and s.status in (2, 3)
         and l.evidence->>'validUntil' is not null and (l.evidence->>'validUntil')::date < ${today}::date
       order by s.id desc, l.line_no
       limit 20`),
  );
}

// ---- one product ----

export async function productOf(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: products.id, name: products.name, orgId: products.orgId })
    .from(products)
    .where(eq(products.id, id));
  return row ?? null;
}

/** What of the product was shipped (and not cancelled), per destination county. */
export async function shippedByDistrict(tx: Tx, productId: number) {
  return tx
    .select({
      regionCode: shipments.toRegionCode,
      quantity: sql<string>`sum(${shipmentLines.quantity} - ${shipmentLines.cancelled})::text`,
    })
    .from(shipmentLines)
    .innerJoin(shipments, eq(shipments.id, shipmentLines.shipmentId))
    .where(
      and(
        eq(shipmentLines.productId, productId),
        inArray(shipments.status, [2, 3, 4, 5]),
        sql`${shipments.toRegionCode} is not null`,
        isNull(shipments.returnOfReceiptId),
      ),
    )
    .groupBy(shipments.toRegionCode)
    .orderBy(desc(sql`sum(${shipmentLines.quantity} - ${shipmentLines.cancelled})`));
}

/** Where the product's lots are now: balances (usable and rejected) per holder. */
export async function balancesByHolder(tx: Tx, productId: number) {
  return tx
    .select({
      holderKey: stockBalances.holderKey,
      orgName: organizations.name,
      projectName: projects.name,
      quantity: sql<string>`sum(${stockBalances.quantity})::text`,
    })
    .from(stockBalances)
    .innerJoin(lots, eq(lots.id, stockBalances.lotId))
    .leftJoin(organizations, eq(organizations.id, stockBalances.holderOrgId))
    .leftJoin(projects, eq(projects.id, stockBalances.holderProjectId))
    .where(eq(lots.productId, productId))
    .groupBy(stockBalances.holderKey, organizations.name, projects.name)
    .having(sql`sum(${stockBalances.quantity}) > 0`)
    .orderBy(desc(sql`sum(${stockBalances.quantity})`));
}

export async function scanCount(tx: Tx, productId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${traceScanCounts.count}), 0)::int` })
    .from(traceScanCounts)
    .innerJoin(traceCodes, eq(traceCodes.code, traceScanCounts.code))
    .innerJoin(lots, eq(lots.id, traceCodes.lotId))
    .where(eq(lots.productId, productId));
  return Number(row?.n ?? 0);
}
