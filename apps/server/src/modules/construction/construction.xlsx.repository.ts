import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  certificates,
  issueOrderLines,
  issueOrders,
  lots,
  materialClassifications,
  siteDeliveries,
  siteInspections,
  users,
} from '../../db/schema/index.ts';

/** SQL of the site's .xlsx files (docs/architecture.md): the import template's reference sheet and the exports. */

/** Product classes with their category, in code order: the template's reference sheet. */
export async function classificationList(tx: Tx) {
  const parent = alias(materialClassifications, 'parent');
  return tx
    .select({
      code: materialClassifications.code,
      name: materialClassifications.name,
      categoryName: sql<string>`coalesce(${parent.name}, '')`,
    })
    .from(materialClassifications)
    .leftJoin(parent, eq(parent.code, materialClassifications.parentCode))
    .where(eq(materialClassifications.level, 2))
    .orderBy(asc(materialClassifications.code));
}

const userName = (u: { realName: AnyPgColumn; username: AnyPgColumn }) =>
  sql<string | null>`coalesce(${u.realName}, ${u.username})`;

/** Every delivered lot of a project with its delivery, in arrival order (the deliveries export). */
export async function deliveryLines(tx: Tx, projectId: number, limit: number) {
  return tx
    .select({ delivery: siteDeliveries, inspection: siteInspections, batchNo: lots.batchNo })
    .from(siteInspections)
    .innerJoin(siteDeliveries, eq(siteDeliveries.id, siteInspections.deliveryId))
    .innerJoin(lots, eq(lots.id, siteInspections.lotId))
    .where(eq(siteInspections.projectId, projectId))
    .orderBy(asc(siteDeliveries.arrivedOn), asc(siteDeliveries.id), asc(siteInspections.id))
    .limit(limit);
}

/** Every line of a project's issue orders and returns, in date order (the issues export). */
export async function issueLines(tx: Tx, projectId: number, limit: number) {
  const issuer = alias(users, 'issuer');
  const original = alias(issueOrders, 'original');
  return tx
    .select({
      order: issueOrders,
      line: issueOrderLines,
      returnOfNumber: original.number,
      issuedByName: userName(issuer),
      materialName: siteInspections.materialName,
      specName: siteInspections.specName,
      unitName: siteInspections.unitName,
      batchNo: lots.batchNo,
    })
    .from(issueOrderLines)
    .innerJoin(issueOrders, eq(issueOrders.id, issueOrderLines.orderId))
    .innerJoin(siteInspections, eq(siteInspections.id, issueOrderLines.inspectionId))
    .innerJoin(lots, eq(lots.id, issueOrderLines.lotId))
    .leftJoin(issuer, eq(issuer.id, issueOrders.issuedBy))
    .leftJoin(original, eq(original.id, issueOrders.returnOfId))
    .where(eq(issueOrders.projectId, projectId))
    .orderBy(asc(issueOrders.issuedOn), asc(issueOrders.id), asc(issueOrderLines.lineNo))
    .limit(limit);
}

/**
 * The green-material lots delivered to a project, in arrival order (绿色建材进场专项台账): the lot, its delivery, who
 * decided and confirmed its inspection, its latest witnessed sample, one of its trace codes (for the public trace
 * page) and whether a certificate number is one the platform issued (for its verification page).
 */
