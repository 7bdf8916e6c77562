import { and, asc, count, desc, eq, gte, ilike, inArray, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  issueOrderLines,
  issueOrders,
  lots,
  projects,
  receiptLines,
  shipmentCodes,
  siteInspections,
  traceCodes,
  users,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/like.ts';

/**
 * Issue orders (出库领用单) and their returns to stock (退库单): SQL only, in the caller's transaction
 * (docs/architecture.md). The stock itself moves through traceability's `moveStock`.
 */

export type IssueOrderRow = typeof issueOrders.$inferSelect;
export type IssueOrderInsert = Omit<typeof issueOrders.$inferInsert, 'id' | 'createdAt'>;
export type IssueLineRow = typeof issueOrderLines.$inferSelect;
export type IssueLineInsert = Omit<typeof issueOrderLines.$inferInsert, 'id'>;

/** States whose stock is still quarantined (the contract's QUARANTINE_STATES), and those that released it. */
const QUARANTINED = ['pending', 'submitted', 'pending_retest'];
const RELEASED = ['released', 'concession'];

export async function insertOrder(tx: Tx, values: IssueOrderInsert): Promise<number> {
  const [row] = await tx.insert(issueOrders).values(values).returning({ id: issueOrders.id });
  return (row as { id: number }).id;
}

export async function insertLines(tx: Tx, rows: IssueLineInsert[]): Promise<void> {
  if (rows.length > 0) await tx.insert(issueOrderLines).values(rows);
}

export async function orderById(tx: Tx, id: number): Promise<IssueOrderRow | null> {
  const [row] = await tx.select().from(issueOrders).where(eq(issueOrders.id, id));
  return row ?? null;
}

/** The lots' specification (null for an external lot), for the stock ledger's moves. */
export async function specsOfLots(tx: Tx, lotIds: number[]): Promise<Map<number, number | null>> {
  if (lotIds.length === 0) return new Map();
  const rows = await tx.select({ id: lots.id, specId: lots.specId }).from(lots).where(inArray(lots.id, lotIds));
  return new Map(rows.map((r) => [r.id, r.specId]));
}

/** The latest inspection of the lot at the project that released it (released or by concession), or null. */
export async function releasingInspection(tx: Tx, projectId: number, lotId: number) {
  const [row] = await tx
    .select({ id: siteInspections.id, number: siteInspections.number })
    .from(siteInspections)
    .where(
      and(
        eq(siteInspections.projectId, projectId),
        eq(siteInspections.lotId, lotId),
        inArray(siteInspections.state, RELEASED),
      ),
    )
    .orderBy(desc(siteInspections.id))
    .limit(1);
  return row ?? null;
}

/**
 * Of these codes, those that arrived at the project in a delivery whose inspection still holds it in quarantine: the
 * receipt line of the shipment line that carried the code (accepted), and that line's inspection here. A shipment
 * line received in parts has one inspection per receipt; a code of it is held back while any of them is quarantined.
 */
export async function quarantinedCodes(tx: Tx, projectId: number, codes: string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await tx
    .selectDistinct({ code: shipmentCodes.code })
    .from(shipmentCodes)
    .innerJoin(receiptLines, eq(receiptLines.shipmentLineId, shipmentCodes.lineId))
    .innerJoin(siteInspections, eq(siteInspections.receiptLineId, receiptLines.id))
    .where(
      and(
        inArray(shipmentCodes.code, codes),
        eq(shipmentCodes.outcome, 'accepted'),
        eq(siteInspections.projectId, projectId),
        inArray(siteInspections.state, QUARANTINED),
      ),
    );
  return new Set(rows.map((r) => r.code));
}

/** The level (item, package, pallet) and quantity of each code. */
export async function codeFacts(tx: Tx, codes: string[]) {
  if (codes.length === 0) return new Map<string, { level: string; quantity: string }>();
  const rows = await tx
    .select({ code: traceCodes.code, level: traceCodes.level, quantity: traceCodes.quantity })
    .from(traceCodes)
    .where(inArray(traceCodes.code, codes));
  return new Map(rows.map((r) => [r.code, { level: r.level, quantity: r.quantity }]));
}

const lineColumns = {
  line: issueOrderLines,
  inspectionNumber: siteInspections.number,
  deliveryId: siteInspections.deliveryId,
  materialName: siteInspections.materialName,
  specName: siteInspections.specName,
  unitName: siteInspections.unitName,
  batchNo: lots.batchNo,
};

/** An order's lines with their lot's names (as its inspection copied them), in line order. */
export async function linesOfOrder(tx: Tx, orderId: number) {
  return tx
    .select(lineColumns)
    .from(issueOrderLines)
    .innerJoin(siteInspections, eq(siteInspections.id, issueOrderLines.inspectionId))
    .innerJoin(lots, eq(lots.id, issueOrderLines.lotId))
    .where(eq(issueOrderLines.orderId, orderId))
    .orderBy(asc(issueOrderLines.lineNo));
}
export type IssueLineWithNames = Awaited<ReturnType<typeof linesOfOrder>>[number];

/** An issue order's lines, locked (FOR UPDATE) for a return: two returns of one line take turns. */
export async function lockIssueLines(tx: Tx, orderId: number): Promise<IssueLineRow[]> {
  return tx
    .select()
    .from(issueOrderLines)
    .where(eq(issueOrderLines.orderId, orderId))
    .orderBy(asc(issueOrderLines.id))
    .for('update');
}

/** The codes already returned of each issue line (the codes of the return lines against it). */
export async function returnedCodes(tx: Tx, issueLineIds: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  if (issueLineIds.length === 0) return out;
  const rows = await tx
    .select({ lineId: issueOrderLines.returnOfLineId, codes: issueOrderLines.codes })
    .from(issueOrderLines)
    .where(inArray(issueOrderLines.returnOfLineId, issueLineIds));
  for (const r of rows) {
    if (r.lineId === null) continue;
    out.set(r.lineId, [...(out.get(r.lineId) ?? []), ...r.codes]);
  }
  return out;
}

export async function addReturned(tx: Tx, lineId: number, quantity: string): Promise<void> {
  await tx
    .update(issueOrderLines)
    .set({ returned: sql`${issueOrderLines.returned} + ${quantity}::numeric` })
    .where(eq(issueOrderLines.id, lineId));
}

/** The return documents of an issue order, oldest first. */
export async function returnsOf(tx: Tx, orderId: number) {
  return tx
    .select({
      id: issueOrders.id,
      number: issueOrders.number,
      issuedOn: issueOrders.issuedOn,
      reason: issueOrders.remarks,
    })
    .from(issueOrders)
    .where(and(eq(issueOrders.kind, 'return'), eq(issueOrders.returnOfId, orderId)))
    .orderBy(asc(issueOrders.id));
}

const returnOf = alias(issueOrders, 'return_of');
const lineCount = sql<number>`(select count(*)::int from ${issueOrderLines} l where l.order_id = ${issueOrders.id})`;
const anyReturned = sql<boolean>`exists (select 1 from ${issueOrderLines} l where l.order_id = ${issueOrders.id} and l.returned > 0)`;

/** An order with what its list row and detail show: who issued it, its lines' count, the issue it returns. */
function orderSelect(tx: Tx) {
  return tx
    .select({
      order: issueOrders,
      issuedByName: sql<string>`coalesce(${users.realName}, ${users.username}, '')`,
      lineCount,
      returned: anyReturned,
      returnOfNumber: returnOf.number,
      projectName: projects.name,
    })
    .from(issueOrders)
    .innerJoin(projects, eq(projects.id, issueOrders.projectId))
    .leftJoin(users, eq(users.id, issueOrders.issuedBy))
    .leftJoin(returnOf, eq(returnOf.id, issueOrders.returnOfId));
}

export async function orderWithNames(tx: Tx, id: number) {
  const [row] = await orderSelect(tx).where(eq(issueOrders.id, id));
  return row ?? null;
}
export type IssueOrderListRow = NonNullable<Awaited<ReturnType<typeof orderWithNames>>>;

/** Issue orders and returns of a project, newest date first; the keyword matches numbers, people, places, materials. */
export async function orderPage(tx: Tx, f: { projectId: number; keyword?: string; take: number; skip: number }) {
  const pattern = f.keyword ? containsPattern(f.keyword) : null;
  const where = and(
    eq(issueOrders.projectId, f.projectId),
    pattern
      ? or(
          ilike(issueOrders.number, pattern),
          ilike(issueOrders.team, pattern),
          ilike(issueOrders.receivedBy, pattern),
          ilike(issueOrders.building, pattern),
          ilike(issueOrders.floor, pattern),
          ilike(issueOrders.part, pattern),
          sql`exists (select 1 from ${issueOrderLines} l join ${siteInspections} i on i.id = l.inspection_id
            join ${lots} t on t.id = l.lot_id where l.order_id = ${issueOrders.id}
            and (i.material_name ilike ${pattern} or i.spec_name ilike ${pattern} or t.batch_no ilike ${pattern}))`,
        )
      : undefined,
  );
  const rows = await orderSelect(tx)
    .where(where)
    .orderBy(desc(issueOrders.issuedOn), desc(issueOrders.id))
    .limit(f.take)
    .offset(f.skip);
  const [total] = await tx.select({ n: count() }).from(issueOrders).where(where);
  return { rows, total: total?.n ?? 0 };
}

export interface IssuedLineFilter {
  projectId: number;
  materialName?: string;
  specName?: string;
  batchNo?: string;
  location?: string;
  from?: string;
  to?: string;
}

/** Issue lines (not returns) matching the search: fragments of names, batch and use location; a date range. */
function issuedWhere(f: IssuedLineFilter): SQL | undefined {
  const like = (column: Parameters<typeof ilike>[0], text: string | undefined) =>
    text ? ilike(column, containsPattern(text)) : undefined;
  const place = f.location ? containsPattern(f.location) : null;
  return and(
    eq(issueOrders.projectId, f.projectId),
    eq(issueOrders.kind, 'issue'),
    like(siteInspections.materialName, f.materialName),
    like(siteInspections.specName, f.specName),
    like(lots.batchNo, f.batchNo),
    place
      ? or(ilike(issueOrders.building, place), ilike(issueOrders.floor, place), ilike(issueOrders.part, place))
      : undefined,
    f.from ? gte(issueOrders.issuedOn, f.from) : undefined,
    f.to ? lte(issueOrders.issuedOn, f.to) : undefined,
  );
}

export async function issuedLinePage(tx: Tx, f: IssuedLineFilter & { take: number; skip: number }) {
  const where = issuedWhere(f);
  const rows = await tx
    .select({
      ...lineColumns,
      orderNumber: issueOrders.number,
      issuedOn: issueOrders.issuedOn,
      team: issueOrders.team,
      building: issueOrders.building,
      floor: issueOrders.floor,
      part: issueOrders.part,
    })
    .from(issueOrderLines)
    .innerJoin(issueOrders, eq(issueOrders.id, issueOrderLines.orderId))
    .innerJoin(siteInspections, eq(siteInspections.id, issueOrderLines.inspectionId))
    .innerJoin(lots, eq(lots.id, issueOrderLines.lotId))
    .where(where)
    .orderBy(desc(issueOrders.issuedOn), desc(issueOrders.id), asc(issueOrderLines.lineNo))
    .limit(f.take)
    .offset(f.skip);
  const [total] = await tx
    .select({ n: count() })
    .from(issueOrderLines)
    .innerJoin(issueOrders, eq(issueOrders.id, issueOrderLines.orderId))
    .innerJoin(siteInspections, eq(siteInspections.id, issueOrderLines.inspectionId))
    .innerJoin(lots, eq(lots.id, issueOrderLines.lotId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The search's net quantities (issued less returned) per material, specification and unit. */
export async function issuedTotals(tx: Tx, f: IssuedLineFilter) {
  return tx
    .select({
      materialName: siteInspections.materialName,
      specName: siteInspections.specName,
      unitName: siteInspections.unitName,
      netQuantity: sql<string>`sum(${issueOrderLines.quantity} - ${issueOrderLines.returned})`,
    })
    .from(issueOrderLines)
    .innerJoin(issueOrders, eq(issueOrders.id, issueOrderLines.orderId))
    .innerJoin(siteInspections, eq(siteInspections.id, issueOrderLines.inspectionId))
    .innerJoin(lots, eq(lots.id, issueOrderLines.lotId))
    .where(issuedWhere(f))
    .groupBy(siteInspections.materialName, siteInspections.specName, siteInspections.unitName)
    .orderBy(asc(siteInspections.materialName), asc(siteInspections.specName), asc(siteInspections.unitName))
    .limit(1000);
}
