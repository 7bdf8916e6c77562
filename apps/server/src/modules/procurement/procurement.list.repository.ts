import { MembershipStatus } from '@jcbb/contract';
import { and, asc, count, desc, eq, inArray, isNull, max, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/client.ts';
import {
  demandStandardEditions,
  inquiryLines,
  materialClassifications,
  materialListLines,
  materialLists,
  materialListVersions,
  organizations,
  productSpecs,
  products,
  projectOrgs,
  projects,
  purchaseOrderLines,
  users,
} from '../../db/schema/index.ts';

/** SQL of material lists (docs/procurement.md, "Material lists"); every function runs in the caller's transaction. */

export type ListRow = typeof materialLists.$inferSelect;
export type LineRow = typeof materialListLines.$inferSelect;
export type LineInsert = typeof materialListLines.$inferInsert;

export async function listOfProject(tx: Tx, projectId: number, lock = false): Promise<ListRow | undefined> {
  const q = tx.select().from(materialLists).where(eq(materialLists.projectId, projectId));
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The project's list, created (draft, version 1) on its first save; locked for the change. */
export async function ensureList(tx: Tx, p: { projectId: number; developerOrgId: number; userId: number }) {
  await tx
    .insert(materialLists)
    .values({ projectId: p.projectId, developerOrgId: p.developerOrgId, createdBy: p.userId })
    .onConflictDoNothing({ target: materialLists.projectId });
  return (await listOfProject(tx, p.projectId, true)) as ListRow;
}

export async function updateList(tx: Tx, id: number, set: Partial<typeof materialLists.$inferInsert>) {
  await tx
    .update(materialLists)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(materialLists.id, id));
}

const chosenSpec = alias(productSpecs, 'chosen_spec');
const chosenProduct = alias(products, 'chosen_product');
const chosenSupplier = alias(organizations, 'chosen_supplier');

/** The list's lines in force (not removed), in line order, with their class, chosen product and supplier names. */
export async function activeLines(tx: Tx, listId: number) {
  return tx
    .select({
      line: materialListLines,
      classifyName: materialClassifications.name,
      specName: chosenSpec.name,
      specModel: chosenSpec.model,
      productId: chosenSpec.productId,
      productName: chosenProduct.name,
      supplierName: chosenSupplier.name,
    })
    .from(materialListLines)
    .innerJoin(materialClassifications, eq(materialClassifications.code, materialListLines.classifyCode))
    .leftJoin(chosenSpec, eq(chosenSpec.id, materialListLines.chosenSpecId))
    .leftJoin(chosenProduct, eq(chosenProduct.id, chosenSpec.productId))
    .leftJoin(chosenSupplier, eq(chosenSupplier.id, materialListLines.chosenSupplierOrgId))
    .where(and(eq(materialListLines.listId, listId), isNull(materialListLines.removedAt)))
    .orderBy(asc(materialListLines.lineNo), asc(materialListLines.id));
}
export type ActiveLine = Awaited<ReturnType<typeof activeLines>>[number];

/** Lines of the list by id (removed ones too), locked for a change. */
export async function linesOf(tx: Tx, listId: number, ids: readonly number[]): Promise<Map<number, LineRow>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select()
    .from(materialListLines)
    .where(and(eq(materialListLines.listId, listId), inArray(materialListLines.id, [...ids])))
    .for('update');
  return new Map(rows.map((r) => [r.id, r]));
}

export async function countActive(tx: Tx, listId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(materialListLines)
    .where(and(eq(materialListLines.listId, listId), isNull(materialListLines.removedAt)));
  return row?.n ?? 0;
}

export async function nextLineNo(tx: Tx, listId: number): Promise<number> {
  const [row] = await tx
    .select({ n: max(materialListLines.lineNo) })
    .from(materialListLines)
    .where(eq(materialListLines.listId, listId));
  return (row?.n ?? 0) + 1;
}

export async function insertLines(tx: Tx, rows: LineInsert[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const got = await tx
      .insert(materialListLines)
      .values(rows.slice(i, i + 500))
      .returning({ id: materialListLines.id });
    ids.push(...got.map((g) => g.id));
  }
  return ids;
}

export async function updateLine(tx: Tx, id: number, set: Partial<LineInsert>) {
  await tx
    .update(materialListLines)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(materialListLines.id, id));
}

export async function removeLines(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return;
  await tx
    .update(materialListLines)
    .set({ removedAt: new Date(), updatedAt: new Date() })
    .where(inArray(materialListLines.id, [...ids]));
}

