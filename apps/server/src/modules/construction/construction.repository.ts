import { CodeStatus } from '@jcbb/contract';
import { and, asc, count, desc, eq, exists, getTableColumns, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  inspectionRules,
  issueOrders,
  lots,
  materialClassifications,
  organizations,
  productSpecs,
  products,
  productUnits,
  projectOrgs,
  projects,
  receiptLines,
  receipts,
  shipmentCodes,
  shipments,
  siteDeliveries,
  siteInspections,
  spotChecks,
  stockBalances,
  stockMoves,
  traceCodes,
  users,
  witnessSamples,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/like.ts';

/** SQL only (docs/architecture.md): every function runs in the caller's transaction. */

export type DeliveryRow = typeof siteDeliveries.$inferSelect;
export type DeliveryInsert = Omit<typeof siteDeliveries.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type InspectionRow = typeof siteInspections.$inferSelect;
export type InspectionInsert = Omit<typeof siteInspections.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

// ---- reference ----

export async function ruleOf(tx: Tx, classifyCode: string | null) {
  if (!classifyCode) return null;
  const [row] = await tx.select().from(inspectionRules).where(eq(inspectionRules.classifyCode, classifyCode));
  return row ?? null;
}

export async function classificationName(tx: Tx, code: string | null): Promise<string | null> {
  if (!code) return null;
  const [row] = await tx
    .select({ name: materialClassifications.name })
    .from(materialClassifications)
    .where(eq(materialClassifications.code, code));
  return row?.name ?? null;
}

/** Which of `codes` are product classes (the external lines' check, one query for a whole import). */
export async function productClasses(tx: Tx, codes: readonly string[]): Promise<Set<string>> {
  const wanted = [...new Set(codes)];
  if (wanted.length === 0) return new Set();
  const rows = await tx
    .select({ code: materialClassifications.code })
    .from(materialClassifications)
    .where(and(inArray(materialClassifications.code, wanted), eq(materialClassifications.level, 2)));
  return new Set(rows.map((r) => r.code));
}

// ---- lots ----

/** What a site record copies of a platform lot: the material's names, its maker and classification. */
export async function platformLotFacts(tx: Tx, lotIds: number[]) {
  if (lotIds.length === 0) return new Map();
  const rows = await tx
    .select({
      lotId: lots.id,
      productId: lots.productId,
      batchNo: lots.batchNo,
      evidence: lots.evidence,
      materialName: products.name,
      specName: productSpecs.name,
      unitName: sql<string>`coalesce(${productUnits.name}, '')`,
      makerName: organizations.name,
      classifyCode: products.classifyCode,
      qualityDocs: lots.qualityDocs,
    })
    .from(lots)
    .innerJoin(products, eq(products.id, lots.productId))
    .innerJoin(productSpecs, eq(productSpecs.id, lots.specId))
    .innerJoin(organizations, eq(organizations.id, lots.orgId))
    .leftJoin(productUnits, eq(productUnits.id, productSpecs.unitId))
    .where(inArray(lots.id, lotIds));
  return new Map(rows.map((r) => [r.lotId, r]));
}

/** A platform lot's product, specification and the product's maker (null for an off-platform lot). */
export async function lotProduct(tx: Tx, lotId: number) {
  const [row] = await tx
    .select({ productId: lots.productId, specId: lots.specId, makerOrgId: products.orgId })
    .from(lots)
    .innerJoin(products, eq(products.id, lots.productId))
    .where(eq(lots.id, lotId));
  return row?.productId != null && row.specId != null
    ? { productId: row.productId, specId: row.specId, makerOrgId: row.makerOrgId }
    : null;
}

/**
 * The checklist kinds whose files the evidence reader reads (docs/evidence-reading.md, "Where it is shown"): the
 * certificate of conformity, the factory and type test reports, the green document and the 3C certificate.
 */
export const READ_CHECK_KINDS = ['conformity', 'factory_test', 'type_test', 'green', 'ccc'] as const;

/** The evidence reader's source: the files of those kinds in inspections' checklists (one column of upload ids). */
export const inspectionReadingUploads: SQL = sql`
  select (c.value->>'uploadId')::int from ${siteInspections} i
  cross join lateral jsonb_array_elements(coalesce(i.checks, '[]'::jsonb)) c
  where c.value->>'kind' in (${sql.raw(READ_CHECK_KINDS.map((k) => `'${k}'`).join(', '))})
    and jsonb_typeof(c.value->'uploadId') = 'number'`;

/**
 * Insert many rows with one statement and answer their ids in the order given. The rows travel as one JSON parameter
 * read by jsonb_to_recordset (a multi-row VALUES would bind a parameter per value: 240 000 for 10 000 inspections,
 * whose building and binding took most of an import's time), inserted in the array's order, so their identity ids
 * sorted ascending are the rows' ids in order. Every row names the same columns (null, not undefined, for none):
 * the columns named are inserted, the others take their defaults.
 */
async function insertRows(tx: Tx, table: PgTable, rows: readonly Record<string, unknown>[]): Promise<number[]> {
  const first = rows[0];
  if (!first) return [];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  const keys = Object.keys(first);
  const cols = keys.map((k) => {
    const c = columns[k];
    if (!c) throw new Error(`insertRows: ${k} is not a column`);
    return c;
  });
  const json = JSON.stringify(
    rows.map((r, i) => {
      const o: Record<string, unknown> = { _i: i };
      keys.forEach((k, n) => {
        const v = r[k];
        if (v === undefined) throw new Error(`insertRows: row ${i} has no ${k}`);
        o[(cols[n] as PgColumn).name] = v;
      });
      return o;
    }),
  );
  const names = sql.raw(cols.map((c) => `"${c.name}"`).join(', '));
  const types = sql.raw(['"_i" int', ...cols.map((c) => `"${c.name}" ${c.getSQLType()}`)].join(', '));
  const result = (await tx.execute(sql`insert into ${table} (${names})
    select ${names} from jsonb_to_recordset(${json}::jsonb) as x(${types}) order by x."_i"
    returning id`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => Number(r.id)).sort((a, b) => a - b);
}

export type ExternalLotInsert = {
  orgId: number;
  batchNo: string;
  productionDate: string;
  quantity: string;
  createdBy: number;
};

/** External lots (bought off the platform, described by the site's record): their ids, in the order given. */
export async function insertExternalLots(tx: Tx, values: readonly ExternalLotInsert[]): Promise<number[]> {
  return insertRows(
    tx,
    lots,
    values.map((v) => ({
      orgId: v.orgId,
      batchNo: v.batchNo,
      productionDate: v.productionDate,
      quantity: v.quantity,
      createdBy: v.createdBy,
      origin: 'external',
      productId: null,
      specId: null,
      evidence: {
        kind: 'none',
        name: null,
        certNo: null,
        valid: false,
        validUntil: null,
        leafIndex: null,
        asOf: v.productionDate,
      },
    })),
  );
}

// ---- uploads ----

export async function userNames(tx: Tx, ids: (number | null)[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids.filter((i): i is number => i !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ id: users.id, name: sql<string>`coalesce(${users.realName}, ${users.username})` })
    .from(users)
    .where(inArray(users.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function orgName(tx: Tx, id: number): Promise<string> {
  const [row] = await tx.select({ name: organizations.name }).from(organizations).where(eq(organizations.id, id));
  return row?.name ?? '';
}

// ---- deliveries ----

export async function insertDelivery(tx: Tx, values: DeliveryInsert): Promise<number> {
  const [row] = await tx.insert(siteDeliveries).values(values).returning({ id: siteDeliveries.id });
  return (row as { id: number }).id;
}

/** Deliveries, many at once (an import): their ids in the order given. */
export async function insertDeliveries(tx: Tx, values: readonly DeliveryInsert[]): Promise<number[]> {
  return insertRows(tx, siteDeliveries, values);
}

export async function updateDelivery(tx: Tx, id: number, values: Partial<DeliveryInsert>): Promise<void> {
  await tx
    .update(siteDeliveries)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(siteDeliveries.id, id));
}

export async function deliveryById(tx: Tx, id: number, forUpdate = false): Promise<DeliveryRow | null> {
  const q = tx.select().from(siteDeliveries).where(eq(siteDeliveries.id, id));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function deliveryOfReceipt(tx: Tx, receiptId: number): Promise<DeliveryRow | null> {
  const [row] = await tx.select().from(siteDeliveries).where(eq(siteDeliveries.receiptId, receiptId));
  return row ?? null;
}

const pendingOfDelivery = sql<number>`(select count(*)::int from ${siteInspections} i
  where i.delivery_id = ${siteDeliveries.id} and i.state in ('pending', 'submitted', 'pending_retest'))`;
const linesOfDelivery = sql<number>`(select count(*)::int from ${siteInspections} i where i.delivery_id = ${siteDeliveries.id})`;

export async function deliveryPage(
  tx: Tx,
  f: { projectId: number; kind?: string; keyword?: string; pendingOnly?: boolean; take: number; skip: number },
) {
  const pattern = f.keyword ? containsPattern(f.keyword) : null;
  const where = and(
    eq(siteDeliveries.projectId, f.projectId),
    f.kind ? eq(siteDeliveries.kind, f.kind) : undefined,
    pattern
      ? or(
          ilike(siteDeliveries.number, pattern),
          ilike(siteDeliveries.supplierName, pattern),
          ilike(siteDeliveries.deliveryNoteNo, pattern),
          ilike(siteDeliveries.invoiceNo, pattern),
          exists(
            tx
              .select({ one: sql`1` })
              .from(siteInspections)
              .where(
                and(
                  eq(siteInspections.deliveryId, siteDeliveries.id),
                  or(ilike(siteInspections.materialName, pattern), ilike(siteInspections.specName, pattern)),
                ),
              ),
          ),
        )
      : undefined,
    f.pendingOnly ? sql`${pendingOfDelivery} > 0` : undefined,
  );
  const rows = await tx
    .select({
      delivery: siteDeliveries,
      receiptNumber: receipts.number,
      shipmentId: shipments.id,
      shipmentNumber: shipments.number,
      lineCount: linesOfDelivery,
      pendingCount: pendingOfDelivery,
    })
    .from(siteDeliveries)
    .leftJoin(receipts, eq(receipts.id, siteDeliveries.receiptId))
    .leftJoin(shipments, eq(shipments.id, receipts.shipmentId))
    .where(where)
    .orderBy(desc(siteDeliveries.arrivedOn), desc(siteDeliveries.id))
    .limit(f.take)
    .offset(f.skip);
  const [total] = await tx.select({ n: count() }).from(siteDeliveries).where(where);
  return { rows, total: total?.n ?? 0 };
}
export type DeliveryPageRow = Awaited<ReturnType<typeof deliveryPage>>['rows'][number];

export async function deliveryWithShipment(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      delivery: siteDeliveries,
      receiptNumber: receipts.number,
      shipmentId: shipments.id,
      shipmentNumber: shipments.number,
      lineCount: linesOfDelivery,
      pendingCount: pendingOfDelivery,
      projectName: projects.name,
      receiverName: organizations.name,
    })
    .from(siteDeliveries)
    .innerJoin(projects, eq(projects.id, siteDeliveries.projectId))
    .innerJoin(organizations, eq(organizations.id, siteDeliveries.orgId))
    .leftJoin(receipts, eq(receipts.id, siteDeliveries.receiptId))
    .leftJoin(shipments, eq(shipments.id, receipts.shipmentId))
    .where(eq(siteDeliveries.id, id));
  return row ?? null;
}

// ---- inspections ----

export async function insertInspection(tx: Tx, values: InspectionInsert): Promise<number> {
  const [row] = await tx.insert(siteInspections).values(values).returning({ id: siteInspections.id });
  return (row as { id: number }).id;
}

/** Inspections, many at once: their ids in the order given. */
export async function insertInspections(tx: Tx, values: readonly InspectionInsert[]): Promise<number[]> {
  return insertRows(tx, siteInspections, values);
}

export async function updateInspection(tx: Tx, id: number, values: Partial<InspectionInsert>): Promise<void> {
  await tx
    .update(siteInspections)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(siteInspections.id, id));
}

/** Move an inspection, guarded on the state it was read in; answers whether it moved. */
export async function moveInspection(
  tx: Tx,
  id: number,
  from: string,
  values: Partial<InspectionInsert> & { state: string },
): Promise<boolean> {
  const rows = await tx
    .update(siteInspections)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(siteInspections.id, id), eq(siteInspections.state, from)))
    .returning({ id: siteInspections.id });
  return rows.length > 0;
}

