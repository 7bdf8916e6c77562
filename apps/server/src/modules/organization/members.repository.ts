import { and, count, desc, eq, ilike, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { divisionMembers, divisions, userRoles, users } from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/like.ts';

export const memberColumns = {
  id: users.id,
  mobile: users.mobile,
  username: users.username,
  realName: users.realName,
  status: users.status,
  createdAt: users.createdAt,
};
export type MemberRow = NonNullable<Awaited<ReturnType<typeof findMember>>>;

export async function listMembers(
  tx: Tx,
  orgId: number,
  filter: { keyword?: string; status?: number; take: number; skip: number },
) {
  const conditions: (SQL | undefined)[] = [eq(users.orgId, orgId)];
  if (filter.status !== undefined) conditions.push(eq(users.status, filter.status));
  if (filter.keyword) {
    const pattern = containsPattern(filter.keyword);
    conditions.push(or(ilike(users.mobile, pattern), ilike(users.username, pattern), ilike(users.realName, pattern)));
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    tx
      .select(memberColumns)
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(filter.take)
      .offset(filter.skip),
    tx.select({ n: count() }).from(users).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A user of the organisation, or undefined (another organisation's user is as good as absent). */
export async function findMember(tx: Tx, orgId: number, userId: number) {
  const [row] = await tx
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.id, userId), eq(users.orgId, orgId)))
    .limit(1);
  return row;
}

export async function rolesByUser(tx: Tx, userIds: number[]): Promise<Map<number, string[]>> {
  const byUser = new Map<number, string[]>();
  if (userIds.length === 0) return byUser;
  const rows = await tx
    .select({ userId: userRoles.userId, role: userRoles.role })
    .from(userRoles)
    .where(inArray(userRoles.userId, userIds));
  for (const r of rows) byUser.set(r.userId, [...(byUser.get(r.userId) ?? []), r.role].sort());
  return byUser;
}

export async function mobileTaken(tx: Tx, mobile: string): Promise<boolean> {
  const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.mobile, mobile)).limit(1);
  return row !== undefined;
}

export async function insertUser(tx: Tx, values: typeof users.$inferInsert) {
  const [row] = await tx.insert(users).values(values).returning(memberColumns);
  return row as MemberRow;
}

/** Change a member's status only from `from`; undefined when it had changed meanwhile. */
export async function setStatus(tx: Tx, userId: number, from: number, to: number) {
  const [row] = await tx
    .update(users)
    .set({ status: to })
    .where(and(eq(users.id, userId), eq(users.status, from)))
    .returning(memberColumns);
  return row;
}

export async function setPassword(tx: Tx, userId: number, passwordHash: string) {
  await tx.update(users).set({ passwordHash, passwordChangedAt: sql`now()` }).where(eq(users.id, userId));
}

/** The division (部门, the account centre's) each of these users is in, if any. */
export async function divisionsByUser(tx: Tx, userIds: number[]): Promise<Map<number, { id: number; name: string }>> {
  if (userIds.length === 0) return new Map();
  const rows = await tx
    .select({ userId: divisionMembers.userId, id: divisions.id, name: divisions.name })
    .from(divisionMembers)
    .innerJoin(divisions, eq(divisions.id, divisionMembers.divisionId))
    .where(inArray(divisionMembers.userId, userIds));
  return new Map(rows.map((r) => [r.userId, { id: r.id, name: r.name }]));
}
