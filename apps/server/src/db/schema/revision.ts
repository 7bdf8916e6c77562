import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { organizations } from './organization.ts';
import { products } from './product.ts';

/**
 * A change to a listed product's approved facts, waiting for (or past) the platform's and the cities' audits
 * (docs/decisions.md, "Approved facts and revisions"). `changes` is the list of changes in order (product fields,
 * specification models, evidence documents), each with the approved value before and the proposed value after;
 * approval applies them, rejection leaves the product as it was approved.
 */
export const productRevisions = pgTable(
  'product_revisions',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    /** RevisionStatus: the listing workflow's states 1–5, and 7 withdrawn. */
    status: smallint('status').notNull(),
    changes: jsonb('changes').$type<unknown[]>().notNull(),
    /** Cities whose committees decide: where the product was listed when the revision was made or last amended. */
    cityCodes: text('city_codes').array().notNull(),
    approvedCityCodes: text('approved_city_codes').array().notNull().default(sql`'{}'::text[]`),
    reason: text('reason'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    decidedAt: tstz('decided_at'),
  },
  (t) => [
    // At most one open revision per product: further changes amend it.
    uniqueIndex('product_revisions_open_idx').on(t.productId).where(sql`${t.status} in (1, 2)`),
    index('product_revisions_status_idx').on(t.status, t.updatedAt),
    check('product_revisions_status_check', sql`${t.status} in (1, 2, 3, 4, 5, 7)`),
  ],
);