export async function greenLots(tx: Tx, projectId: number, limit: number) {
  const inspector = alias(users, 'inspector');
  const supervisor = alias(users, 'supervisor');
  const sample = (column: string) =>
    sql<string | null>`(select ${sql.raw(column)} from witness_samples s where s.inspection_id = ${siteInspections.id}
      order by s.id desc limit 1)`;
  return tx
    .select({
      inspection: siteInspections,
      delivery: siteDeliveries,
      batchNo: lots.batchNo,
      origin: lots.origin,
      productId: lots.productId,
      inspectorName: userName(inspector),
      supervisorName: userName(supervisor),
      sampleState: sample('s.state'),
      sampleResult: sample('s.result'),
      sampleReportNo: sample('s.report_no'),
      code: sql<string | null>`(select c.code from trace_codes c where c.lot_id = ${siteInspections.lotId}
        order by (c.holder_key = ${`project:${projectId}`}) desc, (c.level = 'item') desc, c.code limit 1)`,
    })
    .from(siteInspections)
    .innerJoin(siteDeliveries, eq(siteDeliveries.id, siteInspections.deliveryId))
    .innerJoin(lots, eq(lots.id, siteInspections.lotId))
    .leftJoin(inspector, eq(inspector.id, siteInspections.decidedBy))
    .leftJoin(supervisor, eq(supervisor.id, siteInspections.supervisorId))
    .where(and(eq(siteInspections.projectId, projectId), eq(siteInspections.isGreen, true)))
    .orderBy(asc(siteDeliveries.arrivedOn), asc(siteDeliveries.id), asc(siteInspections.id))
    .limit(limit);
}
export type GreenLotRow = Awaited<ReturnType<typeof greenLots>>[number];

/** Which of these certificate numbers the platform issued (its verification page knows them). */
export async function platformCertificates(tx: Tx, certNos: string[]): Promise<Set<string>> {
  const wanted = [...new Set(certNos)];
  if (wanted.length === 0) return new Set();
  const rows = await tx
    .select({ certNo: certificates.certNo })
    .from(certificates)
    .where(inArray(certificates.certNo, wanted));
  return new Set(rows.map((r) => r.certNo));
}

export interface StockRow {
  lotId: number;
  batchNo: string;
  quarantined: string;
  usable: string;
  rejected: string;
  issued: string;
  materialName: string | null;
  specName: string | null;
  unitName: string | null;
  makerName: string | null;
  isGreen: boolean | null;
  state: string | null;
}

/**
 * The stock list of every lot of a project (the stock export), as the stock list call shows it (the three buckets,
 * issued net of returns, the lot's site record: a quarantined inspection first, else the latest), but with each part
 * grouped once over the project instead of a subquery per lot: linear in the lots, for a project of ten thousand.
 */
export async function stockRows(tx: Tx, projectId: number, limit: number): Promise<StockRow[]> {
  const key = `project:${projectId}`;
  const result = (await tx.execute(sql`
    with balances as (
      select lot_id,
        coalesce(sum(quantity) filter (where bucket = 'quarantined'), 0) as quarantined,
        coalesce(sum(quantity) filter (where bucket = 'usable'), 0) as usable,
        coalesce(sum(quantity) filter (where bucket = 'rejected'), 0) as rejected
      from stock_balances where holder_key = ${key} group by lot_id
    ), issued as (
      select lot_id, -sum(quantity) as issued from stock_moves
      where holder_key = ${key} and reason in ('issue', 'unissue') group by lot_id
    ), record as (
      select distinct on (lot_id) lot_id, material_name, spec_name, unit_name, maker_name, is_green, state
      from site_inspections where project_id = ${projectId}
      order by lot_id, (state in ('pending', 'submitted', 'pending_retest')) desc, id desc
    )
    select b.lot_id as "lotId", l.batch_no as "batchNo", b.quarantined::text as quarantined, b.usable::text as usable,
      b.rejected::text as rejected, coalesce(i.issued, 0)::text as issued, r.material_name as "materialName",
      r.spec_name as "specName", r.unit_name as "unitName", r.maker_name as "makerName", r.is_green as "isGreen",
      r.state
    from balances b
    join lots l on l.id = b.lot_id
    left join issued i on i.lot_id = b.lot_id
    left join record r on r.lot_id = b.lot_id
    order by r.material_name, l.batch_no, b.lot_id
    limit ${limit}`)) as unknown as { rows: StockRow[] };
  return result.rows;
}
