import { and, asc, desc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  alternateSuppliers,
  inquiries,
  inquiryLines,
  materialListLines,
  organizations,
  productSpecs,
  products,
  projects,
  purchaseOrderLines,
  purchaseOrders,
  quoteLines,
  quotes,
} from '../../db/schema/index.ts';

/** SQL of alternate suppliers (docs/procurement.md, "Alternate suppliers"); each function takes its transaction. */

export type AlternateRow = typeof alternateSuppliers.$inferSelect;
export type AlternateInsert = typeof alternateSuppliers.$inferInsert;
export type ListLineRow = typeof materialListLines.$inferSelect;

export async function projectOf(tx: Tx, id: number) {
  const [row] = await tx
    .select({ id: projects.id, regionCode: projects.regionCode, standardEdition: projects.standardEdition })
    .from(projects)
    .where(eq(projects.id, id));
  return row;
}

export async function listLine(tx: Tx, id: number, lock = false): Promise<ListLineRow | undefined> {
  const q = tx
    .select()
    .from(materialListLines)
    .where(and(eq(materialListLines.id, id), isNull(materialListLines.removedAt)));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function projectLines(tx: Tx, projectId: number): Promise<ListLineRow[]> {
  return tx
    .select()
    .from(materialListLines)
    .where(and(eq(materialListLines.projectId, projectId), isNull(materialListLines.removedAt)))
    .orderBy(asc(materialListLines.lineNo), asc(materialListLines.id));
}

export async function findAlternate(tx: Tx, id: number, lock = false): Promise<AlternateRow | undefined> {
  const q = tx.select().from(alternateSuppliers).where(eq(alternateSuppliers.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The alternates of the project's lines, with their supplier's, product's and specification's names. */
export async function alternatesOfProject(tx: Tx, projectId: number) {
  return tx
    .select({
      a: alternateSuppliers,
      supplierName: organizations.name,
      productName: products.name,
      specName: sql<string>`trim(concat_ws(' ', ${productSpecs.name}, ${productSpecs.model}))`,
    })
    .from(alternateSuppliers)
    .innerJoin(organizations, eq(organizations.id, alternateSuppliers.supplierOrgId))
    .innerJoin(products, eq(products.id, alternateSuppliers.productId))
    .innerJoin(productSpecs, eq(productSpecs.id, alternateSuppliers.specId))
    .where(eq(alternateSuppliers.projectId, projectId))
    .orderBy(asc(alternateSuppliers.listLineId), asc(alternateSuppliers.rank), asc(alternateSuppliers.id));
}

/** A line's standing-by alternates in rank order, locked (a change of ranking or a new one). */
export async function standingOf(tx: Tx, listLineId: number) {
  return tx
    .select()
    .from(alternateSuppliers)
    .where(and(eq(alternateSuppliers.listLineId, listLineId), eq(alternateSuppliers.status, 'standby')))
    .orderBy(asc(alternateSuppliers.rank), asc(alternateSuppliers.id))
    .for('update');
}

export async function insertAlternate(tx: Tx, values: AlternateInsert): Promise<number | null> {
  const [row] = await tx
    .insert(alternateSuppliers)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: alternateSuppliers.id });
  return row?.id ?? null;
}

export async function updateAlternate(tx: Tx, id: number, values: Partial<AlternateInsert>) {
  await tx
    .update(alternateSuppliers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(alternateSuppliers.id, id));
}

/** The old primary kept as a dismissed alternate (its row updated when it was one before). */
export async function keepDismissed(tx: Tx, values: AlternateInsert) {
  await tx
    .insert(alternateSuppliers)
    .values({ ...values, status: 'dismissed' })
    .onConflictDoUpdate({
      target: [alternateSuppliers.listLineId, alternateSuppliers.supplierOrgId, alternateSuppliers.specId],
      set: { status: 'dismissed', notPrimaryReason: values.notPrimaryReason, updatedAt: new Date() },
    });
}

export async function setChosen(
  tx: Tx,
  lineId: number,
  chosen: { specId: number; supplierOrgId: number; reason: string },
) {
  await tx
    .update(materialListLines)
    .set({
      chosenSpecId: chosen.specId,
      chosenSupplierOrgId: chosen.supplierOrgId,
      chosenReason: chosen.reason,
      updatedAt: new Date(),
    })
    .where(eq(materialListLines.id, lineId));
}

export async function specWithProduct(tx: Tx, specId: number) {
  const [row] = await tx
    .select({
      specId: productSpecs.id,
      productId: products.id,
      makerOrgId: products.orgId,
      productName: products.name,
      specName: sql<string>`trim(concat_ws(' ', ${productSpecs.name}, ${productSpecs.model}))`,
    })
    .from(productSpecs)
    .innerJoin(products, eq(products.id, productSpecs.productId))
    .where(eq(productSpecs.id, specId));
  return row;
}

export async function specsWithProduct(tx: Tx, specIds: readonly number[]) {
  if (specIds.length === 0) return new Map<number, NonNullable<Awaited<ReturnType<typeof specWithProduct>>>>();
  const rows = await tx
    .select({
      specId: productSpecs.id,
      productId: products.id,
      makerOrgId: products.orgId,
      productName: products.name,
      specName: sql<string>`trim(concat_ws(' ', ${productSpecs.name}, ${productSpecs.model}))`,
    })
    .from(productSpecs)
    .innerJoin(products, eq(products.id, productSpecs.productId))
    .where(inArray(productSpecs.id, [...new Set(specIds)]));
  return new Map(rows.map((r) => [r.specId, r]));
}

export async function orgsByIds(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, { id: number; name: string; type: number }>();
  const rows = await tx
    .select({ id: organizations.id, name: organizations.name, type: organizations.type })
    .from(organizations)
    .where(inArray(organizations.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

/** Per list line, the newest open order (sent or confirmed) that buys it: its supplier and specification. */
export async function openOrderLines(tx: Tx, projectId: number) {
  return tx
    .select({
      listLineId: purchaseOrderLines.listLineId,
      orderId: purchaseOrders.id,
      number: purchaseOrders.number,
      supplierOrgId: purchaseOrders.supplierOrgId,
      productId: purchaseOrderLines.productId,
      specId: purchaseOrderLines.specId,
    })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.orderId))
    .where(and(eq(purchaseOrders.projectId, projectId), inArray(purchaseOrders.status, ['sent', 'confirmed'])))
    .orderBy(desc(purchaseOrders.id));
}

export async function awardedInquiries(tx: Tx, projectId: number) {
  return tx
    .select({ id: inquiries.id, number: inquiries.number, title: inquiries.title })
    .from(inquiries)
    .where(and(eq(inquiries.projectId, projectId), eq(inquiries.status, 'awarded')))
    .orderBy(desc(inquiries.id));
}

export async function findInquiry(tx: Tx, id: number) {
  const [row] = await tx.select().from(inquiries).where(eq(inquiries.id, id));
  return row;
}

/** The submitted quotes' lines of an inquiry other than the awarded one (its last round). */
export async function otherQuoteLines(tx: Tx, inquiryId: number, awardedQuoteId: number | null, round: number) {
  return tx
    .select({
      quoteId: quotes.id,
      supplierOrgId: quotes.supplierOrgId,
      validUntil: quotes.validUntil,
      listLineId: inquiryLines.listLineId,
      productId: quoteLines.productId,
      specId: quoteLines.specId,
      unitPriceFen: quoteLines.unitPriceFen,
    })
    .from(quoteLines)
    .innerJoin(quotes, eq(quotes.id, quoteLines.quoteId))
    .innerJoin(inquiryLines, eq(inquiryLines.id, quoteLines.inquiryLineId))
    .where(
      and(
        eq(quotes.inquiryId, inquiryId),
        eq(quotes.round, round),
        inArray(quotes.status, ['submitted', 'rejected']),
        ne(quotes.id, awardedQuoteId ?? 0),
      ),
    )
    .orderBy(asc(quoteLines.unitPriceFen), asc(quotes.id));
}
