import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { uploads } from './file.ts';
import { ledgerRecords } from './ledger.ts';
import { organizations } from './organization.ts';

/*
 * The enterprise disk (modules/disk, docs/disk.md): an organisation's folders and files, each file a chain of
 * versions on the content-addressed store (uploads), and its share links with their files and access log. Every row
 * carries the owning organisation's id; a name never is a path (the contract refuses separators and dots).
 */

export const diskFolders = pgTable(
  'disk_folders',
  {
    id: id(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    parentId: integer('parent_id'),
    name: text('name').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    // One name per folder level (the top level's parent is null: NULLS NOT DISTINCT).
    unique('disk_folders_name_uq').on(t.orgId, t.parentId, t.name).nullsNotDistinct(),
    index('disk_folders_parent_idx').on(t.orgId, t.parentId),
    check('disk_folders_name_ck', sql`${t.name} <> '' AND ${t.name} NOT IN ('.', '..') AND ${t.name} !~ '[/\\\\]'`),
  ],
);

export const diskFiles = pgTable(
  'disk_files',
  {
    id: id(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    folderId: integer('folder_id').references(() => diskFolders.id),
    name: text('name').notNull(),
    /** DiskDocType (contract disk.ts). */
    docType: text('doc_type').notNull().default('other'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    validFrom: date('valid_from'),
    validUntil: date('valid_until'),
    note: text('note'),
    /** The current version's number (the highest of disk_file_versions). */
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('disk_files_folder_idx').on(t.orgId, t.folderId),
    check(
      'disk_files_validity_ck',
      sql`${t.validUntil} IS NULL OR ${t.validFrom} IS NULL OR ${t.validUntil} >= ${t.validFrom}`,
    ),
    check('disk_files_name_ck', sql`${t.name} <> '' AND ${t.name} !~ '[/\\\\]'`),
    check(
      'disk_files_doc_type_ck',
      sql`${t.docType} IN ('licence','certificate','test_report','manual','authorisation','contract','drawing','epd','other')`,
    ),
  ],
);

export const diskFileVersions = pgTable(
  'disk_file_versions',
  {
    id: id(),
    fileId: integer('file_id')
      .notNull()
      .references(() => diskFiles.id, { onDelete: 'cascade' }),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    version: integer('version').notNull(),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id),
    /** The upload's name, hash, size and type as they were added (read from the file module, kept with the version). */
    name: text('name').notNull(),
    sha256: text('sha256').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mime: text('mime').notNull(),
    /** The evidence ledger's storage record of this version, once put there. */
    ledgerRecordId: integer('ledger_record_id').references(() => ledgerRecords.id),
    ledgerLeafIndex: bigint('ledger_leaf_index', { mode: 'number' }),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('disk_file_versions_uq').on(t.fileId, t.version)],
);

export const diskShares = pgTable(
  'disk_shares',
  {
    id: id(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    /** URL-safe random token, the link's only name. */
    token: text('token').notNull(),
    title: text('title').notNull(),
    /** A shared folder (its files as they are when the link is opened), or null for a chosen set of files. */
    folderId: integer('folder_id').references(() => diskFolders.id, { onDelete: 'cascade' }),
    /** ShareAudience. */
    audience: text('audience').notNull(),
    orgIds: integer('org_ids').array().notNull().default(sql`'{}'::integer[]`),
    /** scrypt of the extraction code (lib/passwords.ts format), never the code. */
    codeHash: text('code_hash'),
    expiresAt: tstz('expires_at').notNull(),
    maxDownloads: integer('max_downloads'),
    downloads: integer('downloads').notNull().default(0),
    watermark: boolean('watermark').notNull().default(false),
    revokedAt: tstz('revoked_at'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('disk_shares_token_uq').on(t.token),
    index('disk_shares_org_idx').on(t.orgId, t.id),
    check('disk_shares_audience_ck', sql`${t.audience} IN ('anyone','signed_in','orgs')`),
    check(
      'disk_shares_downloads_ck',
      sql`${t.downloads} >= 0 AND (${t.maxDownloads} IS NULL OR ${t.downloads} <= ${t.maxDownloads})`,
    ),
  ],
);

export const diskShareFiles = pgTable(
  'disk_share_files',
  {
    shareId: integer('share_id')
      .notNull()
      .references(() => diskShares.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => diskFiles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.shareId, t.fileId] })],
);

/** The owner's access log of a link: time, what was done, who when signed in, the client as a salted hash. */
export const diskShareAccess = pgTable(
  'disk_share_access',
  {
    id: id(),
    shareId: integer('share_id')
      .notNull()
      .references(() => diskShares.id, { onDelete: 'cascade' }),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    action: text('action').notNull(),
    userId: integer('user_id'),
    viewerOrgId: integer('viewer_org_id'),
    clientHash: text('client_hash').notNull(),
    fileId: integer('file_id').references(() => diskFiles.id, { onDelete: 'set null' }),
    detail: text('detail'),
    createdAt: createdAt(),
  },
  (t) => [index('disk_share_access_share_idx').on(t.shareId, t.id)],
);
