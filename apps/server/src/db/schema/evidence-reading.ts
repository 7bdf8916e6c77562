import type { ReadDocument, ReadPage } from '@jcbb/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { fileBlobs } from './file.ts';
import { standardCategories } from './procurement.ts';

/*
 * Evidence read on upload (modules/evidence-reading, docs/evidence-reading.md). A reading is of a stored file's bytes
 * (its blob): the same report uploaded twice is read once. The table is also the job queue: a worker claims a queued
 * row (or one whose lease ran out: a process that died mid-reading), reads the file off the request path, and writes
 * the pages, the fields and the state. Checks are not stored: they depend on where the document is used and are
 * computed when an auditor or the owner looks. What an auditor confirms or corrects is kept, per field.
 */

export const evidenceReadings = pgTable(
  'evidence_readings',
  {
    id: id(),
    sha256: text('sha256')
      .notNull()
      .references(() => fileBlobs.sha256),
    /** ReadingState: queued, reading, done, refused (the file cannot be read: encrypted, too many pages…), failed. */
    state: text('state').notNull().default('queued'),
    pagesDone: smallint('pages_done').notNull().default(0),
    pagesTotal: smallint('pages_total'),
    attempts: smallint('attempts').notNull().default(0),
    /** Why a file was refused or the reading failed (ReadingRefusal), for the reader of the document. */
    refusal: text('refusal'),
    /** The reader's name and version: a later reader may read again what an older one read. */
    engine: text('engine'),
    /** ReadDocumentKind, once read. */
    kind: text('kind'),
    pages: jsonb('pages').$type<ReadPage[]>(),
    document: jsonb('document').$type<ReadDocument>(),
    /** The pages' JPEG previews, as blobs of the file store, one per page. */
    previews: jsonb('previews').$type<string[]>(),
    /** The report or certificate number read, in capitals without spaces: where another document names it too. */
    numberRead: text('number_read'),
    queuedAt: tstz('queued_at').notNull().defaultNow(),
    startedAt: tstz('started_at'),
    finishedAt: tstz('finished_at'),
    /** A reading in progress belongs to its worker until then; after, another worker may take it again. */
    leaseUntil: tstz('lease_until'),
  },
  (t) => [
    uniqueIndex('evidence_readings_sha_uq').on(t.sha256),
    index('evidence_readings_queue_idx').on(t.queuedAt).where(sql`${t.state} in ('queued', 'reading')`),
    index('evidence_readings_number_idx').on(t.numberRead),
    check('evidence_readings_state_ck', sql`${t.state} in ('queued', 'reading', 'done', 'refused', 'failed')`),
    check('evidence_readings_pages_ck', sql`${t.pagesDone} >= 0 and ${t.attempts} >= 0`),
  ],
);

/** An auditor's word on a field as read: confirmed (the same value) or corrected. Every word is kept. */
export const evidenceFieldReviews = pgTable(
  'evidence_field_reviews',
  {
    id: id(),
    readingId: integer('reading_id')
      .notNull()
      .references(() => evidenceReadings.id, { onDelete: 'cascade' }),
    /** ReadFieldKey; `index` is the field's rank among those of its key (several standards). */
    fieldKey: text('field_key').notNull(),
    fieldIndex: smallint('field_index').notNull().default(0),
    /** What the machine read (null: it read nothing for the field), and what the auditor says it is. */
    readValue: text('read_value'),
    value: text('value').notNull(),
    /** Where the auditor was: 'listing:12', 'revision:3'… */
    subject: text('subject').notNull(),
    userId: integer('user_id').notNull(),
    orgId: integer('org_id'),
    createdAt: createdAt(),
  },
  (t) => [index('evidence_field_reviews_reading_idx').on(t.readingId, t.fieldKey, t.fieldIndex)],
);

/**
 * An indicator's threshold for a category of a demand-standard edition, as versioned policy data (seeded by
 * db/seed/standard-indicators.ts with each row's source and confidence; docs/evidence-reading.md "Thresholds").
 * `productWords`: the product names the row applies to within its category (保温系统材料 holds rock wool and XPS,
 * whose standards differ); empty: every product of the category.
 */
export const standardIndicators = pgTable(
  'standard_indicators',
  {
    id: id(),
    categoryId: integer('category_id')
      .notNull()
      .references(() => standardCategories.id, { onDelete: 'cascade' }),
    productWords: text('product_words').array().notNull().default(sql`'{}'::text[]`),
    /** The product standard(s) a report on such a product is expected to cite. */
    standards: text('standards').array().notNull(),
    /** The indicator's name, and other names laboratories print for it. */
    item: text('item').notNull(),
    aliases: text('aliases').array().notNull().default(sql`'{}'::text[]`),
    op: text('op').notNull(),
    value: numeric('value').notNull(),
    unit: text('unit'),
    confidence: text('confidence').notNull(),
    source: text('source').notNull(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('standard_indicators_uq').on(t.categoryId, t.item, t.productWords),
    check('standard_indicators_op_ck', sql`${t.op} in ('>=', '<=', '>', '<')`),
    check('standard_indicators_confidence_ck', sql`${t.confidence} in ('primary', 'secondary', 'unconfirmed')`),
  ],
);
