import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { organizations } from './organization.ts';
import { products } from './product.ts';

/**
 * A manufacturer's application for a green building material certificate (issue 5): addressed to a certification
 * body (types 1 and 3) or published as a self-declaration (type 2). States: ApplicationStatus of the contract.
 */
export const certificateApplications = pgTable(
  'certificate_applications',
  {
    id: id(),
    applicantOrgId: integer('applicant_org_id')
      .notNull()
      .references(() => organizations.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    /** The certification body addressed; null for a self-declaration. */
    bodyOrgId: integer('body_org_id').references(() => organizations.id),
    /** ApplicationType: 1 certified, 2 self-declared, 3 normal. */
    type: smallint('type').notNull(),
    /** ApplicationStatus: 0 draft, 1 submitted, 2 approved, 3 rejected, 4 withdrawn. */
    status: smallint('status').notNull().default(0),
    starRating: smallint('star_rating').notNull(),
    /** Upload ids of the applicant's evidence (its own organisation's uploads). */
    evidenceUploadIds: jsonb('evidence_upload_ids').$type<number[]>().notNull().default([]),
    remarks: text('remarks'),
    /** Type 1: the number and validity of the certificate the product already holds, as the applicant states them. */
    certNo: text('cert_no'),
    validUntil: date('valid_until'),
    /** Rejection reason. */
    reason: text('reason'),
    certificateId: integer('certificate_id'),
    createdBy: integer('created_by').notNull(),
    submittedAt: tstz('submitted_at'),
    decidedBy: integer('decided_by'),
    decidedAt: tstz('decided_at'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('certificate_applications_applicant_idx').on(t.applicantOrgId, t.createdAt),
    index('certificate_applications_body_idx').on(t.bodyOrgId, t.status, t.submittedAt),
  ],
);

/**
 * An issued certificate (or a published self-declaration). Its canonical content is kept as the exact bytes
 * whose SHA-256 went on the evidence ledger, so anyone can recompute it; a revocation is a second ledger entry.
 * Rows are never deleted: a revoked certificate stays verifiable as revoked.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    certNo: text('cert_no').notNull(),
    /** URL-safe random identifier, stable for the certificate's life (QR codes, links). */
    publicId: text('public_id').notNull(),
    /** ApplicationType it came from (2: a self-declaration, no third party). */
    type: smallint('type').notNull(),
    applicationId: integer('application_id'),
    holderOrgId: integer('holder_org_id')
      .notNull()
      .references(() => organizations.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    issuerOrgId: integer('issuer_org_id')
      .notNull()
      .references(() => organizations.id),
    starRating: smallint('star_rating'),
    validFrom: date('valid_from').notNull(),
    validUntil: date('valid_until').notNull(),
    /** Canonical JSON put on the ledger (hash only); no personal data. */
    content: text('content').notNull(),
    contentSha256: text('content_sha256').notNull(),
    leafIndex: integer('leaf_index'),
    /** The product document (kind 3) that carries the certificate to the product's green tag. */
    productDocumentId: integer('product_document_id'),
    issuedBy: integer('issued_by'),
    issuedAt: createdAt(),
    revokedAt: tstz('revoked_at'),
    revokedBy: integer('revoked_by'),
    revokeReason: text('revoke_reason'),
    revocationContent: text('revocation_content'),
    revocationSha256: text('revocation_sha256'),
    revocationLeafIndex: integer('revocation_leaf_index'),
  },
  (t) => [
    uniqueIndex('certificates_cert_no_uq').on(t.certNo),
    uniqueIndex('certificates_public_id_uq').on(t.publicId),
    index('certificates_holder_idx').on(t.holderOrgId, t.issuedAt),
    index('certificates_issuer_idx').on(t.issuerOrgId, t.issuedAt),
    index('certificates_product_idx').on(t.productId).where(sql`${t.revokedAt} is null`),
  ],
);
