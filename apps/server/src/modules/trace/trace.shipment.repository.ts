import { CertStatus, ListingStatus, MembershipStatus, OrgType } from '@jcbb/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, notInArray, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  addresses,
  administrativeDivisions,
  listings,
  lots,
  organizations,
  productSpecs,
  products,
  projectOrgs,
  projects,
  receiptLines,
  receipts,
  shipmentCodes,
  shipmentLines,
  shipments,
  stockBalances,
  traceCodes,
  traceEvents,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/like.ts';
import { textList } from './trace.sql.ts';

/**
 * SQL of shipments and receipts (docs/traceability.md): every function runs in the caller's transaction. Quantities
 * come back from numeric columns as strings; the services turn them into thousandths.
 */

export type ShipmentRow = typeof shipments.$inferSelect;
export type ShipmentInsert = Omit<typeof shipments.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;
export type LineInsert = Omit<typeof shipmentLines.$inferInsert, 'id'>;
export type CodeRow = typeof traceCodes.$inferSelect;
export type LotRow = typeof lots.$inferSelect;

// ---- organisations, places, projects ----

export async function orgsByIds(tx: Tx, ids: number[]) {
  if (ids.length === 0) return new Map<number, OrgRow>();
  const rows = await tx
    .select({
      id: organizations.id,
      name: organizations.name,
      type: organizations.type,
      certStatus: organizations.certStatus,
      regionCode: organizations.regionCode,
    })
    .from(organizations)
    .where(inArray(organizations.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}
export interface OrgRow {
  id: number;
  name: string;
  type: number;
  certStatus: number;
  regionCode: string | null;
}

export async function orgById(tx: Tx, id: number): Promise<OrgRow | null> {
  return (await orgsByIds(tx, [id])).get(id) ?? null;
}

/** Organisations a shipment may go to: certified distributors and construction units, by name. */
export async function receivers(tx: Tx, f: { exceptOrgId: number; name?: string; take: number; skip: number }) {
  const where = and(
    inArray(organizations.type, [OrgType.DISTRIBUTOR, OrgType.CONSTRUCTION]),
    eq(organizations.certStatus, CertStatus.CERTIFIED),
    ne(organizations.id, f.exceptOrgId),
    f.name ? ilike(organizations.name, containsPattern(f.name)) : undefined,
  );
  const rows = await tx
    .select({ id: organizations.id, name: organizations.name, orgType: organizations.type })
    .from(organizations)
    .where(where)
    .orderBy(asc(organizations.name), asc(organizations.id))
    .limit(f.take)
    .offset(f.skip);
  const [total] = await tx.select({ n: count() }).from(organizations).where(where);
  return { rows, total: total?.n ?? 0 };
}

export type AddressRow = typeof addresses.$inferSelect;

export async function addressById(tx: Tx, id: number): Promise<AddressRow | null> {
  const [row] = await tx.select().from(addresses).where(eq(addresses.id, id));
  return row ?? null;
}

export async function enabledAddressesOf(tx: Tx, orgId: number): Promise<AddressRow[]> {
  return tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.orgId, orgId), eq(addresses.enabled, true)))
    .orderBy(desc(addresses.isDefault), asc(addresses.kind), asc(addresses.id));
}

/** Division names by code (one level: 江宁区, 南京市). */
export async function divisionNames(tx: Tx, codes: (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(codes.filter((c): c is string => !!c))];
  if (wanted.length === 0) return new Map();
  const rows = await tx
    .select({ code: administrativeDivisions.code, name: administrativeDivisions.name })
    .from(administrativeDivisions)
    .where(inArray(administrativeDivisions.code, wanted));
  return new Map(rows.map((r) => [r.code, r.name]));
}

/** Full names of counties ("江苏省 南京市 江宁区"), walking up the division tree. */
export async function regionFullNames(tx: Tx, codes: (string | null | undefined)[]): Promise<Map<string, string>> {
  const wanted = [...new Set(codes.filter((c): c is string => !!c))];
  const out = new Map<string, string>();
  if (wanted.length === 0) return out;
  const known = new Map<string, { name: string; parentCode: string | null }>();
  let next = wanted;
  for (let depth = 0; depth < 4 && next.length > 0; depth++) {
    const rows = await tx
      .select({
        code: administrativeDivisions.code,
        name: administrativeDivisions.name,
        parentCode: administrativeDivisions.parentCode,
      })
      .from(administrativeDivisions)
      .where(inArray(administrativeDivisions.code, next));
    for (const r of rows) known.set(r.code, r);
    next = [...new Set(rows.map((r) => r.parentCode).filter((c): c is string => !!c && !known.has(c)))];
  }
  for (const code of wanted) {
    const parts: string[] = [];
    for (let c: string | null = code, depth = 0; c && depth < 4; depth++) {
      const d = known.get(c);
      if (!d) break;
      parts.unshift(d.name);
      c = d.parentCode;
    }
    out.set(code, parts.length > 0 ? parts.join(' ') : code);
  }
  return out;
}

