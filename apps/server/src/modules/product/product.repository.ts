import { ListingStatus, ProductDocumentKind } from '@jcbb/contract';
import { and, asc, count, desc, eq, inArray, ne, not, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  administrativeDivisions,
  auditLog,
  listings,
  materialClassifications,
  organizations,
  productDocuments,
  productSpecs,
  products,
  productUnits,
  uploads,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/like.ts';
import { isGreenOn } from './product-tags.ts';

export type ProductRow = typeof products.$inferSelect;
export type SpecRow = typeof productSpecs.$inferSelect;
export type DocumentRow = typeof productDocuments.$inferSelect;

// ---- Products ----

export async function findProduct(tx: Tx, id: number) {
  const [row] = await tx.select().from(products).where(eq(products.id, id)).limit(1);
  return row;
}

/** The organisation's product, or undefined (another organisation's product does not exist for it). */
export async function findOwnProduct(tx: Tx, orgId: number, id: number) {
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.orgId, orgId)))
    .limit(1);
  return row;
}

export async function lockOwnProduct(tx: Tx, orgId: number, id: number) {
  const [row] = await tx
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.orgId, orgId)))
    .limit(1)
    .for('update');
  return row;
}

export async function insertProduct(tx: Tx, values: typeof products.$inferInsert) {
  const [row] = await tx.insert(products).values(values).returning();
  return row as ProductRow;
}

export async function updateProduct(tx: Tx, id: number, changes: Partial<typeof products.$inferInsert>) {
  await tx
    .update(products)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(products.id, id));
}

export async function deleteProduct(tx: Tx, id: number) {
  await tx.delete(products).where(eq(products.id, id));
}

export interface ProductFilters {
  orgId: number;
  materialName?: string;
  classifyCode?: string;
  isGreen?: boolean;
  isGovProcurement?: boolean;
  isLowCarbon?: boolean;
  isPrefabricated?: boolean;
  starRating?: number;
  isRecommend?: boolean;
  enableStatus?: number;
}

/** The class and its descendants: codes are positional ('01' → '0101', '0102', …), so a prefix match finds them. */
export const classifyUnder = (code: string) => sql`${products.classifyCode} like ${`${code}%`}`;

function productWhere(f: ProductFilters, today: string): SQL | undefined {
  const green = isGreenOn(today);
  return and(
    eq(products.orgId, f.orgId),
    f.materialName ? sql`${products.name} ilike ${containsPattern(f.materialName)}` : undefined,
    f.classifyCode ? classifyUnder(f.classifyCode) : undefined,
    f.isGreen === undefined ? undefined : f.isGreen ? green : not(green),
    f.starRating === undefined ? undefined : and(green, eq(products.starRating, f.starRating)),
    f.isGovProcurement === undefined ? undefined : eq(products.isGovProcurement, f.isGovProcurement),
    f.isLowCarbon === undefined ? undefined : eq(products.isLowCarbon, f.isLowCarbon),
    f.isPrefabricated === undefined ? undefined : eq(products.isPrefabricated, f.isPrefabricated),
    f.isRecommend === undefined ? undefined : eq(products.recommended, f.isRecommend),
    f.enableStatus === undefined ? undefined : eq(products.enableStatus, f.enableStatus),
  );
}

const specCountSql = sql<number>`(select count(*)::int from ${productSpecs} where ${productSpecs.productId} = ${products.id})`;
const minPriceSql = sql<
  string | null
>`(select min(${productSpecs.price})::text from ${productSpecs} where ${productSpecs.productId} = ${products.id} and ${productSpecs.status} = 1)`;

const listColumns = {
  product: products,
  classifyName: materialClassifications.name,
  specCount: specCountSql,
  minPrice: minPriceSql,
};

