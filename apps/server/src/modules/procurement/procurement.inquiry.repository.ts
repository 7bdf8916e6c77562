import type { InquiryStatusValue } from '@jcbb/contract';
import { and, asc, desc, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  inquiries,
  inquiryLines,
  inquirySuppliers,
  materialListLines,
  organizations,
  productSpecs,
  products,
  productUnits,
  projects,
  purchaseOrders,
  quoteLines,
  quotes,
} from '../../db/schema/index.ts';

/** SQL of the inquiries' tables (docs/procurement.md, "Selection and purchase"); every function takes its transaction. */

export type InquiryRow = typeof inquiries.$inferSelect;

/** The state an inquiry reads as now: published or quoting past its deadline reads as evaluating. */
export function inquiryState(i: Pick<InquiryRow, 'status' | 'deadline'>, now = new Date()): InquiryStatusValue {
  const s = i.status as InquiryStatusValue;
  if ((s === 'published' || s === 'quoting') && i.deadline.getTime() <= now.getTime()) return 'evaluating';
  return s;
}

/** The same, in SQL (list filters). */
const stateSql = sql<string>`case when ${inquiries.status} in ('published', 'quoting') and ${inquiries.deadline} <= now() then 'evaluating' else ${inquiries.status} end`;

export async function findInquiry(tx: Tx, id: number, lock = false): Promise<InquiryRow | undefined> {
  const q = tx.select().from(inquiries).where(eq(inquiries.id, id));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function isInvited(tx: Tx, inquiryId: number, orgId: number) {
  const [row] = await tx
    .select({ one: sql`1` })
    .from(inquirySuppliers)
    .where(and(eq(inquirySuppliers.inquiryId, inquiryId), eq(inquirySuppliers.supplierOrgId, orgId)));
  return row !== undefined;
}

export async function linesOf(tx: Tx, inquiryId: number) {
  return tx
    .select({
      id: inquiryLines.id,
      lineNo: inquiryLines.lineNo,
      listLineId: inquiryLines.listLineId,
      quantity: inquiryLines.quantity,
      commonName: materialListLines.commonName,
      spec: materialListLines.spec,
      classifyCode: materialListLines.classifyCode,
      unitId: materialListLines.unitId,
      unitName: productUnits.name,
      requiredBy: materialListLines.requiredBy,
    })
    .from(inquiryLines)
    .innerJoin(materialListLines, eq(materialListLines.id, inquiryLines.listLineId))
    .leftJoin(productUnits, eq(productUnits.id, materialListLines.unitId))
    .where(eq(inquiryLines.inquiryId, inquiryId))
    .orderBy(asc(inquiryLines.lineNo));
}
export type InquiryLineRow = Awaited<ReturnType<typeof linesOf>>[number];

export async function suppliersOf(tx: Tx, inquiryId: number) {
  return tx
    .select({ orgId: organizations.id, name: organizations.name, type: organizations.type })
    .from(inquirySuppliers)
    .innerJoin(organizations, eq(organizations.id, inquirySuppliers.supplierOrgId))
    .where(eq(inquirySuppliers.inquiryId, inquiryId))
    .orderBy(asc(organizations.id));
}

/** Quotes of an inquiry, optionally one supplier's or one round's, with their lines. */
export async function quotesOf(tx: Tx, inquiryId: number, where: { supplierOrgId?: number; statuses?: string[] } = {}) {
  const conditions: (SQL | undefined)[] = [eq(quotes.inquiryId, inquiryId)];
  if (where.supplierOrgId !== undefined) conditions.push(eq(quotes.supplierOrgId, where.supplierOrgId));
  if (where.statuses) conditions.push(inArray(quotes.status, where.statuses));
  const rows = await tx
    .select({ q: quotes, supplierName: organizations.name })
    .from(quotes)
    .innerJoin(organizations, eq(organizations.id, quotes.supplierOrgId))
    .where(and(...conditions))
    .orderBy(desc(quotes.round), asc(quotes.amountFen), asc(quotes.id));
  const ids = rows.map((r) => r.q.id);
  const lines =
    ids.length === 0
      ? []
      : await tx
          .select({
            quoteId: quoteLines.quoteId,
            inquiryLineId: quoteLines.inquiryLineId,
            productId: quoteLines.productId,
            productName: products.name,
            specId: quoteLines.specId,
            specName: productSpecs.name,
            unitId: productSpecs.unitId,
            unitPriceFen: quoteLines.unitPriceFen,
            deliveryDate: quoteLines.deliveryDate,
            remarks: quoteLines.remarks,
          })
          .from(quoteLines)
          .innerJoin(products, eq(products.id, quoteLines.productId))
          .innerJoin(productSpecs, eq(productSpecs.id, quoteLines.specId))
          .where(inArray(quoteLines.quoteId, ids))
          .orderBy(asc(quoteLines.id));
  return rows.map((r) => ({ ...r.q, supplierName: r.supplierName, lines: lines.filter((l) => l.quoteId === r.q.id) }));
}
export type QuoteWithLines = Awaited<ReturnType<typeof quotesOf>>[number];

/** Quotes of the round submitted (or decided) so far. */
export async function submittedCount(tx: Tx, inquiryId: number, round: number) {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(quotes)
    .where(
      and(
        eq(quotes.inquiryId, inquiryId),
        eq(quotes.round, round),
        inArray(quotes.status, ['submitted', 'accepted', 'rejected']),
      ),
    );
  return row?.n ?? 0;
}

export async function orderOfInquiry(tx: Tx, inquiryId: number) {
  const [row] = await tx
    .select({ id: purchaseOrders.id, number: purchaseOrders.number })
    .from(purchaseOrders)
    .where(eq(purchaseOrders.inquiryId, inquiryId))
    .orderBy(desc(purchaseOrders.id))
    .limit(1);
  return row ?? null;
}

export async function projectName(tx: Tx, projectId: number) {
  const [row] = await tx
    .select({ name: projects.name, regionCode: projects.regionCode })
    .from(projects)
    .where(eq(projects.id, projectId));
  return row ?? { name: '', regionCode: null };
}

export async function orgName(tx: Tx, orgId: number) {
  const [row] = await tx
    .select({ name: organizations.name, type: organizations.type })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  return row ?? { name: '', type: 0 };
}

const counts = {
  lineCount: sql<number>`(select count(*)::int from ${inquiryLines} where ${inquiryLines.inquiryId} = ${inquiries.id})`,
  supplierCount: sql<number>`(select count(*)::int from ${inquirySuppliers} where ${inquirySuppliers.inquiryId} = ${inquiries.id})`,
  submittedCount: sql<number>`(select count(*)::int from ${quotes} where ${quotes.inquiryId} = ${inquiries.id} and ${quotes.round} = ${inquiries.round} and ${quotes.status} in ('submitted', 'accepted', 'rejected'))`,
};

/** A project's inquiries, newest first. */
export async function listForProject(
  tx: Tx,
  q: { projectId: number; status?: InquiryStatusValue; take: number; skip: number },
) {
  const where = and(eq(inquiries.projectId, q.projectId), q.status ? sql`${stateSql} = ${q.status}` : undefined);
  const rows = await tx
    .select({
      i: inquiries,
      projectName: projects.name,
      buyerName: organizations.name,
      ...counts,
    })
    .from(inquiries)
    .innerJoin(projects, eq(projects.id, inquiries.projectId))
    .innerJoin(organizations, eq(organizations.id, inquiries.buyerOrgId))
    .where(where)
    .orderBy(desc(inquiries.id))
    .limit(q.take)
    .offset(q.skip);
  const [total] = await tx.select({ n: sql<number>`count(*)::int` }).from(inquiries).where(where);
  return { rows, total: total?.n ?? 0 };
}

/** The inquiries a supplier was invited to (published or later), newest first, with its quote of the round. */
export async function listForSupplier(
  tx: Tx,
  q: { orgId: number; status?: InquiryStatusValue; take: number; skip: number },
) {
  const where = and(
    sql`exists (select 1 from ${inquirySuppliers} where ${inquirySuppliers.inquiryId} = ${inquiries.id} and ${inquirySuppliers.supplierOrgId} = ${q.orgId})`,
    ne(inquiries.status, 'draft'),
    q.status ? sql`${stateSql} = ${q.status}` : undefined,
  );
  const rows = await tx
    .select({
      i: inquiries,
      projectName: projects.name,
      buyerName: organizations.name,
      lineCount: counts.lineCount,
      myQuoteStatus: sql<
        string | null
      >`(select ${quotes.status} from ${quotes} where ${quotes.inquiryId} = ${inquiries.id} and ${quotes.round} = ${inquiries.round} and ${quotes.supplierOrgId} = ${q.orgId})`,
    })
    .from(inquiries)
    .innerJoin(projects, eq(projects.id, inquiries.projectId))
    .innerJoin(organizations, eq(organizations.id, inquiries.buyerOrgId))
    .where(where)
    .orderBy(desc(inquiries.id))
    .limit(q.take)
    .offset(q.skip);
  const [total] = await tx.select({ n: sql<number>`count(*)::int` }).from(inquiries).where(where);
  return { rows, total: total?.n ?? 0 };
}
