import { index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { uploads } from './file.ts';
import { organizations } from './organization.ts';
import { productSpecs, products } from './product.ts';

/**
 * Supervision sampling results about a manufacturer's products (spot checks, spec §2 /product/spotCheck). Written
 * by the projects module when a supervision unit records a spot check; `orgId` is the manufacturer's, copied
 * from the product so every query can filter on the caller's organisation.
 */
export const productSamplings = pgTable(
  'product_samplings',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    specId: integer('spec_id').references(() => productSpecs.id, { onDelete: 'set null' }),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    /** The project's id once the projects module exists; the name is kept as it was at sampling time. */
    projectId: integer('project_id'),
    projectName: text('project_name').notNull(),
    /** The supervision unit that sampled, if it is on the platform; its name is kept either way. */
    samplingOrgId: integer('sampling_org_id').references(() => organizations.id),
    samplingOrgName: text('sampling_org_name').notNull(),
    sampledAt: tstz('sampled_at').notNull(),
    /** SamplingResult: 1 pass, 2 fail. */
    result: smallint('result').notNull(),
    remark: text('remark'),
    reportUploadId: integer('report_upload_id').references(() => uploads.id),
    createdBy: integer('created_by'),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_samplings_org_idx').on(t.orgId, t.sampledAt.desc(), t.id.desc()),
    index('product_samplings_product_idx').on(t.productId, t.sampledAt.desc()),
  ],
);
