import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { materialClassifications, productSpecs, products, productUnits } from '../../db/schema/index.ts';

export type SpecRow = typeof productSpecs.$inferSelect;

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
