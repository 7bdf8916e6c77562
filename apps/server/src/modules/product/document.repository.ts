/**
 * A product's documents (qualifications, green certificates) and the certificate-expiry reads over them.
 */
import { ProductDocumentKind } from '@jcbb/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { productDocuments, products, uploads } from '../../db/schema/index.ts';

export type DocumentRow = typeof productDocuments.$inferSelect;

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
