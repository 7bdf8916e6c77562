import { and, asc, count, desc, eq, gte, ilike, inArray, lt, lte, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  fileBlobs,
  ledgerEntries,
  ledgerRecords,
  ledgerTreeHeads,
  productDocuments,
  products,
  uploads,
} from '../../db/schema/index.ts';

// ---- the log ----

export async function latestTreeHead(tx: Tx) {
  const [row] = await tx.select().from(ledgerTreeHeads).orderBy(desc(ledgerTreeHeads.treeSize)).limit(1);
  return row;
}

export async function treeHeadAt(tx: Tx, treeSize: number) {
  const [row] = await tx.select().from(ledgerTreeHeads).where(eq(ledgerTreeHeads.treeSize, treeSize)).limit(1);
  return row;
}

/** The latest signed head whose time is at or before `ms` (milliseconds since the epoch), if any. */
export async function treeHeadAtOrBefore(tx: Tx, ms: number) {
  const [row] = await tx
    .select()
    .from(ledgerTreeHeads)
    .where(lte(ledgerTreeHeads.timestamp, ms))
    .orderBy(desc(ledgerTreeHeads.treeSize))
    .limit(1);
  return row;
}

export async function entryAt(tx: Tx, leafIndex: number) {
  const [row] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.leafIndex, leafIndex)).limit(1);
  return row;
}

/** The entries at these leaves (those that exist), in leaf order. */
export async function entriesAt(tx: Tx, leafIndexes: readonly number[]) {
  if (leafIndexes.length === 0) return [];
  return tx
    .select()
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.leafIndex, [...leafIndexes]))
    .orderBy(asc(ledgerEntries.leafIndex));
}

/** Entries vouching for a content hash, oldest first. */
export async function entriesForContent(tx: Tx, sha256: string, limit: number) {
  return tx
    .select()
    .from(ledgerEntries)
    .where(eq(ledgerEntries.contentSha256, sha256))
    .orderBy(asc(ledgerEntries.leafIndex))
    .limit(limit);
}

// ---- records ----

const recordColumns = {
  id: ledgerRecords.id,
  title: ledgerRecords.title,
  docType: ledgerRecords.docType,
  leafIndex: ledgerRecords.leafIndex,
  sha256: uploads.sha256,
  uploadId: ledgerRecords.uploadId,
  fileName: uploads.name,
  fileSize: fileBlobs.size,
  productId: ledgerRecords.productId,
  productName: products.name,
  productDocumentId: ledgerRecords.productDocumentId,
  createdAt: ledgerRecords.createdAt,
};

function recordQuery(tx: Tx) {
  return tx
    .select(recordColumns)
    .from(ledgerRecords)
    .innerJoin(uploads, eq(uploads.id, ledgerRecords.uploadId))
    .innerJoin(fileBlobs, eq(fileBlobs.sha256, uploads.sha256))
    .leftJoin(products, eq(products.id, ledgerRecords.productId));
}

export type RecordRow = NonNullable<Awaited<ReturnType<typeof findRecord>>>;

export async function findRecord(tx: Tx, orgId: number, id: number) {
  const [row] = await recordQuery(tx)
    .where(and(eq(ledgerRecords.id, id), eq(ledgerRecords.orgId, orgId)))
    .limit(1);
  return row;
}

export interface RecordFilter {
  orgId: number;
  docType?: number;
  productId?: number;
  keyword?: string;
  /** Inclusive lower and exclusive upper bound of created_at. */
  from?: Date;
  to?: Date;
}

function filterConditions(f: RecordFilter): SQL[] {
  const where: SQL[] = [eq(ledgerRecords.orgId, f.orgId)];
  if (f.docType !== undefined) where.push(eq(ledgerRecords.docType, f.docType));
  if (f.productId !== undefined) where.push(eq(ledgerRecords.productId, f.productId));
  if (f.keyword) where.push(ilike(ledgerRecords.title, `%${f.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  if (f.from) where.push(gte(ledgerRecords.createdAt, f.from));
  if (f.to) where.push(lt(ledgerRecords.createdAt, f.to));
  return where;
}

export async function listRecords(tx: Tx, f: RecordFilter, page: { offset: number; limit: number }) {
  const where = and(...filterConditions(f));
  const [total] = await tx.select({ n: count() }).from(ledgerRecords).where(where);
  const list = await recordQuery(tx).where(where).orderBy(desc(ledgerRecords.id)).limit(page.limit).offset(page.offset);
  return { list, total: total?.n ?? 0 };
}

export async function recordsOfContent(tx: Tx, orgId: number, sha256: string) {
  return recordQuery(tx)
    .where(and(eq(ledgerRecords.orgId, orgId), eq(uploads.sha256, sha256)))
    .orderBy(asc(ledgerRecords.id));
}

export async function insertRecord(tx: Tx, values: typeof ledgerRecords.$inferInsert) {
  const [row] = await tx.insert(ledgerRecords).values(values).returning({ id: ledgerRecords.id });
  return (row as { id: number }).id;
}

// ---- product documents (read only; the product module owns them) ----

/** The organisation's product documents that carry a file, with the record that already holds each, if any. */
export async function productDocumentsOfOrg(tx: Tx, orgId: number, productId?: number) {
  const where = [eq(products.orgId, orgId), sql`${productDocuments.uploadId} is not null`];
  if (productId !== undefined) where.push(eq(products.id, productId));
  return tx
    .select({
      productDocumentId: productDocuments.id,
      productId: products.id,
      productName: products.name,
      kind: productDocuments.kind,
      name: productDocuments.name,
      uploadId: sql<number>`${productDocuments.uploadId}`,
      sha256: uploads.sha256,
      recordId: sql<number | null>`(select min(r.id) from ${ledgerRecords} r where r.org_id = ${orgId}
        and r.upload_id in (select u2.id from ${uploads} u2 where u2.sha256 = ${uploads.sha256}))`,
    })
    .from(productDocuments)
    .innerJoin(products, eq(products.id, productDocuments.productId))
    .innerJoin(uploads, eq(uploads.id, productDocuments.uploadId))
    .where(and(...where))
    .orderBy(asc(products.id), asc(productDocuments.kind), asc(productDocuments.id));
}

export async function findProductDocument(tx: Tx, orgId: number, productDocumentId: number) {
  const [row] = await tx
    .select({
      id: productDocuments.id,
      productId: products.id,
      kind: productDocuments.kind,
      name: productDocuments.name,
      uploadId: productDocuments.uploadId,
    })
    .from(productDocuments)
    .innerJoin(products, eq(products.id, productDocuments.productId))
    .where(and(eq(productDocuments.id, productDocumentId), eq(products.orgId, orgId)))
    .limit(1);
  return row;
}

export async function productOfOrg(tx: Tx, orgId: number, productId: number) {
  const [row] = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.orgId, orgId)))
    .limit(1);
  return row;
}

/** Does the organisation already hold a record of these bytes? */
export async function recordOfContent(tx: Tx, orgId: number, sha256: string) {
  const [row] = await tx
    .select({ id: ledgerRecords.id })
    .from(ledgerRecords)
    .innerJoin(uploads, eq(uploads.id, ledgerRecords.uploadId))
    .where(and(eq(ledgerRecords.orgId, orgId), eq(uploads.sha256, sha256)))
    .limit(1);
  return row;
}
