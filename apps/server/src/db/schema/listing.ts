import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { elements } from './element.ts';
import { organizations } from './organization.ts';
import { products } from './product.ts';

/** A product's listing in a city (products-settled-in-cities) and where it stands in the audit flow. */
export const listings = pgTable(
  'product_listings',
  {
    id: id(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    cityCode: text('city_code').notNull(),
    /** ListingStatus. */
    status: smallint('status').notNull().default(0),
    /** The reason of the latest rejection, kept until the next submission. */
    rejectReason: text('reject_reason'),
    /** The city committee found the product not green: listed without the green tag in this city. */
    notGreen: boolean('not_green').notNull().default(false),
    notGreenReason: text('not_green_reason'),
    /** Whether the listing's values meet the city's demand-standard elements. */
    govProcurement: boolean('gov_procurement').notNull().default(false),
    submittedAt: tstz('submitted_at'),
    listedAt: tstz('listed_at'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
    // The product's facts the public catalogue filters on, copied here by the database (triggers of migration 0006:
    // on insert of a listing, and on every change of its product). Never written by the application. With them a
    // city's catalogue search and its count read one partial index and no product row (docs/performance.md).
    productName: text('product_name').notNull().default(''),
    productClassifyCode: text('product_classify_code').notNull().default(''),
    productEnabled: boolean('product_enabled').notNull().default(false),
    productRecommended: boolean('product_recommended').notNull().default(false),
    productPrefabricated: boolean('product_prefabricated').notNull().default(false),
    productLowCarbon: boolean('product_low_carbon').notNull().default(false),
    productGreen: boolean('product_green').notNull().default(false),
    productStarRating: smallint('product_star_rating'),
    productGreenValidUntil: date('product_green_valid_until'),
  },
  (t) => [
    uniqueIndex('product_listings_product_city_uq').on(t.productId, t.cityCode),
    index('product_listings_city_status_idx').on(t.cityCode, t.status),
    index('product_listings_org_idx').on(t.orgId),
  ],
);

/** A listing's answer to one element of its city's dynamic form (spec §3 value fields). */
export const listingValues = pgTable(
  'product_listing_values',
  {
    listingId: integer('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    elementId: integer('element_id')
      .notNull()
      .references(() => elements.id, { onDelete: 'cascade' }),
    propertyValue: text('property_value'),
    propertyNumValue: numeric('property_num_value', { precision: 18, scale: 4 }),
    /** Chosen enum ids of a checkbox element (as strings, as the original client sent them). */
    propertyArrayValue: jsonb('property_array_value').$type<string[]>(),
    /** Upload ids of a file element. */
    resourceValue: jsonb('resource_value').$type<number[]>(),
  },
  (t) => [primaryKey({ columns: [t.listingId, t.elementId] })],
);
