import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';

export const organizations = pgTable(
  'organizations',
  {
    id: id(),
    name: text('name').notNull(),
    type: smallint('type').notNull(),
    /** CertStatus of packages/contract: 0 none, 1 pending, 2 certified, 3 rejected. */
    certStatus: smallint('cert_status').notNull().default(0),
    nature: smallint('nature'),
    creditCode: text('credit_code'),
    regionCode: text('region_code'),
    address: text('address'),
    legalPerson: text('legal_person'),
    contactName: text('contact_name'),
    contactPhone: text('contact_phone'),
    licenseUploadId: integer('license_upload_id'),
    rejectReason: text('reject_reason'),
    certifiedAt: tstz('certified_at'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('organizations_credit_code_uq').on(t.creditCode).where(sql`${t.creditCode} is not null`),
    index('organizations_type_idx').on(t.type),
  ],
);

/** Console modules an organisation has enabled (spec §6 module codes). */
export const orgModules = pgTable(
  'org_modules',
  {
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    moduleCode: text('module_code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.orgId, t.moduleCode] })],
);

/** Each submission of an organisation's details for certification, and the platform's decision on it. */
export const orgCertifications = pgTable(
  'org_certifications',
  {
    id: id(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    submittedBy: integer('submitted_by').notNull(),
    /** The details as submitted: name, nature, region, credit code, address, legal person, contact, licence. */
    details: jsonb('details').notNull(),
    /** 1 pending, 2 approved, 3 rejected. */
    status: smallint('status').notNull().default(1),
    reason: text('reason'),
    reviewedBy: integer('reviewed_by'),
    reviewedAt: tstz('reviewed_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('org_certifications_status_idx').on(t.status, t.createdAt),
    index('org_certifications_org_idx').on(t.orgId),
  ],
);
