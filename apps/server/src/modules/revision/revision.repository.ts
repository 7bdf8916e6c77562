import { ListingStatus, READ_DOCUMENT_KINDS } from '@jcbb/contract';
import { and, arrayContains, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  listings,
  materialClassifications,
  organizations,
  productRevisions,
  products,
  productUnits,
  users,
} from '../../db/schema/index.ts';
import { auditRows as readAudit } from '../../lib/audit.ts';
import type { FactChange } from '../product/index.ts';

export type RevisionRow = typeof productRevisions.$inferSelect;

/** The product's open revision (in platform or city audit), locked for the change about to be made. */
export async function lockOpenRevision(tx: Tx, productId: number): Promise<RevisionRow | undefined> {
  const [row] = await tx
    .select()
    .from(productRevisions)
    .where(and(eq(productRevisions.productId, productId), inArray(productRevisions.status, [1, 2])))
    .for('update');
  return row;
}

export async function lockRevision(tx: Tx, id: number): Promise<RevisionRow | undefined> {
  const [row] = await tx.select().from(productRevisions).where(eq(productRevisions.id, id)).for('update');
  return row;
}

export async function findRevision(tx: Tx, id: number): Promise<RevisionRow | undefined> {
  const [row] = await tx.select().from(productRevisions).where(eq(productRevisions.id, id));
  return row;
}

export async function insertRevision(tx: Tx, values: typeof productRevisions.$inferInsert): Promise<RevisionRow> {
  const [row] = await tx.insert(productRevisions).values(values).returning();
  return row as RevisionRow;
}

export async function updateRevision(
  tx: Tx,
  id: number,
  changes: Partial<typeof productRevisions.$inferInsert> & { changes?: FactChange[] },
) {
  await tx
    .update(productRevisions)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(productRevisions.id, id));
}

/** The product (locked: a change of its facts and its revision are serialised per product). */
export async function lockProduct(tx: Tx, productId: number) {
  const [row] = await tx.select().from(products).where(eq(products.id, productId)).for('update');
  return row;
}

/** Cities where the product is listed (LISTED): their committees decide its revisions. */
export async function listedCities(tx: Tx, productId: number): Promise<string[]> {
  const rows = await tx
    .select({ cityCode: listings.cityCode })
    .from(listings)
    .where(and(eq(listings.productId, productId), eq(listings.status, ListingStatus.LISTED)))
    .orderBy(asc(listings.cityCode));
  return rows.map((r) => r.cityCode);
}

export interface RevisionScope {
  orgId?: number;
  /** A committee's city: revisions that name it. */
  cityCode?: string;
  statuses?: readonly number[];
  productId?: number;
}

function scopeWhere(s: RevisionScope): SQL | undefined {
  return and(
    s.orgId === undefined ? undefined : eq(productRevisions.orgId, s.orgId),
    s.cityCode === undefined ? undefined : arrayContains(productRevisions.cityCodes, [s.cityCode]),
    s.statuses === undefined ? undefined : inArray(productRevisions.status, [...s.statuses]),
    s.productId === undefined ? undefined : eq(productRevisions.productId, s.productId),
  );
}

export async function listRevisions(tx: Tx, s: RevisionScope, page: { take: number; skip: number }) {
  const where = scopeWhere(s);
  const rows = await tx
    .select()
    .from(productRevisions)
    .where(where)
    .orderBy(desc(productRevisions.updatedAt), desc(productRevisions.id))
    .limit(page.take)
    .offset(page.skip);
  const [total] = await tx.select({ n: count() }).from(productRevisions).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function latestClosedRevision(tx: Tx, productId: number) {
  const [row] = await tx
    .select()
    .from(productRevisions)
    .where(and(eq(productRevisions.productId, productId), inArray(productRevisions.status, [3, 4, 5, 7])))
    .orderBy(desc(productRevisions.updatedAt), desc(productRevisions.id))
    .limit(1);
  return row;
}

// ---- Names for the views ----

export async function productNames(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { name: string; orgId: number; orgName: string }>();
  const rows = await tx
    .select({ id: products.id, name: products.name, orgId: products.orgId, orgName: organizations.name })
    .from(products)
    .innerJoin(organizations, eq(organizations.id, products.orgId))
    .where(inArray(products.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function userNames(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await tx
    .select({ id: users.id, name: sql<string>`coalesce(${users.realName}, ${users.username})` })
    .from(users)
    .where(inArray(users.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function classificationNames(tx: Tx, codes: readonly string[]) {
  if (codes.length === 0) return new Map<string, string>();
  const rows = await tx
    .select({ code: materialClassifications.code, name: materialClassifications.name })
    .from(materialClassifications)
    .where(inArray(materialClassifications.code, [...codes]));
  return new Map(rows.map((r) => [r.code, r.name]));
}

export async function unitNames(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await tx
    .select({ id: productUnits.id, name: productUnits.name })
    .from(productUnits)
    .where(inArray(productUnits.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** A revision's audit rows, oldest first; the actor named by real name, else user name. */
export async function historyOf(tx: Tx, revisionId: number) {
  const rows = await readAudit(tx, { entity: 'product_revision', entityId: revisionId });
  return rows.map(({ log, actorName, actorUsername }) => ({ log, actorName: actorName ?? actorUsername }));
}

/**
 * The certificates and test reports proposed in open revisions (submitted or in the city's audit), for the evidence
 * reader's queue (docs/evidence-reading.md, "The queue"): they are read before the auditors open the revision.
 */
export const revisionReadingUploads: SQL = sql`
  select (c->'after'->>'uploadId')::int from product_revisions r, jsonb_array_elements(r.changes) c
  where r.status in (1, 2) and c->>'kind' = 'document_add'
    and (c->'after'->>'kind')::int in (${sql.raw(READ_DOCUMENT_KINDS.join(', '))})
    and c->'after'->>'uploadId' is not null`;