export interface ProjectRow {
  id: number;
  name: string;
  regionCode: string;
  cityCode: string;
  address: string;
  inPolicyScope: boolean;
  developerOrgId: number;
}

export async function projectsByIds(tx: Tx, ids: number[]): Promise<Map<number, ProjectRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      id: projects.id,
      name: projects.name,
      regionCode: projects.regionCode,
      cityCode: projects.cityCode,
      address: projects.address,
      inPolicyScope: projects.inPolicyScope,
      developerOrgId: projects.developerOrgId,
    })
    .from(projects)
    .where(inArray(projects.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function projectById(tx: Tx, id: number): Promise<ProjectRow | null> {
  return (await projectsByIds(tx, [id])).get(id) ?? null;
}

/** Which of the products are listed (ListingStatus listed) in the city. */
export async function productsListedIn(tx: Tx, productIds: number[], cityCode: string): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await tx
    .select({ productId: listings.productId })
    .from(listings)
    .where(
      and(
        inArray(listings.productId, [...new Set(productIds)]),
        eq(listings.cityCode, cityCode),
        eq(listings.status, ListingStatus.LISTED),
      ),
    );
  return new Set(rows.map((r) => r.productId));
}

/** Organisations with an accepted membership of the project, with the type they take part as. */
export async function acceptedMembers(tx: Tx, projectId: number) {
  return tx
    .select({ orgId: projectOrgs.orgId, orgType: projectOrgs.orgType })
    .from(projectOrgs)
    .where(and(eq(projectOrgs.projectId, projectId), eq(projectOrgs.status, MembershipStatus.ACCEPTED)));
}

/** The projects where `orgId` has an accepted membership (a subquery for lists). */
export const acceptedProjectsOf = (tx: Tx, orgId: number) =>
  tx
    .select({ id: projectOrgs.projectId })
    .from(projectOrgs)
    .where(and(eq(projectOrgs.orgId, orgId), eq(projectOrgs.status, MembershipStatus.ACCEPTED)));

// ---- products, lots, codes ----

export interface SpecFacts {
  specId: number;
  specName: string;
  unitId: number;
  massPerUnitKg: string | null;
  productId: number;
  productName: string;
  productOrgId: number;
  classifyCode: string;
}

export async function specsByIds(tx: Tx, ids: number[]): Promise<Map<number, SpecFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({
      specId: productSpecs.id,
      specName: productSpecs.name,
      unitId: productSpecs.unitId,
      massPerUnitKg: productSpecs.massPerUnitKg,
      productId: products.id,
      productName: products.name,
      productOrgId: products.orgId,
      classifyCode: products.classifyCode,
    })
    .from(productSpecs)
    .innerJoin(products, eq(products.id, productSpecs.productId))
    .where(inArray(productSpecs.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.specId, r]));
}

