import { and, count, desc, eq, not, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { materialClassifications, organizations, productSpecs, products } from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/like.ts';
import { isGreenOn } from './product-tags.ts';

export type ProductRow = typeof products.$inferSelect;

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

// ---- Audit log ----
