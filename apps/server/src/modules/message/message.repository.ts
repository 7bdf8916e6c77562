import { ReadPoint } from '@jcbb/contract';
import { and, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { messages, userRoles, users } from '../../db/schema/index.ts';

const USER_ENABLED = 1;
/** Rows per INSERT: an organisation of thousands stays far below PostgreSQL's 65 535 bind parameters. */
const INSERT_CHUNK = 1000;

/** Enabled users of an organisation, optionally only those holding one of `roles`. */
export async function orgRecipients(tx: Tx, orgId: number, roles?: readonly string[]) {
  const base = tx.selectDistinct({ id: users.id }).from(users);
  const rows =
    roles && roles.length > 0
      ? await base
          .innerJoin(userRoles, eq(userRoles.userId, users.id))
          .where(and(eq(users.orgId, orgId), eq(users.status, USER_ENABLED), inArray(userRoles.role, [...roles])))
      : await base.where(and(eq(users.orgId, orgId), eq(users.status, USER_ENABLED)));
  return rows.map((r) => r.id);
}

/** Enabled platform users (no organisation) holding one of `roles`, e.g. the platform's auditors. */
export async function platformRecipients(tx: Tx, roles: readonly string[]) {
  if (roles.length === 0) return [];
  const rows = await tx
    .selectDistinct({ id: users.id })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .where(and(isNull(users.orgId), eq(users.status, USER_ENABLED), inArray(userRoles.role, [...roles])))
    .orderBy(users.id);
  return rows.map((r) => r.id);
}

/** A user's organisation, or undefined when there is no such user. */
export async function orgOfUser(tx: Tx, userId: number): Promise<{ orgId: number | null } | undefined> {
  const [row] = await tx.select({ orgId: users.orgId }).from(users).where(eq(users.id, userId)).limit(1);
  return row;
}

export async function insertMessages(tx: Tx, rows: (typeof messages.$inferInsert)[]) {
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await tx.insert(messages).values(rows.slice(i, i + INSERT_CHUNK));
  }
}

/**
 * One user's inbox: their messages that belong to no organisation or to the one they are in now. Messages an
 * organisation sent them stay with it: after leaving it they no longer see them.
 */
export interface Inbox {
  userId: number;
  orgId: number | null;
}

export interface InboxFilter {
  /** Absent or empty: every channel. */
  channels?: readonly string[];
  readPoint?: number;
}

function inboxWhere(box: Inbox, filter: InboxFilter = {}): SQL | undefined {
  return and(
    eq(messages.toUid, box.userId),
    box.orgId === null ? isNull(messages.companyId) : or(isNull(messages.companyId), eq(messages.companyId, box.orgId)),
    filter.channels && filter.channels.length > 0 ? inArray(messages.channelNo, [...filter.channels]) : undefined,
    filter.readPoint === undefined ? undefined : eq(messages.readPoint, filter.readPoint),
  );
}

const messageColumns = {
  id: messages.id,
  title: messages.title,
  content: messages.content,
  channelNo: messages.channelNo,
  readPoint: messages.readPoint,
  targetUrl: messages.targetUrl,
  createdAt: messages.createdAt,
};
export type MessageRow = { [K in keyof typeof messageColumns]: (typeof messages.$inferSelect)[K] };

/** A page of the inbox, newest first (id breaks ties: a fan-out shares one creation time). */
export async function pageOfInbox(tx: Tx, box: Inbox, filter: InboxFilter, limit: number, offset: number) {
  return tx
    .select(messageColumns)
    .from(messages)
    .where(inboxWhere(box, filter))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(limit)
    .offset(offset);
}

/** In one pass: how many match the filter, and how many are unread in the same channels whatever the filter. */
export async function countInbox(tx: Tx, box: Inbox, filter: InboxFilter) {
  if (filter.readPoint === ReadPoint.UNREAD) {
    // Both numbers are the unread count: the console's 15-second poll asks this, so read rows are not even visited.
    const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(messages).where(inboxWhere(box, filter));
    const n = row?.n ?? 0;
    return { total: n, unread: n };
  }
  const unread = sql<number>`(count(*) filter (where ${messages.readPoint} = ${ReadPoint.UNREAD}))::int`;
  const [row] = await tx
    .select({
      total:
        filter.readPoint === undefined
          ? sql<number>`count(*)::int`
          : sql<number>`(count(*) filter (where ${messages.readPoint} = ${filter.readPoint}))::int`,
      unread,
    })
    .from(messages)
    .where(inboxWhere(box, { channels: filter.channels }));
  return row ?? { total: 0, unread: 0 };
}

export async function findInInbox(tx: Tx, box: Inbox, id: number): Promise<MessageRow | undefined> {
  const [row] = await tx
    .select(messageColumns)
    .from(messages)
    .where(and(eq(messages.id, id), inboxWhere(box)))
    .limit(1);
  return row;
}

export async function markRead(tx: Tx, box: Inbox, filter: { id?: number; channels?: readonly string[] }) {
  const rows = await tx
    .update(messages)
    .set({ readPoint: ReadPoint.READ })
    .where(
      and(
        inboxWhere(box, { channels: filter.channels, readPoint: ReadPoint.UNREAD }),
        filter.id === undefined ? undefined : eq(messages.id, filter.id),
      ),
    )
    .returning({ id: messages.id });
  return rows.length;
}

/** Delete the inbox's messages among `ids` (all of them when ids is undefined) in the channels given. */
export async function deleteFromInbox(
  tx: Tx,
  box: Inbox,
  filter: { ids?: readonly number[]; channels?: readonly string[] },
) {
  const rows = await tx
    .delete(messages)
    .where(
      and(
        inboxWhere(box, { channels: filter.channels }),
        filter.ids ? inArray(messages.id, [...filter.ids]) : undefined,
      ),
    )
    .returning({ id: messages.id });
  return rows.length;
}
