import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { organizations, orgModules, sessions, ssoTokens, userRoles, users } from '../../db/schema/index.ts';

export async function findUserByMobile(tx: Tx, mobile: string) {
  const [row] = await tx.select().from(users).where(eq(users.mobile, mobile)).limit(1);
  return row;
}

export async function findUserById(tx: Tx, id: number) {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export async function rolesOf(tx: Tx, userId: number): Promise<string[]> {
  const rows = await tx.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role).sort();
}

export async function orgOf(tx: Tx, orgId: number) {
  const [row] = await tx.select().from(organizations).where(eq(organizations.id, orgId)).limit(1);
  return row;
}

/** End the user's live sessions of an app (all apps when appCode is null), except `keepSessionId`. */
export async function endSessions(
  tx: Tx,
  userId: number,
  reason: number,
  appCode: string | null,
  keepSessionId?: number,
): Promise<string[]> {
  const rows = await tx
    .update(sessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        appCode === null ? undefined : eq(sessions.appCode, appCode),
        keepSessionId === undefined ? undefined : ne(sessions.id, keepSessionId),
      ),
    )
    .returning({ tokenHash: sessions.tokenHash });
  return rows.map((r) => r.tokenHash);
}

export async function insertSession(
  tx: Tx,
  values: { tokenHash: string; userId: number; appCode: string; expiresAt: Date; ip: string; userAgent: string | null },
) {
  const [row] = await tx.insert(sessions).values(values).returning({ id: sessions.id });
  return row as { id: number };
}

export async function findSessionByHash(tx: Tx, tokenHash: string) {
  const [row] = await tx.select().from(sessions).where(eq(sessions.tokenHash, tokenHash)).limit(1);
  return row;
}

export async function endSessionByHash(tx: Tx, tokenHash: string, reason: number) {
  await tx
    .update(sessions)
    .set({ endedAt: sql`now()`, endReason: reason })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.endedAt)));
}

export async function updatePassword(tx: Tx, userId: number, passwordHash: string) {
  await tx.update(users).set({ passwordHash, passwordChangedAt: sql`now()` }).where(eq(users.id, userId));
}

export async function insertSsoToken(
  tx: Tx,
  values: { tokenHash: string; userId: number; appCode: string; expiresAt: Date },
) {
  await tx.insert(ssoTokens).values(values);
}

/** Spend a one-time SSO token: succeeds once, only before it expires, only for its app. */
export async function consumeSsoToken(tx: Tx, tokenHash: string, appCode: string) {
  const [row] = await tx
    .update(ssoTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(ssoTokens.tokenHash, tokenHash),
        eq(ssoTokens.appCode, appCode),
        isNull(ssoTokens.usedAt),
        gt(ssoTokens.expiresAt, sql`now()`),
      ),
    )
    .returning({ userId: ssoTokens.userId });
  return row;
}

export async function enabledModulesOf(tx: Tx, orgId: number): Promise<string[]> {
  const rows = await tx
    .select({ moduleCode: orgModules.moduleCode })
    .from(orgModules)
    .where(eq(orgModules.orgId, orgId));
  return rows.map((r) => r.moduleCode).sort();
}
