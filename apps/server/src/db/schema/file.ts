import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';

/** A stored file's bytes, named by their SHA-256 (docs/design.md §2); kept once however often it is uploaded. */
export const fileBlobs = pgTable('file_blobs', {
  sha256: text('sha256').primaryKey(),
  size: bigint('size', { mode: 'number' }).notNull(),
  mime: text('mime').notNull(),
  createdAt: createdAt(),
});

/** An organisation's upload of a blob: what its users see and what other records point to. */
export const uploads = pgTable(
  'uploads',
  {
    id: id(),
    sha256: text('sha256')
      .notNull()
      .references(() => fileBlobs.sha256),
    /** Null for uploads by users without an organisation (the platform operator). */
    orgId: integer('org_id'),
    userId: integer('user_id').notNull(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('uploads_org_idx').on(t.orgId)],
);
