import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

/**
 * In-app messages, one row per recipient user: a message to an organisation is fanned out to its members when
 * sent, so read state and deletion are each user's own.
 */
export const messages = pgTable(
  'messages',
  {
    id: id(),
    toUid: integer('to_uid').notNull(),
    companyId: integer('company_id'),
    channelNo: text('channel_no').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    targetUrl: text('target_url'),
    /** 1 unread, 2 read (spec §3). */
    readPoint: smallint('read_point').notNull().default(1),
    createdAt: createdAt(),
  },
  // The inbox is read newest first across channels, so the index orders by time right after the recipient;
  // the 15-second unread poll counts only unread rows through a partial index.
  (t) => [
    index('messages_inbox_idx').on(t.toUid, t.createdAt.desc(), t.id.desc()),
    index('messages_unread_idx').on(t.toUid, t.channelNo).where(sql`${t.readPoint} = 1`),
  ],
);
