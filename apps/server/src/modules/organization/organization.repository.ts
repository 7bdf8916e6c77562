import { and, count, desc, eq, ilike, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { organizations, orgModules, userRoles, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/like.ts';
import { divisionPath } from '../reference/index.ts';

export type OrganizationRow = typeof organizations.$inferSelect;
export type OrganizationChanges = Partial<
  Omit<typeof organizations.$inferInsert, 'id' | 'createdAt' | 'updatedAt' | 'type'>
>;

export async function findOrg(tx: Tx, id: number) {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, id)).limit(1);
  return row;
}

export async function insertOrg(tx: Tx, values: typeof organizations.$inferInsert) {
  const [row] = await tx.insert(organizations).values(values).returning();
  return row as OrganizationRow;
}

/**
 * Update an organisation; with `onlyFromCertStatus`, only while its certification status is one of those (the
 * check and the change are one statement, so two concurrent requests cannot both pass). Undefined when no row
 * matched.
 */
export async function updateOrg(tx: Tx, id: number, changes: OrganizationChanges, onlyFromCertStatus?: number[]) {
  const [row] = await tx
    .update(organizations)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(
      and(
        eq(organizations.id, id),
        onlyFromCertStatus ? inArray(organizations.certStatus, onlyFromCertStatus) : undefined,
      ),
    )
    .returning();
  return row;
}

export async function findOrgIdByCreditCode(tx: Tx, creditCode: string, exceptOrgId: number | null) {
  const [row] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(
      and(
        eq(organizations.creditCode, creditCode),
        exceptOrgId === null ? undefined : ne(organizations.id, exceptOrgId),
      ),
    )
    .limit(1);
  return row?.id;
}

export async function enabledModules(tx: Tx, orgId: number): Promise<string[]> {
  const rows = await tx
    .select({ moduleCode: orgModules.moduleCode })
    .from(orgModules)
    .where(eq(orgModules.orgId, orgId));
  return rows.map((r) => r.moduleCode).sort();
}

export async function insertModules(tx: Tx, orgId: number, moduleCodes: readonly string[]) {
  if (moduleCodes.length === 0) return;
  await tx
    .insert(orgModules)
    .values(moduleCodes.map((moduleCode) => ({ orgId, moduleCode })))
    .onConflictDoNothing();
}

/** Names of a division and its ancestors, province first; empty for no code or an unknown one. */
export async function regionPath(tx: Tx, code: string | null): Promise<string[]> {
  return code ? (await divisionPath(tx, code)).map((d) => d.name) : [];
}

export async function findUser(tx: Tx, id: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function setUserOrg(tx: Tx, userId: number, orgId: number) {
  await tx.update(users).set({ orgId }).where(eq(users.id, userId));
}

export async function addRole(tx: Tx, userId: number, role: string) {
  await tx.insert(userRoles).values({ userId, role }).onConflictDoNothing();
}

export async function removeRole(tx: Tx, userId: number, role: string) {
  await tx.delete(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)));
}

/** The platform administrator's list of organisations, newest first, with member counts. */
export async function listOrgs(
  tx: Tx,
  filter: { keyword?: string; type?: number; certStatus?: number; take: number; skip: number },
) {
  const conditions: SQL[] = [];
  if (filter.keyword) conditions.push(ilike(organizations.name, containsPattern(filter.keyword)));
  if (filter.type !== undefined) conditions.push(eq(organizations.type, filter.type));
  if (filter.certStatus !== undefined) conditions.push(eq(organizations.certStatus, filter.certStatus));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const memberCount = tx
    .select({ orgId: users.orgId, n: count().as('n') })
    .from(users)
    .groupBy(users.orgId)
    .as('member_count');
  const [rows, [total]] = await Promise.all([
    tx
      .select({ org: organizations, memberCount: sql<number>`coalesce(${memberCount.n}, 0)::int` })
      .from(organizations)
      .leftJoin(memberCount, eq(memberCount.orgId, organizations.id))
      .where(where)
      .orderBy(desc(organizations.createdAt), desc(organizations.id))
      .limit(filter.take)
      .offset(filter.skip),
    tx.select({ n: count() }).from(organizations).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}