export async function lotsByIds(tx: Tx, ids: number[]): Promise<Map<number, LotRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(lots)
    .where(inArray(lots.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Which of the lots the holder has (or had) stock of in the bucket: a balance row exists. */
export async function lotsHeld(tx: Tx, holderKey: string, lotIds: number[], bucket: string): Promise<Set<number>> {
  if (lotIds.length === 0) return new Set();
  const rows = await tx
    .select({ lotId: stockBalances.lotId })
    .from(stockBalances)
    .where(
      and(
        eq(stockBalances.holderKey, holderKey),
        eq(stockBalances.bucket, bucket),
        inArray(stockBalances.lotId, [...new Set(lotIds)]),
      ),
    );
  return new Set(rows.map((r) => r.lotId));
}

export async function codesByIds(tx: Tx, codes: string[]): Promise<Map<string, CodeRow>> {
  if (codes.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(traceCodes)
    .where(sql`${traceCodes.code} = any(${textList(codes)})`);
  return new Map(rows.map((r) => [r.code, r]));
}

/** Codes of `codes` that are in an open shipment other than `exceptShipmentId`, with that shipment's number. */
export async function codesInOtherOpenShipments(tx: Tx, codes: string[], exceptShipmentId: number | null) {
  if (codes.length === 0) return [];
  return tx
    .select({ code: shipmentCodes.code, number: shipments.number })
    .from(shipmentCodes)
    .innerJoin(shipments, eq(shipments.id, shipmentCodes.shipmentId))
    .where(
      and(
        sql`${shipmentCodes.code} = any(${textList(codes)})`,
        eq(shipmentCodes.open, true),
        exceptShipmentId === null ? undefined : ne(shipmentCodes.shipmentId, exceptShipmentId),
      ),
    );
}

/** Every code under the given ones (a pallet's packages and their items), not the given ones themselves. */
export async function descendantsOf(tx: Tx, codes: string[]): Promise<string[]> {
  const out: string[] = [];
  let level = codes;
  for (let depth = 0; depth < 3 && level.length > 0; depth++) {
    const rows = await tx
      .select({ code: traceCodes.code })
      .from(traceCodes)
      .where(sql`${traceCodes.parentCode} = any(${textList(level)})`);
    const next = rows.map((r) => r.code);
    out.push(...next);
    level = next;
  }
  return out;
}

/** Set the status (and the holder, when given) of codes. */
export async function setCodes(tx: Tx, codes: string[], set: { status: string; holderKey?: string }): Promise<void> {
  if (codes.length === 0) return;
  await tx
    .update(traceCodes)
    .set(set)
    .where(sql`${traceCodes.code} = any(${textList(codes)})`);
}

/** Record the first project a code was received at (leaves it when one is already there). */
export async function setReceivedProject(tx: Tx, codes: string[], projectId: number): Promise<void> {
  if (codes.length === 0) return;
  await tx
    .update(traceCodes)
    .set({ receivedProjectId: projectId })
    .where(and(sql`${traceCodes.code} = any(${textList(codes)})`, isNull(traceCodes.receivedProjectId)));
}

// ---- numbers ----

/** The highest number with this prefix (FH20261101…), for the next sequence. */
export async function lastNumber(tx: Tx, table: 'shipments' | 'receipts', prefix: string): Promise<string | null> {
  const t = table === 'shipments' ? shipments : receipts;
  const [row] = await tx
    .select({ number: t.number })
    .from(t)
    .where(sql`${t.number} like ${`${prefix}%`}`)
    // A day's 10 000th number has five digits: longer numbers are later ones.
    .orderBy(desc(sql`length(${t.number})`), desc(t.number))
    .limit(1);
  return row?.number ?? null;
}

// ---- shipments ----

export async function insertShipment(tx: Tx, values: ShipmentInsert): Promise<number> {
  const [row] = await tx.insert(shipments).values(values).returning({ id: shipments.id });
  return (row as { id: number }).id;
}

export async function updateShipment(tx: Tx, id: number, values: Partial<ShipmentInsert>): Promise<void> {
  await tx
    .update(shipments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(shipments.id, id));
}

/** Move a shipment's state, guarded on the state it was read in; answers whether it moved. */
export async function moveShipment(
  tx: Tx,
  id: number,
  from: number,
  values: Partial<ShipmentInsert> & { status: number },
): Promise<boolean> {
  const rows = await tx
    .update(shipments)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(shipments.id, id), eq(shipments.status, from)))
    .returning({ id: shipments.id });
  return rows.length === 1;
}

export async function shipmentById(tx: Tx, id: number, forUpdate = false): Promise<ShipmentRow | null> {
  const q = tx.select().from(shipments).where(eq(shipments.id, id));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

export async function deleteLines(tx: Tx, shipmentId: number): Promise<void> {
  await tx.delete(shipmentLines).where(eq(shipmentLines.shipmentId, shipmentId));
}

export async function insertLine(tx: Tx, values: LineInsert): Promise<number> {
  const [row] = await tx.insert(shipmentLines).values(values).returning({ id: shipmentLines.id });
  return (row as { id: number }).id;
}

/** A shipment's codes with their lines, in one statement (the codes and line ids as two list parameters). */
export async function insertShipmentCodes(
  tx: Tx,
  shipmentId: number,
  rows: readonly { lineId: number; code: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.execute(sql`
    insert into ${shipmentCodes} (shipment_id, line_id, code)
    select ${shipmentId}::int, t.line::int, t.code
      from unnest(${textList(rows.map((r) => r.code))}, ${textList(rows.map((r) => r.lineId))}) as t(code, line)`);
}

export async function updateLine(
  tx: Tx,
  id: number,
  values: Partial<Pick<LineInsert, 'evidence' | 'massPerUnitKg' | 'accepted' | 'rejected' | 'cancelled'>>,
): Promise<void> {
  await tx.update(shipmentLines).set(values).where(eq(shipmentLines.id, id));
}

/** A shipment's lines with what the views and checks need, in line order. */
export async function linesOf(tx: Tx, shipmentIds: number[]) {
  if (shipmentIds.length === 0) return [];
  return tx
    .select({
      line: shipmentLines,
      productName: products.name,
      classifyCode: products.classifyCode,
      productOrgId: products.orgId,
      specName: productSpecs.name,
      specMassPerUnitKg: productSpecs.massPerUnitKg,
      batchNo: lots.batchNo,
      codeCount: sql<number>`(select count(*)::int from ${shipmentCodes} where ${shipmentCodes.lineId} = ${shipmentLines.id})`,
    })
    .from(shipmentLines)
    .innerJoin(products, eq(products.id, shipmentLines.productId))
    .innerJoin(productSpecs, eq(productSpecs.id, shipmentLines.specId))
    .innerJoin(lots, eq(lots.id, shipmentLines.lotId))
    .where(inArray(shipmentLines.shipmentId, shipmentIds))
    .orderBy(asc(shipmentLines.shipmentId), asc(shipmentLines.lineNo));
}
export type LineRow = Awaited<ReturnType<typeof linesOf>>[number];

/** A shipment's codes with their line, quantity, status and outcome. */
export async function shipmentCodeRows(tx: Tx, shipmentId: number) {
  return tx
    .select({
      lineId: shipmentCodes.lineId,
      code: shipmentCodes.code,
      open: shipmentCodes.open,
      outcome: shipmentCodes.outcome,
      quantity: traceCodes.quantity,
      status: traceCodes.status,
      holderKey: traceCodes.holderKey,
      orgId: traceCodes.orgId,
      lotId: traceCodes.lotId,
      receivedProjectId: traceCodes.receivedProjectId,
    })
    .from(shipmentCodes)
    .innerJoin(traceCodes, eq(traceCodes.code, shipmentCodes.code))
    .where(eq(shipmentCodes.shipmentId, shipmentId))
    .orderBy(asc(shipmentCodes.lineId), asc(shipmentCodes.code));
}

/** Close a shipment's codes: all of them, or those given (their outcome set when given). */
export async function closeShipmentCodes(
  tx: Tx,
  shipmentId: number,
  only?: { codes: string[]; outcome: 'accepted' | 'rejected' },
): Promise<void> {
  if (!only) {
    await tx
      .update(shipmentCodes)
      .set({ open: false })
      .where(and(eq(shipmentCodes.shipmentId, shipmentId), eq(shipmentCodes.open, true)));
    return;
  }
  if (only.codes.length === 0) return;
  await tx
    .update(shipmentCodes)
    .set({ open: false, outcome: only.outcome })
    .where(and(eq(shipmentCodes.shipmentId, shipmentId), sql`${shipmentCodes.code} = any(${textList(only.codes)})`));
}

export interface ShipmentFilter {
  orgId: number;
  direction: 'out' | 'in';
  status?: number;
  keyword?: string;
  projectId?: number;
  take: number;
  skip: number;
}

/**
 * The caller's shipments. out: what its organisation ships; in: what is shipped to it, or to a project where it
 * has an accepted membership (never a draft: a draft is the shipper's own until it ships).
 */
export async function listShipments(tx: Tx, f: ShipmentFilter) {
  const toOrg = sql`(select name from ${organizations} o where o.id = ${shipments.toOrgId})`;
  const toProject = sql`(select name from ${projects} p where p.id = ${shipments.toProjectId})`;
  const fromOrg = sql`(select name from ${organizations} o where o.id = ${shipments.fromOrgId})`;
  const keyword = f.keyword ? containsPattern(f.keyword) : null;
  const where = and(
    f.direction === 'out'
      ? eq(shipments.fromOrgId, f.orgId)
      : and(
          or(eq(shipments.toOrgId, f.orgId), inArray(shipments.toProjectId, acceptedProjectsOf(tx, f.orgId))),
          ne(shipments.status, 1),
        ),
    f.status === undefined ? undefined : eq(shipments.status, f.status),
    f.projectId === undefined ? undefined : eq(shipments.toProjectId, f.projectId),
    keyword
      ? or(
          ilike(shipments.number, keyword),
          sql`${toOrg} ilike ${keyword}`,
          sql`${toProject} ilike ${keyword}`,
          sql`${fromOrg} ilike ${keyword}`,
        )
      : undefined,
  ) as SQL;
  const rows = await tx.select().from(shipments).where(where).orderBy(desc(shipments.id)).limit(f.take).offset(f.skip);
  const [total] = await tx.select({ n: count() }).from(shipments).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Per shipment: line count, code count and the quantities of its lines (strings, summed by PostgreSQL). */
export async function shipmentTotals(tx: Tx, ids: number[]) {
  if (ids.length === 0) return new Map<number, Totals>();
  const rows = await tx
    .select({
      shipmentId: shipmentLines.shipmentId,
      lines: sql<number>`count(*)::int`,
      quantity: sql<string>`sum(${shipmentLines.quantity})`,
      accepted: sql<string>`sum(${shipmentLines.accepted})`,
      rejected: sql<string>`sum(${shipmentLines.rejected})`,
      cancelled: sql<string>`sum(${shipmentLines.cancelled})`,
      missingMass: sql<number>`count(*) filter (where ${productSpecs.massPerUnitKg} is null)::int`,
      liveMassKg: sql<string | null>`sum(${shipmentLines.quantity} * ${productSpecs.massPerUnitKg})`,
    })
    .from(shipmentLines)
    .innerJoin(productSpecs, eq(productSpecs.id, shipmentLines.specId))
    .where(inArray(shipmentLines.shipmentId, ids))
    .groupBy(shipmentLines.shipmentId);
  const codes = await tx
    .select({ shipmentId: shipmentCodes.shipmentId, n: sql<number>`count(*)::int` })
    .from(shipmentCodes)
    .where(inArray(shipmentCodes.shipmentId, ids))
    .groupBy(shipmentCodes.shipmentId);
  const codeCount = new Map(codes.map((c) => [c.shipmentId, c.n]));
  return new Map(rows.map((r) => [r.shipmentId, { ...r, codes: codeCount.get(r.shipmentId) ?? 0 }]));
}
export interface Totals {
  lines: number;
  quantity: string;
  accepted: string;
  rejected: string;
  cancelled: string;
  missingMass: number;
  liveMassKg: string | null;
  codes: number;
}

// ---- receipts ----

export type ReceiptRow = typeof receipts.$inferSelect;

export async function insertReceipt(tx: Tx, values: Omit<typeof receipts.$inferInsert, 'id' | 'createdAt'>) {
  const [row] = await tx.insert(receipts).values(values).returning({ id: receipts.id });
  return (row as { id: number }).id;
}

export async function insertReceiptLines(tx: Tx, rows: Omit<typeof receiptLines.$inferInsert, 'id'>[]) {
  if (rows.length > 0) await tx.insert(receiptLines).values(rows);
}

export async function receiptById(tx: Tx, id: number): Promise<ReceiptRow | null> {
  const [row] = await tx.select().from(receipts).where(eq(receipts.id, id));
  return row ?? null;
}

export async function receiptsOf(tx: Tx, shipmentId: number) {
  return tx
    .select({ receipt: receipts, receiverName: organizations.name })
    .from(receipts)
    .innerJoin(organizations, eq(organizations.id, receipts.receiverOrgId))
    .where(eq(receipts.shipmentId, shipmentId))
    .orderBy(asc(receipts.id));
}

export async function receiptLinesOf(tx: Tx, receiptIds: number[]) {
  if (receiptIds.length === 0) return [];
  return tx
    .select()
    .from(receiptLines)
    .where(inArray(receiptLines.receiptId, receiptIds))
    .orderBy(asc(receiptLines.id));
}

/** Returns drafted from a receipt that are not cancelled. */
export async function liveReturnsOf(tx: Tx, receiptIds: number[]) {
  if (receiptIds.length === 0) return [];
  return tx
    .select({ id: shipments.id, receiptId: shipments.returnOfReceiptId })
    .from(shipments)
    .where(and(inArray(shipments.returnOfReceiptId, receiptIds), notInArray(shipments.status, [6])));
}

// ---- events ----

/** The events recorded for a shipment (its receipts' included), oldest first, with the recording organisation. */
export async function eventsOfShipment(tx: Tx, shipmentId: number) {
  return tx
    .select({
      event: traceEvents,
      orgName: organizations.name,
    })
    .from(traceEvents)
    .innerJoin(organizations, eq(organizations.id, traceEvents.orgId))
    .where(eq(traceEvents.shipmentId, shipmentId))
    .orderBy(asc(traceEvents.eventTime), asc(traceEvents.id));
}
