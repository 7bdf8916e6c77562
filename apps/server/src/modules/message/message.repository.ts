import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { messages, userRoles, users } from '../../db/schema/index.ts';

/** Enabled users of an organisation, optionally only those holding one of `roles`. */
export async function orgRecipients(tx: Tx, orgId: number, roles?: readonly string[]) {
  const base = tx.selectDistinct({ id: users.id }).from(users);
  const rows =
    roles && roles.length > 0
      ? await base
          .innerJoin(userRoles, eq(userRoles.userId, users.id))
          .where(and(eq(users.orgId, orgId), eq(users.status, 1), inArray(userRoles.role, [...roles])))
      : await base.where(and(eq(users.orgId, orgId), eq(users.status, 1)));
  return rows.map((r) => r.id);
}

/** Enabled platform users (no organisation) holding one of `roles`, e.g. the platform's auditors. */
export async function platformRecipients(tx: Tx, roles: readonly string[]) {
  const rows = await tx
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(isNull(users.orgId), eq(users.status, 1), inArray(userRoles.role, [...roles])));
  return rows.map((r) => r.id);
}

export async function insertMessages(tx: Tx, rows: (typeof messages.$inferInsert)[]) {
  if (rows.length === 0) return;
  await tx.insert(messages).values(rows);
}