export async function inspectionById(tx: Tx, id: number, forUpdate = false): Promise<InspectionRow | null> {
  const q = tx.select().from(siteInspections).where(eq(siteInspections.id, id));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** The trace codes a receipt line took in: the top-level codes of its shipment line, accepted at the gate. */
export async function codeCountOfReceiptLine(tx: Tx, receiptLineId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(shipmentCodes)
    .innerJoin(receiptLines, eq(receiptLines.shipmentLineId, shipmentCodes.lineId))
    .where(and(eq(receiptLines.id, receiptLineId), eq(shipmentCodes.outcome, 'accepted')));
  return row?.n ?? 0;
}

/** The receipt a receipt line belongs to. */
export async function receiptOfLine(tx: Tx, receiptLineId: number): Promise<number | null> {
  const [row] = await tx
    .select({ receiptId: receiptLines.receiptId })
    .from(receiptLines)
    .where(eq(receiptLines.id, receiptLineId));
  return row?.receiptId ?? null;
}

/** The top-level codes a receipt line took in that the project still holds as rejected, with their quantities. */
export async function rejectedCodesOfReceiptLine(tx: Tx, projectId: number, receiptLineId: number) {
  return tx
    .select({ code: traceCodes.code, quantity: traceCodes.quantity })
    .from(shipmentCodes)
    .innerJoin(receiptLines, eq(receiptLines.shipmentLineId, shipmentCodes.lineId))
    .innerJoin(traceCodes, eq(traceCodes.code, shipmentCodes.code))
    .where(
      and(
        eq(receiptLines.id, receiptLineId),
        eq(shipmentCodes.outcome, 'accepted'),
        eq(traceCodes.holderKey, `project:${projectId}`),
        eq(traceCodes.status, CodeStatus.REJECTED),
      ),
    )
    .orderBy(asc(traceCodes.code));
}

export async function inspectionsOfDelivery(tx: Tx, deliveryId: number) {
  return tx
    .select({ inspection: siteInspections, batchNo: lots.batchNo })
    .from(siteInspections)
    .innerJoin(lots, eq(lots.id, siteInspections.lotId))
    .where(eq(siteInspections.deliveryId, deliveryId))
    .orderBy(asc(siteInspections.id));
}

export async function inspectionPage(
  tx: Tx,
  f: { projectId: number; state?: string; keyword?: string; take: number; skip: number },
) {
  const pattern = f.keyword ? containsPattern(f.keyword) : null;
  const where = and(
    eq(siteInspections.projectId, f.projectId),
    f.state ? eq(siteInspections.state, f.state) : undefined,
    pattern
      ? or(
          ilike(siteInspections.number, pattern),
          ilike(siteInspections.materialName, pattern),
          ilike(siteInspections.specName, pattern),
          ilike(lots.batchNo, pattern),
        )
      : undefined,
  );
  const rows = await tx
    .select({
      inspection: siteInspections,
      batchNo: lots.batchNo,
      deliveryNumber: siteDeliveries.number,
      arrivedOn: siteDeliveries.arrivedOn,
    })
    .from(siteInspections)
    .innerJoin(lots, eq(lots.id, siteInspections.lotId))
    .innerJoin(siteDeliveries, eq(siteDeliveries.id, siteInspections.deliveryId))
    .where(where)
    .orderBy(desc(siteInspections.id))
    .limit(f.take)
    .offset(f.skip);
  const [total] = await tx
    .select({ n: count() })
    .from(siteInspections)
    .innerJoin(lots, eq(lots.id, siteInspections.lotId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function samplesOfInspection(tx: Tx, inspectionId: number) {
  return tx
    .select({
      id: witnessSamples.id,
      sampleNo: witnessSamples.sampleNo,
      state: witnessSamples.state,
      result: witnessSamples.result,
    })
    .from(witnessSamples)
    .where(eq(witnessSamples.inspectionId, inspectionId))
    .orderBy(asc(witnessSamples.id));
}

// ---- project stock ----

/**
 * A project's stock by lot: the three buckets pivoted, what was issued (net of returns), and the lot's site record
 * (the latest inspection of the lot at this project). One row per lot that ever had stock here.
 */
export async function siteStockPage(
  tx: Tx,
  f: { projectId: number; lotId?: number; keyword?: string; state?: string; take: number; skip: number },
) {
  const key = `project:${f.projectId}`;
  const bucket = (name: string) =>
    sql<string>`coalesce(sum(${stockBalances.quantity}) filter (where ${stockBalances.bucket} = ${name}), 0)`;
  const balances = tx
    .select({
      lotId: stockBalances.lotId,
      quarantined: bucket('quarantined').as('quarantined'),
      usable: bucket('usable').as('usable'),
      rejected: bucket('rejected').as('rejected'),
    })
    .from(stockBalances)
    .where(and(eq(stockBalances.holderKey, key), f.lotId === undefined ? undefined : eq(stockBalances.lotId, f.lotId)))
    .groupBy(stockBalances.lotId)
    .as('balances');
  // What was issued, net of returns, per lot: the project's issue moves grouped once (a subquery per lot scanned all
  // of the project's moves for each: a 30 000-lot project's list ran past the statement timeout).
  const issuedByLot = tx
    .select({ lotId: stockMoves.lotId, issued: sql<string>`-sum(${stockMoves.quantity})`.as('issued') })
    .from(stockMoves)
    .where(
      and(
        eq(stockMoves.holderKey, key),
        inArray(stockMoves.reason, ['issue', 'unissue']),
        f.lotId === undefined ? undefined : eq(stockMoves.lotId, f.lotId),
      ),
    )
    .groupBy(stockMoves.lotId)
    .as('issued_by_lot');
  const issued = sql<string>`coalesce(${issuedByLot.issued}, 0)`;
  // The lot's site record: a quarantined inspection first (what blocks it), else the latest. Chosen among the lot's
  // inspections by the lot's index alone, this project's first (the join keeps only this project's): with the
  // project in the subquery's WHERE, PostgreSQL combined both indexes before the first ANALYZE of an import's rows
  // and read the project's every inspection for each lot (13 s for 10 000 lots).
  const record = and(
    eq(siteInspections.lotId, balances.lotId),
    eq(siteInspections.projectId, f.projectId),
    eq(
      siteInspections.id,
      sql`(select i.id from ${siteInspections} i where i.lot_id = ${balances.lotId}
      order by (i.project_id = ${f.projectId}) desc, (i.state in ('pending', 'submitted', 'pending_retest')) desc,
        i.id desc limit 1)`,
    ),
  );
  const pattern = f.keyword ? containsPattern(f.keyword) : null;
  const where = and(
    pattern
      ? or(
          ilike(siteInspections.materialName, pattern),
          ilike(siteInspections.specName, pattern),
          ilike(lots.batchNo, pattern),
        )
      : undefined,
    f.state ? eq(siteInspections.state, f.state) : undefined,
  );
  const rows = await tx
    .select({
      lotId: balances.lotId,
      batchNo: lots.batchNo,
      quarantined: balances.quarantined,
      usable: balances.usable,
      rejected: balances.rejected,
      issued,
      inspectionId: siteInspections.id,
      materialName: siteInspections.materialName,
      specName: siteInspections.specName,
      unitName: siteInspections.unitName,
      makerName: siteInspections.makerName,
      isGreen: siteInspections.isGreen,
      state: siteInspections.state,
    })
    .from(balances)
    .innerJoin(lots, eq(lots.id, balances.lotId))
    .leftJoin(siteInspections, record)
    .leftJoin(issuedByLot, eq(issuedByLot.lotId, balances.lotId))
    .where(where)
    .orderBy(asc(siteInspections.materialName), asc(lots.batchNo), asc(balances.lotId))
    .limit(f.take)
    .offset(f.skip);
  const [total] = await tx
    .select({ n: count() })
    .from(balances)
    .innerJoin(lots, eq(lots.id, balances.lotId))
    .leftJoin(siteInspections, record)
    .where(where);
  return { rows, total: total?.n ?? 0 };
}
export type SiteStockRow = Awaited<ReturnType<typeof siteStockPage>>['rows'][number];

export async function siteStockOfLot(tx: Tx, projectId: number, lotId: number) {
  const { rows } = await siteStockPage(tx, { projectId, lotId, take: 1, skip: 0 });
  return rows[0] ?? null;
}

/** A lot's balance in one bucket of the project's stock, its row locked (FOR UPDATE) until the transaction ends. */
export async function lockedBalance(tx: Tx, projectId: number, lotId: number, bucket: string): Promise<string> {
  const [row] = await tx
    .select({ quantity: stockBalances.quantity })
    .from(stockBalances)
    .where(
      and(
        eq(stockBalances.holderKey, `project:${projectId}`),
        eq(stockBalances.lotId, lotId),
        eq(stockBalances.bucket, bucket),
      ),
    )
    .for('update');
  return row?.quantity ?? '0';
}

/**
 * What an inspection put into the project's rejected stock and has not taken out: its own moves in the rejected
 * bucket (the delivered quantity, or what was still usable when a retest failed after release).
 */
export async function rejectedOfInspection(tx: Tx, i: Pick<InspectionRow, 'id' | 'projectId' | 'lotId'>) {
  const [row] = await tx
    .select({ quantity: sql<string>`coalesce(sum(${stockMoves.quantity}), 0)` })
    .from(stockMoves)
    .where(
      and(
        eq(stockMoves.docType, 'inspection'),
        eq(stockMoves.docId, i.id),
        eq(stockMoves.holderKey, `project:${i.projectId}`),
        eq(stockMoves.lotId, i.lotId),
        eq(stockMoves.bucket, 'rejected'),
      ),
    );
  return row?.quantity ?? '0';
}

/** What the project issued of a lot, net of returns to stock. */
export async function issuedOfLot(tx: Tx, projectId: number, lotId: number) {
  const [row] = await tx
    .select({ quantity: sql<string>`coalesce(-sum(${stockMoves.quantity}), 0)` })
    .from(stockMoves)
    .where(
      and(
        eq(stockMoves.holderKey, `project:${projectId}`),
        eq(stockMoves.lotId, lotId),
        inArray(stockMoves.reason, ['issue', 'unissue']),
      ),
    );
  return row?.quantity ?? '0';
}

/** The moves of one lot in the project's stock, oldest first. */
export async function movesOfLot(tx: Tx, projectId: number, lotId: number) {
  return tx
    .select({
      move: stockMoves,
      userName: sql<string | null>`coalesce(${users.realName}, ${users.username})`,
    })
    .from(stockMoves)
    .leftJoin(users, eq(users.id, stockMoves.userId))
    .where(and(eq(stockMoves.holderKey, `project:${projectId}`), eq(stockMoves.lotId, lotId)))
    .orderBy(asc(stockMoves.id))
    .limit(1000);
}

/** Document numbers of moves, by type and id (a delivery, an inspection, an issue order). */
export async function documentNumbers(tx: Tx, refs: { docType: string; docId: number | null }[]) {
  const ids = (type: string) => [
    ...new Set(refs.filter((r) => r.docType === type && r.docId !== null).map((r) => r.docId as number)),
  ];
  const out = new Map<string, string>();
  const receiptIds = ids('receipt');
  if (receiptIds.length > 0) {
    for (const r of await tx
      .select({ id: receipts.id, number: receipts.number })
      .from(receipts)
      .where(inArray(receipts.id, receiptIds)))
      out.set(`receipt:${r.id}`, r.number);
  }
  for (const type of ['delivery', 'inspection'] as const) {
    const list = ids(type);
    if (list.length === 0) continue;
    const t = type === 'delivery' ? siteDeliveries : siteInspections;
    for (const r of await tx.select({ id: t.id, number: t.number }).from(t).where(inArray(t.id, list)))
      out.set(`${type}:${r.id}`, r.number);
  }
  const issueIds = ids('issue');
  if (issueIds.length > 0) {
    for (const r of await tx
      .select({ id: issueOrders.id, number: issueOrders.number })
      .from(issueOrders)
      .where(inArray(issueOrders.id, issueIds)))
      out.set(`issue:${r.id}`, r.number);
  }
  return out;
}

/** Whether the project's site records name the organisation (the project's removal rule). */
export async function namesOrgOnProject(tx: Tx, projectId: number, orgId: number): Promise<boolean> {
  const [row] = await tx
    .select({ id: siteDeliveries.id })
    .from(siteDeliveries)
    .where(
      and(
        eq(siteDeliveries.projectId, projectId),
        or(eq(siteDeliveries.orgId, orgId), eq(siteDeliveries.supplierOrgId, orgId)),
      ),
    )
    .limit(1);
  if (row) return true;
  const [sample] = await tx
    .select({ id: witnessSamples.id })
    .from(witnessSamples)
    .where(and(eq(witnessSamples.projectId, projectId), eq(witnessSamples.orgId, orgId)))
    .limit(1);
  if (sample) return true;
  const [check] = await tx
    .select({ id: spotChecks.id })
    .from(spotChecks)
    .where(and(eq(spotChecks.projectId, projectId), eq(spotChecks.orgId, orgId)))
    .limit(1);
  return check !== undefined;
}

/** Shipments on their way to the project (shipped or partly received), oldest ship date first. */
export async function expectedPage(tx: Tx, f: { projectId: number; take: number; skip: number }) {
  const where = and(eq(shipments.toProjectId, f.projectId), inArray(shipments.status, [2, 3]));
  const rows = await tx
    .select({
      shipmentId: shipments.id,
      number: shipments.number,
      fromOrgName: organizations.name,
      shipDate: shipments.shipDate,
      plannedArrival: shipments.plannedArrival,
      status: shipments.status,
      lineCount: sql<number>`(select count(*)::int from shipment_lines l where l.shipment_id = ${shipments.id})`,
    })
    .from(shipments)
    .innerJoin(organizations, eq(organizations.id, shipments.fromOrgId))
    .where(where)
    .orderBy(asc(shipments.shipDate), asc(shipments.id))
    .limit(f.take)
    .offset(f.skip);
  const [total] = await tx.select({ n: count() }).from(shipments).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The organisations of these types that have joined the project. */
export async function projectOrgsOfType(tx: Tx, projectId: number, types: number[]): Promise<number[]> {
  const rows = await tx
    .select({ orgId: projectOrgs.orgId })
    .from(projectOrgs)
    .where(and(eq(projectOrgs.projectId, projectId), eq(projectOrgs.status, 2), inArray(projectOrgs.orgType, types)));
  return rows.map((r) => r.orgId);
}

/** The lot's maker (a platform lot), or null. */
export async function lotOrgId(tx: Tx, lotId: number): Promise<number | null> {
  const [row] = await tx.select({ orgId: lots.orgId, origin: lots.origin }).from(lots).where(eq(lots.id, lotId));
  return row && row.origin === 'platform' ? row.orgId : null;
}
