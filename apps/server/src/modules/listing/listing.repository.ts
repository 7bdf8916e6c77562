import { type ListingActionValue, ListingStatus, OrgType } from '@jcbb/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  administrativeDivisions,
  listings,
  listingValues,
  materialClassifications,
  organizations,
  platformCities,
  productDocuments,
  productSpecs,
  products,
  uploads,
} from '../../db/schema/index.ts';
import { auditRows as readAudit } from '../../lib/audit.ts';

export const LISTING_ENTITY = 'listing' as const;

export type ListingRow = typeof listings.$inferSelect;

const city = alias(administrativeDivisions, 'city');

const listingColumns = {
  listing: listings,
  materialName: products.name,
  brand: products.brand,
  classifyCode: products.classifyCode,
  classifyName: materialClassifications.name,
  orgName: organizations.name,
  cityName: city.name,
};
export type ListingView = {
  listing: ListingRow;
  materialName: string;
  brand: string | null;
  classifyCode: string;
  classifyName: string | null;
  orgName: string;
  cityName: string | null;
};

function selectListings(tx: Tx) {
  return tx
    .select(listingColumns)
    .from(listings)
    .innerJoin(products, eq(products.id, listings.productId))
    .innerJoin(organizations, eq(organizations.id, listings.orgId))
    .leftJoin(materialClassifications, eq(materialClassifications.code, products.classifyCode))
    .leftJoin(city, eq(city.code, listings.cityCode));
}

export async function findListing(tx: Tx, id: number): Promise<ListingView | undefined> {
  const [row] = await selectListings(tx).where(eq(listings.id, id)).limit(1);
  return row;
}

export async function findListingByPair(tx: Tx, productId: number, cityCode: string) {
  const [row] = await tx
    .select()
    .from(listings)
    .where(and(eq(listings.productId, productId), eq(listings.cityCode, cityCode)))
    .limit(1);
  return row;
}

/** Whose listings a list shows: a manufacturer's own, the platform's (all but drafts), a city's (some states). */
export type ListingScope =
  | { orgId: number }
  | { platform: true }
  | { cityCode: string; statuses: readonly number[] }
  | { none: true };

export interface ListingFilter {
  productId?: number;
  cityCode?: string;
  status?: number;
  materialName?: string;
}

function scopeWhere(scope: ListingScope, filter: ListingFilter): SQL | undefined {
  const where: (SQL | undefined)[] = [];
  if ('orgId' in scope) where.push(eq(listings.orgId, scope.orgId));
  else if ('platform' in scope) where.push(ne(listings.status, 0));
  else if ('cityCode' in scope) {
    where.push(eq(listings.cityCode, scope.cityCode), inArray(listings.status, [...scope.statuses]));
  } else where.push(eq(listings.id, -1));
  if (filter.productId) where.push(eq(listings.productId, filter.productId));
  if (filter.cityCode) where.push(eq(listings.cityCode, filter.cityCode));
  if (filter.status !== undefined) where.push(eq(listings.status, filter.status));
  if (filter.materialName) {
    const escaped = filter.materialName.replace(/[\\%_]/g, (c) => `\\${c}`);
    where.push(ilike(products.name, `%${escaped}%`));
  }
  return and(...where);
}

/** A page of listings, most recently changed first (id breaks ties, so paging is stable). */
export async function listListings(
  tx: Tx,
  scope: ListingScope,
  filter: ListingFilter,
  page: { take: number; skip: number },
) {
  const where = scopeWhere(scope, filter);
  const [list, [total]] = await Promise.all([
    selectListings(tx)
      .where(where)
      .orderBy(desc(listings.updatedAt), desc(listings.id))
      .limit(page.take)
      .offset(page.skip),
    tx.select({ n: count() }).from(listings).innerJoin(products, eq(products.id, listings.productId)).where(where),
  ]);
  return { list, total: total?.n ?? 0 };
}

export async function insertListing(tx: Tx, values: typeof listings.$inferInsert) {
  const [row] = await tx.insert(listings).values(values).returning();
  return row as ListingRow;
}

/** Update a listing only if it is still in `fromStatus` (another request may have moved it): undefined if not. */
export async function updateListing(
  tx: Tx,
  id: number,
  fromStatus: number,
  values: Partial<typeof listings.$inferInsert>,
) {
  const [row] = await tx
    .update(listings)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(listings.id, id), eq(listings.status, fromStatus)))
    .returning();
  return row;
}

export async function deleteListing(tx: Tx, id: number, fromStatus: number) {
  const rows = await tx
    .delete(listings)
    .where(and(eq(listings.id, id), eq(listings.status, fromStatus)))
    .returning({ id: listings.id });
  return rows.length > 0;
}

export async function valuesOf(tx: Tx, listingId: number) {
  return tx.select().from(listingValues).where(eq(listingValues.listingId, listingId));
}