/** How many inquiry lines and order lines name each line. */
export async function referencesOf(tx: Tx, lineIds: readonly number[]) {
  const out = new Map<number, { inquiries: number; orders: number }>();
  if (lineIds.length === 0) return out;
  const ids = [...lineIds];
  const inq = await tx
    .select({ id: inquiryLines.listLineId, n: sql<number>`count(distinct ${inquiryLines.inquiryId})`.mapWith(Number) })
    .from(inquiryLines)
    .where(inArray(inquiryLines.listLineId, ids))
    .groupBy(inquiryLines.listLineId);
  const ord = await tx
    .select({
      id: purchaseOrderLines.listLineId,
      n: sql<number>`count(distinct ${purchaseOrderLines.orderId})`.mapWith(Number),
    })
    .from(purchaseOrderLines)
    .where(inArray(purchaseOrderLines.listLineId, ids))
    .groupBy(purchaseOrderLines.listLineId);
  for (const id of ids) out.set(id, { inquiries: 0, orders: 0 });
  for (const r of inq) (out.get(r.id) as { inquiries: number }).inquiries = r.n;
  for (const r of ord) if (r.id !== null) (out.get(r.id) as { orders: number }).orders = r.n;
  return out;
}

/** The product classes (level 2) among the codes, with their names. */
export async function productClasses(tx: Tx, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await tx
    .select({ code: materialClassifications.code, name: materialClassifications.name })
    .from(materialClassifications)
    .where(and(inArray(materialClassifications.code, [...new Set(codes)]), eq(materialClassifications.level, 2)));
  return new Map(rows.map((r) => [r.code, r.name]));
}

const confirmer = alias(users, 'confirmer');
const reopener = alias(users, 'reopener');

export async function versionsOf(tx: Tx, listId: number) {
  return tx
    .select({
      v: materialListVersions,
      confirmedByName: confirmer.realName,
      reopenedByName: reopener.realName,
    })
    .from(materialListVersions)
    .leftJoin(confirmer, eq(confirmer.id, materialListVersions.confirmedBy))
    .leftJoin(reopener, eq(reopener.id, materialListVersions.reopenedBy))
    .where(eq(materialListVersions.listId, listId))
    .orderBy(desc(materialListVersions.version));
}

export async function insertVersion(tx: Tx, row: typeof materialListVersions.$inferInsert) {
  await tx.insert(materialListVersions).values(row);
}

export async function markReopened(tx: Tx, listId: number, version: number, userId: number, reason: string) {
  await tx
    .update(materialListVersions)
    .set({ reopenReason: reason, reopenedAt: new Date(), reopenedBy: userId })
    .where(and(eq(materialListVersions.listId, listId), eq(materialListVersions.version, version)));
}

export async function userName(tx: Tx, id: number | null): Promise<string | null> {
  if (id === null) return null;
  const [row] = await tx.select({ name: users.realName }).from(users).where(eq(users.id, id));
  return row?.name ?? null;
}

/** The other projects the organisation buys for (accepted membership) whose lists have lines, with their counts. */
export async function copySources(tx: Tx, orgId: number, projectId: number) {
  return tx
    .select({ projectId: projects.id, projectName: projects.name, lineCount: count(materialListLines.id) })
    .from(projectOrgs)
    .innerJoin(projects, eq(projects.id, projectOrgs.projectId))
    .innerJoin(
      materialListLines,
      and(eq(materialListLines.projectId, projects.id), isNull(materialListLines.removedAt)),
    )
    .where(
      and(eq(projectOrgs.orgId, orgId), eq(projectOrgs.status, MembershipStatus.ACCEPTED), ne(projects.id, projectId)),
    )
    .groupBy(projects.id, projects.name)
    .orderBy(asc(projects.name));
}

/** The organisations on the project that buy for it, other than the caller's (who is told of a confirmation). */
export async function otherBuyers(tx: Tx, projectId: number, orgId: number) {
  return tx
    .select({ orgId: projectOrgs.orgId, orgType: projectOrgs.orgType })
    .from(projectOrgs)
    .where(
      and(
        eq(projectOrgs.projectId, projectId),
        eq(projectOrgs.status, MembershipStatus.ACCEPTED),
        inArray(projectOrgs.orgType, [1, 4]),
        ne(projectOrgs.orgId, orgId),
      ),
    );
}

export async function editionName(tx: Tx, code: string): Promise<string> {
  const [row] = await tx
    .select({ name: demandStandardEditions.name })
    .from(demandStandardEditions)
    .where(eq(demandStandardEditions.code, code));
  return row?.name ?? code;
}
