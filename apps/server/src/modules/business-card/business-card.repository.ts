import { and, asc, count, countDistinct, desc, eq, gte, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  businessCardLeads,
  businessCards,
  businessCardVisits,
  organizations,
  products,
  users,
} from '../../db/schema/index.ts';

/** SQL of the business card (docs/business-card.md); every function runs in the caller's transaction. */

export type CardRow = typeof businessCards.$inferSelect;
export type CardInsert = typeof businessCards.$inferInsert;

export async function cardOfUser(tx: Tx, userId: number): Promise<CardRow | null> {
  const [row] = await tx.select().from(businessCards).where(eq(businessCards.userId, userId)).limit(1);
  return row ?? null;
}

export async function cardByPublicId(tx: Tx, publicId: string): Promise<CardRow | null> {
  const [row] = await tx.select().from(businessCards).where(eq(businessCards.publicId, publicId)).limit(1);
  return row ?? null;
}

export async function insertCard(tx: Tx, values: CardInsert): Promise<CardRow> {
  const [row] = await tx.insert(businessCards).values(values).returning();
  if (!row) throw new Error('business card insert returned nothing');
  return row;
}

export async function updateCard(tx: Tx, id: number, values: Partial<CardInsert>): Promise<CardRow> {
  const [row] = await tx
    .update(businessCards)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(businessCards.id, id))
    .returning();
  if (!row) throw new Error('business card update returned nothing');
  return row;
}

/** A user with the organisation they belong to (null when unknown). */
export async function findMember(tx: Tx, userId: number) {
  const [row] = await tx
    .select({
      userId: users.id,
      orgId: users.orgId,
      mobile: users.mobile,
      name: users.realName,
      username: users.username,
    })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** An organisation's enabled members with their card (if any), by name. */
export async function membersOf(tx: Tx, orgId: number) {
  return tx
    .select({
      userId: users.id,
      name: users.realName,
      username: users.username,
      cardId: businessCards.id,
      published: businessCards.published,
    })
    .from(users)
    .leftJoin(businessCards, eq(businessCards.userId, users.id))
    .where(and(eq(users.orgId, orgId), eq(users.status, 1)))
    .orderBy(asc(users.id));
}

export async function orgOf(tx: Tx, orgId: number) {
  const [row] = await tx
    .select({
      id: organizations.id,
      name: organizations.name,
      type: organizations.type,
      certStatus: organizations.certStatus,
    })
    .from(organizations)
    .where(eq(organizations.id, orgId))
    .limit(1);
  return row ?? null;
}

/** The organisation's own products (a manufacturer's), by name. */
export async function ownProducts(tx: Tx, orgId: number) {
  return tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(eq(products.orgId, orgId))
    .orderBy(asc(products.name), asc(products.id));
}

export async function productNames(tx: Tx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: products.id, name: products.name })
    .from(products)
    .where(inArray(products.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

// ---- visits and leads ----

export async function insertVisit(tx: Tx, values: typeof businessCardVisits.$inferInsert) {
  await tx.insert(businessCardVisits).values(values);
}

/** Views and unique visitors per day since `from` (page views only, not product clicks). */
export async function viewsByDay(tx: Tx, cardId: number, from: string) {
  return tx
    .select({
      day: businessCardVisits.day,
      views: count(),
      visitors: countDistinct(businessCardVisits.visitorHash),
    })
    .from(businessCardVisits)
    .where(
      and(
        eq(businessCardVisits.cardId, cardId),
        gte(businessCardVisits.day, from),
        isNull(businessCardVisits.productId),
      ),
    )
    .groupBy(businessCardVisits.day)
    .orderBy(asc(businessCardVisits.day));
}

/** Unique visitors over the period: a visitor's hash changes with the day, so this is the sum of each day's. */
export async function viewsBySource(tx: Tx, cardId: number, from: string) {
  return tx
    .select({ source: businessCardVisits.source, host: businessCardVisits.host, views: count() })
    .from(businessCardVisits)
    .where(
      and(
        eq(businessCardVisits.cardId, cardId),
        gte(businessCardVisits.day, from),
        isNull(businessCardVisits.productId),
      ),
    )
    .groupBy(businessCardVisits.source, businessCardVisits.host)
    .orderBy(desc(count()));
}

export async function clicksByProduct(tx: Tx, cardId: number, from: string) {
  return tx
    .select({ productId: sql<number>`${businessCardVisits.productId}`, clicks: count() })
    .from(businessCardVisits)
    .where(
      and(
        eq(businessCardVisits.cardId, cardId),
        gte(businessCardVisits.day, from),
        isNotNull(businessCardVisits.productId),
      ),
    )
    .groupBy(businessCardVisits.productId)
    .orderBy(desc(count()))
    .limit(10);
}

export async function insertLead(tx: Tx, values: typeof businessCardLeads.$inferInsert) {
  const [row] = await tx.insert(businessCardLeads).values(values).returning({ id: businessCardLeads.id });
  return row?.id ?? 0;
}

export async function leadsOf(tx: Tx, cardId: number, take: number, skip: number) {
  const where = eq(businessCardLeads.cardId, cardId);
  const [rows, [total]] = await Promise.all([
    tx
      .select()
      .from(businessCardLeads)
      .where(where)
      .orderBy(desc(businessCardLeads.createdAt), desc(businessCardLeads.id))
      .limit(take)
      .offset(skip),
    tx.select({ n: count() }).from(businessCardLeads).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
