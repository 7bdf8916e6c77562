/**
 * What the product centre reads from other modules' tables: classifications, divisions, certificate issuers,
 * uploads, and a product's listings (read only: the listing module owns them).
 */
import { ListingStatus, ProductDocumentKind } from '@jcbb/contract';
import { and, asc, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  administrativeDivisions,
  listings,
  materialClassifications,
  productDocuments,
  products,
  uploads,
} from '../../db/schema/index.ts';

// ---- Classification ----

export async function findClassification(tx: Tx, code: string) {
  const [row] = await tx.select().from(materialClassifications).where(eq(materialClassifications.code, code)).limit(1);
  return row;
}

export async function hasChildClassification(tx: Tx, code: string) {
  const [row] = await tx
    .select({ code: materialClassifications.code })
    .from(materialClassifications)
    .where(eq(materialClassifications.parentCode, code))
    .limit(1);
  return row !== undefined;
}

/** Number of enabled products listed in a city, by classification code (the leaves products sit on). */
export async function listedCountsByClass(tx: Tx, cityCode: string) {
  return tx
    .select({ code: products.classifyCode, n: sql<number>`count(distinct ${products.id})::int` })
    .from(products)
    .innerJoin(listings, eq(listings.productId, products.id))
    .where(
      and(eq(listings.cityCode, cityCode), eq(listings.status, ListingStatus.LISTED), eq(products.enableStatus, 1)),
    )
    .groupBy(products.classifyCode);
}

export async function divisionName(tx: Tx, code: string) {
  const [row] = await tx
    .select({ name: administrativeDivisions.name, level: administrativeDivisions.level })
    .from(administrativeDivisions)
    .where(eq(administrativeDivisions.code, code))
    .limit(1);
  return row;
}

/** Issuers seen on green certificates, most used first (the drop-down of the qualification form). */
export async function knownIssuers(tx: Tx, limit = 50) {
  const rows = await tx
    .select({ issuer: productDocuments.issuer, n: count() })
    .from(productDocuments)
    .where(
      and(
        eq(productDocuments.kind, ProductDocumentKind.GREEN_CERTIFICATE),
        sql`${productDocuments.issuer} is not null`,
      ),
    )
    .groupBy(productDocuments.issuer)
    .orderBy(desc(count()), asc(productDocuments.issuer))
    .limit(limit);
  return rows.map((r) => r.issuer as string);
}

// ---- Uploads ----

/** Which of these upload ids belong to the organisation. */
export async function ownedUploadIds(tx: Tx, orgId: number, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, [...ids]), eq(uploads.orgId, orgId)));
  return new Set(rows.map((r) => r.id));
}

export async function uploadNames(tx: Tx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: uploads.id, name: uploads.name })
    .from(uploads)
    .where(inArray(uploads.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---- Listings (read only: the listing module owns them) ----

export async function listingsOfProduct(tx: Tx, productId: number) {
  return tx
    .select({
      id: listings.id,
      cityCode: listings.cityCode,
      cityName: sql<string>`coalesce(${administrativeDivisions.name}, ${listings.cityCode})`,
      status: listings.status,
      rejectReason: listings.rejectReason,
    })
    .from(listings)
    .leftJoin(administrativeDivisions, eq(administrativeDivisions.code, listings.cityCode))
    .where(eq(listings.productId, productId))
    .orderBy(asc(listings.cityCode));
}

export async function hasListingBeyondDraft(tx: Tx, productId: number) {
  const [row] = await tx
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.productId, productId), ne(listings.status, ListingStatus.DRAFT)))
    .limit(1);
  return row !== undefined;
}

export async function isListedSomewhere(tx: Tx, productId: number) {
  const [row] = await tx
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.productId, productId), eq(listings.status, ListingStatus.LISTED)))
    .limit(1);
  return row !== undefined;
}
