import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, pgTable, text, unique } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { uploads } from './file.ts';
import { organizations } from './organization.ts';
import { users } from './user.ts';

/*
 * The account centre (modules/account, docs/account.md): a user's own profile beside their account row, and an
 * organisation's divisions (部门) with the members placed in them. A division's parent and a placement's division are
 * the same organisation's, by composite foreign keys; a division with members or sub-divisions cannot be deleted
 * (the keys restrict, the service answers 409 first).
 */

/** What a user keeps about themselves beyond their sign-in account: e-mail, a contact phone, an avatar image. */
export const userProfiles = pgTable('user_profiles', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  email: text('email'),
  contactPhone: text('contact_phone'),
  avatarUploadId: integer('avatar_upload_id').references(() => uploads.id),
  updatedAt: tstz('updated_at').notNull().defaultNow(),
});

export const divisions = pgTable(
  'divisions',
  {
    id: id(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    parentId: integer('parent_id'),
    leaderUserId: integer('leader_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('divisions_org_id_uq').on(t.orgId, t.id),
    // One name per organisation: people name a department without its parent.
    unique('divisions_name_uq').on(t.orgId, t.name),
    foreignKey({ name: 'divisions_parent_fk', columns: [t.orgId, t.parentId], foreignColumns: [t.orgId, t.id] }),
    index('divisions_parent_idx').on(t.orgId, t.parentId),
    check('divisions_not_own_parent_ck', sql`${t.parentId} IS NULL OR ${t.parentId} <> ${t.id}`),
    check('divisions_name_ck', sql`length(btrim(${t.name})) between 1 and 50`),
  ],
);

/** Which division a member belongs to (at most one). */
export const divisionMembers = pgTable(
  'division_members',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    divisionId: integer('division_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'division_members_division_fk',
      columns: [t.orgId, t.divisionId],
      foreignColumns: [divisions.orgId, divisions.id],
    }),
    index('division_members_division_idx').on(t.divisionId),
  ],
);
