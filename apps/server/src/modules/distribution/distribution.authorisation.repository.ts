import { MembershipStatus } from '@jcbb/contract';
import { and, asc, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  administrativeDivisions,
  authorisationItems,
  authorisationReminders,
  authorisations,
  organizations,
  productSpecs,
  products,
  productUnits,
  projectOrgs,
  projects,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/like.ts';

/** SQL of the authorisation calls; every function takes the transaction it runs in. */

export type AuthorisationRow = typeof authorisations.$inferSelect;
export type AuthorisationInsert = typeof authorisations.$inferInsert;

/** Statuses whose letters are issued and not final (an ended period still reads expired, not stored). */
export const IN_FORCE_STATUSES = ['issued', 'active', 'suspended'] as const;

export async function findAuthorisation(tx: Tx, id: number, lock = false): Promise<AuthorisationRow | null> {
  const q = tx.select().from(authorisations).where(eq(authorisations.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row ?? null;
}

export async function findByPublicId(tx: Tx, publicId: string): Promise<AuthorisationRow | null> {
  const [row] = await tx.select().from(authorisations).where(eq(authorisations.publicId, publicId)).limit(1);
  return row ?? null;
}

export async function insertAuthorisation(tx: Tx, values: AuthorisationInsert): Promise<number> {
  const [row] = await tx.insert(authorisations).values(values).returning({ id: authorisations.id });
  return (row as { id: number }).id;
}

export async function updateAuthorisation(tx: Tx, id: number, values: Partial<AuthorisationInsert>): Promise<void> {
  await tx
    .update(authorisations)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(authorisations.id, id));
}

export async function deleteAuthorisation(tx: Tx, id: number): Promise<void> {
  await tx.delete(authorisations).where(eq(authorisations.id, id));
}

export interface ItemInsert {
  productId: number;
  specId: number | null;
  quantityCap: string | null;
}

/** Replace a draft's items. */
export async function replaceItems(tx: Tx, authorisationId: number, items: readonly ItemInsert[]): Promise<void> {
  await tx.delete(authorisationItems).where(eq(authorisationItems.authorisationId, authorisationId));
  if (items.length === 0) return;
  await tx.insert(authorisationItems).values(items.map((i) => ({ ...i, authorisationId })));
}

/** Items of several authorisations with their product and specification names and units, in id order. */
export async function itemsOf(tx: Tx, authorisationIds: readonly number[]) {
  if (authorisationIds.length === 0) return [];
  return tx
    .select({
      id: authorisationItems.id,
      authorisationId: authorisationItems.authorisationId,
      productId: authorisationItems.productId,
      productName: products.name,
      specId: authorisationItems.specId,
      specName: productSpecs.name,
      specModel: productSpecs.model,
      unit: productUnits.name,
      quantityCap: authorisationItems.quantityCap,
      shippedQuantity: authorisationItems.shippedQuantity,
    })
    .from(authorisationItems)
    .innerJoin(products, eq(products.id, authorisationItems.productId))
    .leftJoin(productSpecs, eq(productSpecs.id, authorisationItems.specId))
    .leftJoin(productUnits, eq(productUnits.id, productSpecs.unitId))
    .where(inArray(authorisationItems.authorisationId, [...authorisationIds]))
    .orderBy(asc(authorisationItems.id));
}
export type ItemWithNames = Awaited<ReturnType<typeof itemsOf>>[number];

/** The units of each product's specifications (a letter for all specifications names one unit when they share it). */
export async function productUnitsOf(tx: Tx, productIds: readonly number[]) {
  if (productIds.length === 0) return new Map<number, string[]>();
  const rows = await tx
    .selectDistinct({ productId: productSpecs.productId, unit: productUnits.name })
    .from(productSpecs)
    .innerJoin(productUnits, eq(productUnits.id, productSpecs.unitId))
    .where(inArray(productSpecs.productId, [...productIds]));
  const units = new Map<number, string[]>();
  for (const r of rows) units.set(r.productId, [...(units.get(r.productId) ?? []), r.unit]);
  return units;
}

export async function orgsById(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, OrgFacts>();
  const rows = await tx
    .select({
      id: organizations.id,
      name: organizations.name,
      type: organizations.type,
      certStatus: organizations.certStatus,
      creditCode: organizations.creditCode,
    })
    .from(organizations)
    .where(inArray(organizations.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}
export interface OrgFacts {
  id: number;
  name: string;
  type: number;
  certStatus: number;
  creditCode: string | null;
}

export async function projectNames(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, string>();
  const rows = await tx
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(inArray(projects.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Names of GB/T 2260 codes (those that exist). */
export async function divisionNames(tx: Tx, codes: readonly string[]) {
  if (codes.length === 0) return new Map<string, string>();
  const rows = await tx
    .select({ code: administrativeDivisions.code, name: administrativeDivisions.name })
    .from(administrativeDivisions)
    .where(inArray(administrativeDivisions.code, [...new Set(codes)]));
  return new Map(rows.map((r) => [r.code, r.name]));
}

/** The maker's own products among `ids`, and their specifications. */
export async function productsOfMaker(tx: Tx, makerOrgId: number, ids: readonly number[]) {
  if (ids.length === 0) return new Set<number>();
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.orgId, makerOrgId), inArray(products.id, [...new Set(ids)])));
  return new Set(rows.map((r) => r.id));
}

export async function specsOfProducts(tx: Tx, productIds: readonly number[]) {
  if (productIds.length === 0) return new Map<number, number>();
  const rows = await tx
    .select({ id: productSpecs.id, productId: productSpecs.productId })
    .from(productSpecs)
    .where(inArray(productSpecs.productId, [...new Set(productIds)]));
  return new Map(rows.map((r) => [r.id, r.productId]));
}

/** Whether the maker takes part in the project itself: its developer, or a member organisation (invited or accepted). */
export async function makerTakesPart(tx: Tx, makerOrgId: number, projectId: number): Promise<boolean> {
  const [developer] = await tx
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.id, projectId), eq(projects.developerOrgId, makerOrgId)))
    .limit(1);
  if (developer) return true;
  const [member] = await tx
    .select({ id: projectOrgs.id })
    .from(projectOrgs)
    .where(
      and(
        eq(projectOrgs.projectId, projectId),
        eq(projectOrgs.orgId, makerOrgId),
        inArray(projectOrgs.status, [MembershipStatus.INVITED, MembershipStatus.ACCEPTED]),
      ),
    )
    .limit(1);
  return Boolean(member);
}

/**
 * The maker's other issued letters (not final, not of the same chain) whose period overlaps [from, until], with
 * their items: the candidates of the exclusivity rule, which the caller narrows by products, regions and projects.
 */
export async function overlappingCandidates(
  tx: Tx,
  q: { makerOrgId: number; chainId: number; validFrom: string; validUntil: string; productIds: readonly number[] },
) {
  const rows = await tx
    .select({
      id: authorisations.id,
      number: authorisations.number,
      distributorOrgId: authorisations.distributorOrgId,
      exclusive: authorisations.exclusive,
      kind: authorisations.kind,
      projectId: authorisations.projectId,
      projectName: authorisations.projectName,
      tenderNo: authorisations.tenderNo,
      regionCodes: authorisations.regionCodes,
      productId: authorisationItems.productId,
      specId: authorisationItems.specId,
    })
    .from(authorisations)
    .innerJoin(authorisationItems, eq(authorisationItems.authorisationId, authorisations.id))
    .where(
      and(
        eq(authorisations.makerOrgId, q.makerOrgId),
        inArray(authorisations.status, [...IN_FORCE_STATUSES]),
        ne(authorisations.chainId, q.chainId),
        sql`${authorisations.validFrom} <= ${q.validUntil}`,
        sql`${authorisations.validUntil} >= ${q.validFrom}`,
        inArray(authorisationItems.productId, [...q.productIds]),
      ),
    )
    .orderBy(asc(authorisations.id), asc(authorisationItems.id));
  return rows;
}

/** Serialises the issue of one maker's letters (the exclusivity rule reads, then writes). */
export async function lockMakerIssues(tx: Tx, makerOrgId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(51620102, ${makerOrgId}::int)`);
}

/** Versions of a chain, oldest first. */
export async function versionsOf(tx: Tx, chainId: number) {
  return tx
    .select({
      id: authorisations.id,
      version: authorisations.version,
      number: authorisations.number,
      publicId: authorisations.publicId,
      status: authorisations.status,
      validFrom: authorisations.validFrom,
      validUntil: authorisations.validUntil,
      issuedAt: authorisations.issuedAt,
      supersedesId: authorisations.supersedesId,
    })
    .from(authorisations)
    .where(eq(authorisations.chainId, chainId))
    .orderBy(asc(authorisations.version));
}

/** Which of these versions have a newer version (a draft renewal, or the issued one that superseded them). */
export async function successorsOf(tx: Tx, ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: authorisations.supersedesId })
    .from(authorisations)
    .where(inArray(authorisations.supersedesId, [...ids]));
  return new Set(rows.map((r) => r.id as number));
}

export async function nextVersion(tx: Tx, chainId: number): Promise<number> {
  const [row] = await tx
    .select({ v: sql<number>`coalesce(max(${authorisations.version}), 0)::int` })
    .from(authorisations)
    .where(eq(authorisations.chainId, chainId));
  return (row?.v ?? 0) + 1;
}

export interface ListFilter {
  side: 'maker' | 'distributor';
  orgId: number;
  today: string;
  status?: string;
  keyword?: string;
  expiringWithinDays?: number;
  untilDay?: string;
}

function listWhere(f: ListFilter): SQL | undefined {
  const a = authorisations;
  const inForce = inArray(a.status, [...IN_FORCE_STATUSES]);
  const conditions: (SQL | undefined)[] = [
    f.side === 'maker' ? eq(a.makerOrgId, f.orgId) : and(eq(a.distributorOrgId, f.orgId), ne(a.status, 'draft')),
  ];
  if (f.status === 'expired') conditions.push(and(inForce, sql`${a.validUntil} < ${f.today}`));
  else if (f.status === 'issued' || f.status === 'active' || f.status === 'suspended')
    conditions.push(and(eq(a.status, f.status), sql`${a.validUntil} >= ${f.today}`));
  else if (f.status) conditions.push(eq(a.status, f.status));
  // Without a state asked for, replaced versions stay out of the list (the detail's chain shows them).
  else conditions.push(ne(a.status, 'superseded'));
  if (f.untilDay !== undefined)
    conditions.push(and(inForce, sql`${a.validUntil} >= ${f.today}`, sql`${a.validUntil} <= ${f.untilDay}`));
  if (f.keyword) {
    const pattern = containsPattern(f.keyword);
    const other = f.side === 'maker' ? a.distributorOrgId : a.makerOrgId;
    conditions.push(
      or(
        ilike(a.number, pattern),
        sql`exists (select 1 from ${organizations} where ${organizations.id} = ${other} and ${organizations.name} ilike ${pattern})`,
        sql`exists (select 1 from ${authorisationItems} join ${products} on ${products.id} = ${authorisationItems.productId} where ${authorisationItems.authorisationId} = ${a.id} and ${products.name} ilike ${pattern})`,
      ),
    );
  }
  return and(...conditions);
}

export async function listAuthorisations(tx: Tx, f: ListFilter, page: { take: number; skip: number }) {
  const where = listWhere(f);
  const [rows, [total]] = await Promise.all([
    tx.select().from(authorisations).where(where).orderBy(desc(authorisations.id)).limit(page.take).offset(page.skip),
    tx.select({ n: sql<number>`count(*)::int` }).from(authorisations).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Certified distributors by a fragment of their name or credit code. */
export async function searchDistributors(tx: Tx, keyword: string, limit: number) {
  const pattern = containsPattern(keyword);
  return tx
    .select({
      id: organizations.id,
      name: organizations.name,
      creditCode: organizations.creditCode,
      regionName: administrativeDivisions.name,
    })
    .from(organizations)
    .leftJoin(administrativeDivisions, eq(administrativeDivisions.code, organizations.regionCode))
    .where(
      and(
        eq(organizations.type, 7),
        eq(organizations.certStatus, 2),
        or(ilike(organizations.name, pattern), ilike(organizations.creditCode, pattern)),
      ),
    )
    .orderBy(asc(organizations.name))
    .limit(limit);
}

/** Accepted letters (active or suspended) whose last day falls in [from, until]: the reminders' candidates. */
export async function endingWithin(tx: Tx, from: string, until: string) {
  return tx
    .select()
    .from(authorisations)
    .where(
      and(
        inArray(authorisations.status, ['active', 'suspended']),
        sql`${authorisations.validUntil} >= ${from}`,
        sql`${authorisations.validUntil} <= ${until}`,
      ),
    )
    .orderBy(asc(authorisations.id));
}

/** The reminders already sent for these letters (days before). */
export async function remindersSent(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return new Map<number, number[]>();
  const rows = await tx
    .select()
    .from(authorisationReminders)
    .where(inArray(authorisationReminders.authorisationId, [...ids]));
  const sent = new Map<number, number[]>();
  for (const r of rows) sent.set(r.authorisationId, [...(sent.get(r.authorisationId) ?? []), r.daysBefore]);
  return sent;
}

/** Marks reminders sent; false when another run marked the first one already (it sends nothing then). */
export async function markReminders(tx: Tx, authorisationId: number, days: readonly number[]): Promise<boolean> {
  const rows = await tx
    .insert(authorisationReminders)
    .values(days.map((daysBefore) => ({ authorisationId, daysBefore })))
    .onConflictDoNothing()
    .returning({ d: authorisationReminders.daysBefore });
  return rows.some((r) => r.d === days[0]);
}
