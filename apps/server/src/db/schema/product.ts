import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { uploads } from './file.ts';
import { organizations } from './organization.ts';
import { materialClassifications } from './reference.ts';

/**
 * A manufacturer's product. The four tags are derived (docs/design.md §5) and stored only so the catalogue can
 * filter on them with an index; the product service recomputes them whenever their evidence changes.
 */
export const products = pgTable(
  'products',
  {
    id: id(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    name: text('name').notNull(),
    brand: text('brand'),
    classifyCode: text('classify_code')
      .notNull()
      .references(() => materialClassifications.code),
    /** MaterialType: 1 conventional, 2 prefabricated component. */
    materialType: smallint('material_type').notNull().default(1),
    description: text('description'),
    /** Upload ids of the product's images, in display order. */
    images: jsonb('images').$type<number[]>().notNull().default([]),
    /** ProductEnableStatus: 1 enabled, 2 disabled. */
    enableStatus: smallint('enable_status').notNull().default(1),
    recommended: boolean('recommended').notNull().default(false),
    // Derived tags (see above).
    isPrefabricated: boolean('is_prefabricated').notNull().default(false),
    isLowCarbon: boolean('is_low_carbon').notNull().default(false),
    isGreen: boolean('is_green').notNull().default(false),
    /** Star rating of the best valid green certificate, null without one. */
    starRating: smallint('star_rating'),
    /** Until when the green tag holds: the latest validity of its valid green certificates. */
    greenValidUntil: date('green_valid_until'),
    /** True when the product meets the demand-standard elements of at least one city it is listed in. */
    isGovProcurement: boolean('is_gov_procurement').notNull().default(false),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('products_org_idx').on(t.orgId, t.id),
    index('products_classify_idx').on(t.classifyCode),
    // Chinese substring search (ILIKE '%…%') through trigrams; pg_trgm is created by migration.
    index('products_name_trgm_idx').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/** Specification models: what is sold, in which unit, at what price (sales information). */
export const productSpecs = pgTable(
  'product_specs',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    model: text('model').notNull(),
    /** bm_product_unit.id (one of the 37 units). */
    unitId: integer('unit_id').notNull(),
    price: numeric('price', { precision: 14, scale: 2 }),
    minOrder: numeric('min_order', { precision: 14, scale: 3 }),
    /** Mass of one unit in kg, for transport carbon (GB/T 51366); null = unknown ("missing mass", never guessed). */
    massPerUnitKg: numeric('mass_per_unit_kg', { precision: 14, scale: 4 }),
    /** SpecStatus: 1 on sale, 2 off sale. */
    status: smallint('status').notNull().default(1),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('product_specs_product_idx').on(t.productId),
    check('product_specs_mass_ck', sql`${t.massPerUnitKg} is null or ${t.massPerUnitKg} > 0`),
  ],
);

/**
 * A product's documents: manuals and qualification documents (carbon-footprint report, green building
 * material certificate with number, issuer, stars and validity, test reports). `certificateId` links a
 * certificate issued on the platform (the evidence ledger), when there is one.
 */
export const productDocuments = pgTable(
  'product_documents',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** ProductDocumentKind. */
    kind: smallint('kind').notNull(),
    uploadId: integer('upload_id').references(() => uploads.id),
    name: text('name').notNull(),
    certNo: text('cert_no'),
    issuer: text('issuer'),
    starRating: smallint('star_rating'),
    validFrom: date('valid_from'),
    validUntil: date('valid_until'),
    certificateId: integer('certificate_id'),
    /** When the 90-day expiry notice went out, so it goes out once. */
    expiryNoticeAt: tstz('expiry_notice_at'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('product_documents_product_idx').on(t.productId, t.kind),
    index('product_documents_expiry_idx').on(t.validUntil).where(sql`${t.kind} = 3`),
  ],
);
