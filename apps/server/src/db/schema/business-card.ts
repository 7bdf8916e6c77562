import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';
import { uploads } from './file.ts';
import { organizations } from './organization.ts';
import { users } from './user.ts';

/*
 * The smart business card (modules/business-card, docs/business-card.md): one card per member, its visits (no
 * address, no cookie: a salted hash of the day) and the leads of its contact form. Every row carries the
 * organisation's id.
 */

export const businessCards = pgTable(
  'business_cards',
  {
    id: id(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The public page's id: random, unguessable, never the row's id. */
    publicId: text('public_id').notNull(),
    displayName: text('display_name').notNull(),
    title: text('title').notNull().default(''),
    email: text('email').notNull().default(''),
    introduction: text('introduction').notNull().default(''),
    showPhone: boolean('show_phone').notNull().default(false),
    wechatQrUploadId: integer('wechat_qr_upload_id').references(() => uploads.id),
    /** The featured products, in the owner's order (at most CARD_PRODUCTS_MAX). */
    productIds: jsonb('product_ids').$type<number[]>().notNull().default([]),
    published: boolean('published').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('business_cards_user_uq').on(t.userId),
    uniqueIndex('business_cards_public_id_uq').on(t.publicId),
    index('business_cards_org_idx').on(t.orgId),
    check('business_cards_products_ck', sql`jsonb_array_length(${t.productIds}) <= 6`),
  ],
);

/** A view of a card's public page, or a featured product opened from it (productId set). */
export const businessCardVisits = pgTable(
  'business_card_visits',
  {
    id: id(),
    cardId: integer('card_id')
      .notNull()
      .references(() => businessCards.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    /** The Shanghai day of the visit. */
    day: date('day').notNull(),
    /** CardSource. */
    source: text('source').notNull(),
    /** The referring site's host for source other (never its path), else null. */
    host: text('host'),
    productId: integer('product_id'),
    /** HMAC-SHA-256 of the visitor's random cookie under the day's salt: counts unique visitors, names nobody. */
    visitorHash: text('visitor_hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('business_card_visits_card_day_idx').on(t.cardId, t.day),
    check('business_card_visits_source_ck', sql`${t.source} IN ('qr', 'poster', 'link', 'other')`),
  ],
);

/** A cooperation intention sent through a card's contact form (with the visitor's consent). */
export const businessCardLeads = pgTable(
  'business_card_leads',
  {
    id: id(),
    cardId: integer('card_id')
      .notNull()
      .references(() => businessCards.id, { onDelete: 'cascade' }),
    orgId: integer('org_id').notNull(),
    name: text('name').notNull(),
    company: text('company').notNull().default(''),
    contact: text('contact').notNull(),
    message: text('message').notNull(),
    consentAt: tstz('consent_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('business_card_leads_card_idx').on(t.cardId, t.createdAt)],
);
