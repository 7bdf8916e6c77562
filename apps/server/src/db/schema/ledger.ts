import { bigint, customType, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { uploads } from './file.ts';
import { organizations } from './organization.ts';
import { productDocuments, products } from './product.ts';

/** bytea ⇄ Uint8Array (node-postgres hands back a Buffer, which is one). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/*
 * The evidence ledger (issue 5, RFC 9162). The three ledger_* tables are append-only: a trigger (the custom
 * migration *_ledger_append_only) refuses UPDATE, DELETE and TRUNCATE, and `npm run ledger:verify` recomputes them.
 */

/** One log entry: the canonical JSON bytes of the entry and their RFC 9162 leaf hash. No personal data. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    leafIndex: bigint('leaf_index', { mode: 'number' }).primaryKey(),
    leafHash: bytea('leaf_hash').notNull(),
    entry: bytea('entry').notNull(),
    kind: text('kind').notNull(),
    orgId: integer('org_id'),
    contentSha256: text('content_sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_entries_content_idx').on(t.contentSha256)],
);

/**
 * The hash of every complete subtree of height ≥ 1 (2^level leaves starting at leaf idx·2^level), written when
 * its last leaf is appended. Any proof is then O(log n) primary-key lookups.
 */
export const ledgerNodes = pgTable(
  'ledger_nodes',
  {
    level: smallint('level').notNull(),
    idx: bigint('idx', { mode: 'number' }).notNull(),
    hash: bytea('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.idx] })],
);

/** A signed tree head for every tree size (one per append). */
export const ledgerTreeHeads = pgTable('ledger_tree_heads', {
  treeSize: bigint('tree_size', { mode: 'number' }).primaryKey(),
  rootHash: bytea('root_hash').notNull(),
  /** Milliseconds since the epoch, as signed. */
  timestamp: bigint('timestamp', { mode: 'number' }).notNull(),
  signature: bytea('signature').notNull(),
});

/** A document an organisation put on record: which upload, which log entry, what it is. */
export const ledgerRecords = pgTable(
  'ledger_records',
  {
    id: id(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    leafIndex: bigint('leaf_index', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.leafIndex),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id),
    // The record outlives the product's own bookkeeping: deleting a product or document only unlinks it.
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    productDocumentId: integer('product_document_id').references(() => productDocuments.id, {
      onDelete: 'set null',
    }),
    title: text('title').notNull(),
    /** LedgerDocType (contract ledger.ts). */
    docType: smallint('doc_type').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('ledger_records_org_idx').on(t.orgId, t.id), index('ledger_records_leaf_idx').on(t.leafIndex)],
);
