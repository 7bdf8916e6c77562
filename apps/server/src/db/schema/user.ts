import { index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { organizations } from './organization.ts';

export const users = pgTable(
  'users',
  {
    id: id(),
    /** 11 digits, without +86 / 0086. */
    mobile: text('mobile').notNull().unique(),
    username: text('username').notNull(),
    realName: text('real_name'),
    headimgurl: text('headimgurl'),
    passwordHash: text('password_hash').notNull(),
    orgId: integer('org_id').references(() => organizations.id),
    /** 1 enabled, 2 disabled. */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    passwordChangedAt: tstz('password_changed_at'),
  },
  (t) => [index('users_org_idx').on(t.orgId)],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.role] })],
);
