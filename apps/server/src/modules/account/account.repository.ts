import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { divisionMembers, divisions, organizations, sessions, userProfiles, users } from '../../db/schema/index.ts';

// ---- the profile ----

/** A user with their profile, organisation and division. */
export async function findProfile(tx: Tx, userId: number) {
  const [row] = await tx
    .select({
      id: users.id,
      mobile: users.mobile,
      username: users.username,
      realName: users.realName,
      orgId: users.orgId,
      orgName: organizations.name,
      createdAt: users.createdAt,
      passwordChangedAt: users.passwordChangedAt,
      email: userProfiles.email,
      contactPhone: userProfiles.contactPhone,
      avatarUploadId: userProfiles.avatarUploadId,
      divisionId: divisions.id,
      divisionName: divisions.name,
    })
    .from(users)
    .leftJoin(organizations, eq(organizations.id, users.orgId))
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .leftJoin(divisionMembers, eq(divisionMembers.userId, users.id))
    .leftJoin(divisions, eq(divisions.id, divisionMembers.divisionId))
    .where(eq(users.id, userId))
    .limit(1);
  return row;
}

/** The user's latest sign-ins (console sessions), newest first. */
export async function recentSessions(tx: Tx, userId: number, take: number) {
  return tx
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      ip: sessions.ip,
      userAgent: sessions.userAgent,
      endedAt: sessions.endedAt,
      expiresAt: sessions.expiresAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt), desc(sessions.id))
    .limit(take);
}

export async function setRealName(tx: Tx, userId: number, realName: string) {
  await tx.update(users).set({ realName }).where(eq(users.id, userId));
}

export async function setHeadimgurl(tx: Tx, userId: number, headimgurl: string | null) {
  await tx.update(users).set({ headimgurl }).where(eq(users.id, userId));
}

export async function upsertProfile(
  tx: Tx,
  userId: number,
  values: { email?: string | null; contactPhone?: string | null; avatarUploadId?: number | null },
) {
  await tx
    .insert(userProfiles)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: userProfiles.userId, set: { ...values, updatedAt: sql`now()` } });
}

/** The avatar a user has now, if any. */
export async function avatarUploadOf(tx: Tx, userId: number): Promise<number | null> {
  const [row] = await tx
    .select({ id: userProfiles.avatarUploadId })
    .from(userProfiles)
    .where(eq(userProfiles.userId, userId))
    .limit(1);
  return row?.id ?? null;
}

// ---- divisions ----

const divisionColumns = {
  id: divisions.id,
  orgId: divisions.orgId,
  name: divisions.name,
  parentId: divisions.parentId,
  leaderUserId: divisions.leaderUserId,
  createdAt: divisions.createdAt,
};
export type DivisionRow = NonNullable<Awaited<ReturnType<typeof findDivision>>>;

export async function listDivisions(tx: Tx, orgId: number) {
  return tx
    .select(divisionColumns)
    .from(divisions)
    .where(eq(divisions.orgId, orgId))
    .orderBy(asc(divisions.name), asc(divisions.id));
}

export async function findDivision(tx: Tx, orgId: number, id: number) {
  const [row] = await tx
    .select(divisionColumns)
    .from(divisions)
    .where(and(eq(divisions.orgId, orgId), eq(divisions.id, id)))
    .limit(1);
  return row;
}

/** Lock a division for a change (its members and children are counted under the lock). */
export async function lockDivision(tx: Tx, orgId: number, id: number) {
  const [row] = await tx
    .select(divisionColumns)
    .from(divisions)
    .where(and(eq(divisions.orgId, orgId), eq(divisions.id, id)))
    .for('update')
    .limit(1);
  return row;
}

export async function divisionNameTaken(tx: Tx, orgId: number, name: string, exceptId?: number) {
  const rows = await tx
    .select({ id: divisions.id })
    .from(divisions)
    .where(and(eq(divisions.orgId, orgId), eq(divisions.name, name)));
  return rows.some((r) => r.id !== exceptId);
}

export async function insertDivision(
  tx: Tx,
  values: { orgId: number; name: string; parentId: number | null; leaderUserId: number | null },
) {
  const [row] = await tx.insert(divisions).values(values).returning(divisionColumns);
  return row as DivisionRow;
}

export async function updateDivision(
  tx: Tx,
  id: number,
  values: { name: string; parentId: number | null; leaderUserId: number | null },
) {
  const [row] = await tx
    .update(divisions)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(divisions.id, id))
    .returning(divisionColumns);
  return row as DivisionRow;
}

export async function deleteDivision(tx: Tx, id: number) {
  await tx.delete(divisions).where(eq(divisions.id, id));
}

export async function childCount(tx: Tx, orgId: number, id: number) {
  const [row] = await tx
    .select({ n: count() })
    .from(divisions)
    .where(and(eq(divisions.orgId, orgId), eq(divisions.parentId, id)));
  return row?.n ?? 0;
}

export async function memberCount(tx: Tx, id: number) {
  const [row] = await tx.select({ n: count() }).from(divisionMembers).where(eq(divisionMembers.divisionId, id));
  return row?.n ?? 0;
}

/** The members placed in the organisation's divisions, with their names. */
export async function placements(tx: Tx, orgId: number) {
  return tx
    .select({
      userId: divisionMembers.userId,
      divisionId: divisionMembers.divisionId,
      realName: users.realName,
      username: users.username,
    })
    .from(divisionMembers)
    .innerJoin(users, eq(users.id, divisionMembers.userId))
    .where(eq(divisionMembers.orgId, orgId))
    .orderBy(asc(users.id));
}

/** Names of users of the organisation among `ids` (others are left out: as good as absent). */
export async function membersOf(tx: Tx, orgId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return tx
    .select({ id: users.id, realName: users.realName, username: users.username })
    .from(users)
    .where(and(eq(users.orgId, orgId), inArray(users.id, [...ids])));
}

export async function placeMember(tx: Tx, values: { userId: number; orgId: number; divisionId: number }) {
  await tx
    .insert(divisionMembers)
    .values(values)
    .onConflictDoUpdate({
      target: divisionMembers.userId,
      set: { orgId: values.orgId, divisionId: values.divisionId, createdAt: sql`now()` },
    });
}

export async function unplaceMember(tx: Tx, userId: number) {
  await tx.delete(divisionMembers).where(eq(divisionMembers.userId, userId));
}

export async function placementOf(tx: Tx, userId: number) {
  const [row] = await tx
    .select({ divisionId: divisionMembers.divisionId })
    .from(divisionMembers)
    .where(eq(divisionMembers.userId, userId))
    .limit(1);
  return row?.divisionId ?? null;
}