/** One page of the organisation's products, newest first; ties cannot happen (id is unique), so paging is stable. */
export async function searchProducts(tx: Tx, f: ProductFilters, today: string, page: { take: number; skip: number }) {
  const where = productWhere(f, today);
  const rows = await tx
    .select(listColumns)
    .from(products)
    .innerJoin(materialClassifications, eq(materialClassifications.code, products.classifyCode))
    .where(where)
    .orderBy(desc(products.id))
    .limit(page.take)
    .offset(page.skip);
  const [total] = await tx.select({ n: count() }).from(products).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** Every product of an organisation with the given name (trimmed, exact), newest first. */
export async function productsByName(tx: Tx, orgId: number, name: string) {
  return tx
    .select(listColumns)
    .from(products)
    .innerJoin(materialClassifications, eq(materialClassifications.code, products.classifyCode))
    .where(and(eq(products.orgId, orgId), eq(products.name, name)))
    .orderBy(desc(products.id));
}

export async function productListRow(tx: Tx, id: number) {
  const [row] = await tx
    .select(listColumns)
    .from(products)
    .innerJoin(materialClassifications, eq(materialClassifications.code, products.classifyCode))
    .where(eq(products.id, id))
    .limit(1);
  return row;
}

export async function orgProductIds(tx: Tx, orgId: number) {
  return tx
    .select({ id: products.id, name: products.name, enableStatus: products.enableStatus })
    .from(products)
    .where(eq(products.orgId, orgId))
    .orderBy(desc(products.id));
}

export async function orgName(tx: Tx, orgId: number) {
  const [row] = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .limit(1);
  return row;
}

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

// ---- Specifications ----

const specColumns = {
  spec: productSpecs,
  unitName: sql<string>`coalesce(${productUnits.name}, '')`,
};

export async function specsPage(
  tx: Tx,
  productId: number,
  page: { take: number; skip: number; status?: number | undefined },
) {
  const where = and(
    eq(productSpecs.productId, productId),
    page.status === undefined ? undefined : eq(productSpecs.status, page.status),
  );
  const rows = await tx
    .select(specColumns)
    .from(productSpecs)
    .leftJoin(productUnits, eq(productUnits.id, productSpecs.unitId))
    .where(where)
    .orderBy(asc(productSpecs.id))
    .limit(page.take)
    .offset(page.skip);
  const [total] = await tx.select({ n: count() }).from(productSpecs).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function specsOfProducts(tx: Tx, productIds: readonly number[], onlyStatus?: number) {
  if (productIds.length === 0) return [];
  return tx
    .select(specColumns)
    .from(productSpecs)
    .leftJoin(productUnits, eq(productUnits.id, productSpecs.unitId))
    .where(
      and(
        inArray(productSpecs.productId, [...productIds]),
        onlyStatus === undefined ? undefined : eq(productSpecs.status, onlyStatus),
      ),
    )
    .orderBy(asc(productSpecs.productId), asc(productSpecs.id));
}

/** A specification of the organisation's products, with its product's name and class, or undefined. */
export async function findOwnSpec(tx: Tx, orgId: number, id: number) {
  const [row] = await tx
    .select({
      ...specColumns,
      product: {
        id: products.id,
        name: products.name,
        classifyCode: products.classifyCode,
        classifyName: materialClassifications.name,
      },
    })
    .from(productSpecs)
    .innerJoin(products, eq(products.id, productSpecs.productId))
    .innerJoin(materialClassifications, eq(materialClassifications.code, products.classifyCode))
    .leftJoin(productUnits, eq(productUnits.id, productSpecs.unitId))
    .where(and(eq(productSpecs.id, id), eq(products.orgId, orgId)))
    .limit(1);
  return row;
}

/** Of these specification ids, those of the organisation's products. */
export async function ownSpecIds(tx: Tx, orgId: number, ids: readonly number[]) {
  const rows = await tx
    .select({ id: productSpecs.id, productId: productSpecs.productId })
    .from(productSpecs)
    .innerJoin(products, eq(products.id, productSpecs.productId))
    .where(and(inArray(productSpecs.id, [...ids]), eq(products.orgId, orgId)));
  return rows;
}

export async function unitExists(tx: Tx, unitId: number) {
  const [row] = await tx.select({ id: productUnits.id }).from(productUnits).where(eq(productUnits.id, unitId)).limit(1);
  return row !== undefined;
}

export async function insertSpec(tx: Tx, values: typeof productSpecs.$inferInsert) {
  const [row] = await tx.insert(productSpecs).values(values).returning();
  return row as SpecRow;
}

export async function updateSpec(tx: Tx, id: number, changes: Partial<typeof productSpecs.$inferInsert>) {
  await tx
    .update(productSpecs)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(productSpecs.id, id));
}

export async function updateSpecs(tx: Tx, ids: readonly number[], changes: Partial<typeof productSpecs.$inferInsert>) {
  const rows = await tx
    .update(productSpecs)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(inArray(productSpecs.id, [...ids]))
    .returning({ id: productSpecs.id });
  return rows.length;
}

export async function deleteSpec(tx: Tx, id: number) {
  await tx.delete(productSpecs).where(eq(productSpecs.id, id));
}

// ---- Documents ----

export async function documentsOfProduct(tx: Tx, productId: number, kind?: number) {
  return tx
    .select({ doc: productDocuments, fileName: uploads.name })
    .from(productDocuments)
    .leftJoin(uploads, eq(uploads.id, productDocuments.uploadId))
    .where(
      and(eq(productDocuments.productId, productId), kind === undefined ? undefined : eq(productDocuments.kind, kind)),
    )
    .orderBy(asc(productDocuments.kind), asc(productDocuments.id));
}

export async function findOwnDocument(tx: Tx, orgId: number, id: number) {
  const [row] = await tx
    .select({ doc: productDocuments })
    .from(productDocuments)
    .innerJoin(products, eq(products.id, productDocuments.productId))
    .where(and(eq(productDocuments.id, id), eq(products.orgId, orgId)))
    .limit(1);
  return row?.doc;
}

export async function insertDocument(tx: Tx, values: typeof productDocuments.$inferInsert) {
  const [row] = await tx.insert(productDocuments).values(values).returning();
  return row as DocumentRow;
}

export async function deleteDocument(tx: Tx, id: number) {
  await tx.delete(productDocuments).where(eq(productDocuments.id, id));
}

// ---- Audit log ----

export async function insertAudit(tx: Tx, values: typeof auditLog.$inferInsert) {
  await tx.insert(auditLog).values(values);
}

// ---- Certificate expiry (certificate-expiry.ts) ----

/**
 * Products whose stored green tag, star rating or validity differs from what their green certificates give
 * today: expired ones, ones that became valid, or a best certificate gone while another remains.
 */
export async function staleGreenProductIds(tx: Tx, today: string): Promise<number[]> {
  const result = (await tx.execute(sql`
    select p.id
    from ${products} p
    left join (
      select d.product_id, max(d.star_rating) as stars, max(d.valid_until) as until
      from ${productDocuments} d
      where d.kind = ${ProductDocumentKind.GREEN_CERTIFICATE}
        and d.star_rating between 1 and 3
        and d.valid_until >= ${today}::date
        and (d.valid_from is null or d.valid_from <= ${today}::date)
      group by d.product_id
    ) g on g.product_id = p.id
    where p.is_green <> (g.product_id is not null)
       or p.star_rating is distinct from g.stars
       or p.green_valid_until is distinct from g.until
    order by p.id`)) as unknown as { rows: { id: number }[] };
  return result.rows.map((r) => Number(r.id));
}

/** Green certificates expiring between today and `until` (inclusive) whose notice has not gone out. */
export async function dueExpiryNotices(tx: Tx, today: string, until: string) {
  return tx
    .select({
      id: productDocuments.id,
      productId: products.id,
      productName: products.name,
      orgId: products.orgId,
      certNo: productDocuments.certNo,
      starRating: productDocuments.starRating,
      validUntil: productDocuments.validUntil,
    })
    .from(productDocuments)
    .innerJoin(products, eq(products.id, productDocuments.productId))
    .where(
      and(
        eq(productDocuments.kind, ProductDocumentKind.GREEN_CERTIFICATE),
        sql`${productDocuments.expiryNoticeAt} is null`,
        sql`${productDocuments.validUntil} between ${today}::date and ${until}::date`,
      ),
    )
    .orderBy(asc(productDocuments.validUntil), asc(productDocuments.id));
}

/** Mark a document's expiry notice as sent; false when another process did it first. */
export async function markExpiryNotice(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .update(productDocuments)
    .set({ expiryNoticeAt: sql`now()` })
    .where(and(eq(productDocuments.id, id), sql`${productDocuments.expiryNoticeAt} is null`))
    .returning({ id: productDocuments.id });
  return rows.length > 0;
}