export async function replaceValues(
  tx: Tx,
  listingId: number,
  values: Omit<typeof listingValues.$inferInsert, 'listingId'>[],
) {
  await tx.delete(listingValues).where(eq(listingValues.listingId, listingId));
  if (values.length > 0) await tx.insert(listingValues).values(values.map((v) => ({ ...v, listingId })));
}

export async function findProduct(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: products.id, orgId: products.orgId, name: products.name, enableStatus: products.enableStatus })
    .from(products)
    .where(eq(products.id, id))
    .limit(1);
  return row;
}

export async function findOrg(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id: organizations.id,
      name: organizations.name,
      type: organizations.type,
      certStatus: organizations.certStatus,
      regionCode: organizations.regionCode,
    })
    .from(organizations)
    .where(eq(organizations.id, id))
    .limit(1);
  return row;
}

/** Those of `ids` that are uploads of the organisation. */
/** Who may point a record at an upload: an organisation's uploads, or a user's own when it has no organisation. */
export interface UploadOwner {
  orgId: number | null;
  userId: number;
}

/** Which of the uploads `ids` belong to `owner`. */
export async function ownedUploadIds(tx: Tx, ids: number[], owner: UploadOwner): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const whose =
    owner.orgId === null
      ? and(isNull(uploads.orgId), eq(uploads.userId, owner.userId))
      : eq(uploads.orgId, owner.orgId);
  const rows = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, ids), whose));
  return new Set(rows.map((r) => r.id));
}

export async function uploadNames(tx: Tx, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: uploads.id, name: uploads.name }).from(uploads).where(inArray(uploads.id, ids));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The product's record, specifications and documents: what the auditors weigh the listing against. */
export async function evidence(tx: Tx, productId: number) {
  const [product] = await tx
    .select({ product: products, classifyName: materialClassifications.name })
    .from(products)
    .leftJoin(materialClassifications, eq(materialClassifications.code, products.classifyCode))
    .where(eq(products.id, productId))
    .limit(1);
  const specs = await tx
    .select()
    .from(productSpecs)
    .where(eq(productSpecs.productId, productId))
    .orderBy(asc(productSpecs.id));
  const documents = await tx
    .select()
    .from(productDocuments)
    .where(eq(productDocuments.productId, productId))
    .orderBy(asc(productDocuments.kind), asc(productDocuments.id));
  return { product, specs, documents };
}

/** A listing's audit rows, oldest first; only those of one action, newest first, with `action`. */
export function auditRows(tx: Tx, listingId: number, action?: ListingActionValue, limit = 500) {
  return readAudit(tx, {
    entity: LISTING_ENTITY,
    entityId: listingId,
    actions: action ? [action] : undefined,
    newestFirst: action !== undefined,
    take: limit,
  });
}

/** The platform's opened cities with their names and provinces. */
export async function pushCities(tx: Tx) {
  const province = alias(administrativeDivisions, 'province');
  return tx
    .select({
      cityCode: platformCities.cityCode,
      letter: platformCities.letter,
      cityName: city.name,
      provinceName: province.name,
    })
    .from(platformCities)
    .leftJoin(city, eq(city.code, platformCities.cityCode))
    .leftJoin(province, eq(province.code, city.parentCode))
    .where(eq(platformCities.opened, true))
    .orderBy(asc(platformCities.cityCode));
}

export async function cityNames(tx: Tx, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await tx
    .select({ code: administrativeDivisions.code, name: administrativeDivisions.name })
    .from(administrativeDivisions)
    .where(inArray(administrativeDivisions.code, codes));
  return new Map(rows.map((r) => [r.code, r.name]));
}

/**
 * The government organisations whose city is `cityCode`: the city of an organisation is the first four digits of
 * its region code followed by 00 (a district of Nanjing, 320115, is in 320100).
 */
export async function cityGovernmentOrgIds(tx: Tx, cityCode: string): Promise<number[]> {
  const rows = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        eq(organizations.type, OrgType.GOVERNMENT),
        sql`substr(${organizations.regionCode}, 1, 4) || '00' = ${cityCode}`,
      ),
    );
  return rows.map((r) => r.id);
}

/** An organisation's listings in force (listed), with the city's name: what its public record shows. */
export async function listedOfOrg(tx: Tx, orgId: number, limit = 30) {
  const rows = await tx
    .select({ cityCode: listings.cityCode, productId: listings.productId, productName: listings.productName })
    .from(listings)
    .where(and(eq(listings.orgId, orgId), eq(listings.status, ListingStatus.LISTED)))
    .orderBy(asc(listings.cityCode), asc(listings.productName))
    .limit(limit);
  const names = await cityNames(tx, [...new Set(rows.map((r) => r.cityCode))]);
  return rows.map((r) => ({ ...r, cityName: names.get(r.cityCode) ?? r.cityCode }));
}
