import { sql } from 'drizzle-orm';
import { index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { users } from './user.ts';

/** Bearer sessions. Only the SHA-256 of a token is kept (docs/design.md §3). */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appCode: text('app_code').notNull(),
    createdAt: createdAt(),
    expiresAt: tstz('expires_at').notNull(),
    endedAt: tstz('ended_at'),
    /** InvalidIndex: 1 signed out / password changed / disabled, 2 signed in elsewhere. */
    endReason: smallint('end_reason'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_active_idx').on(t.userId, t.appCode).where(sql`${t.endedAt} is null`)],
);

/** One-time, short-lived single-sign-on tokens (`/api/user/sso/info` → `/api/user/token/verify`). */
export const ssoTokens = pgTable('sso_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  appCode: text('app_code').notNull(),
  createdAt: createdAt(),
  expiresAt: tstz('expires_at').notNull(),
  usedAt: tstz('used_at'),
});
