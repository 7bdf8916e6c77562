import { boolean, index, integer, numeric, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { createdAt, id, tstz } from './columns.ts';

/**
 * Attribute groups of the dynamic forms (spec §3): per city, or nationwide when city_code is null.
 * Scenario 1 is the warehousing (listing) form, 2 a custom approval flow.
 */
export const attributeGroups = pgTable(
  'bm_attribute_groups',
  {
    id: id(),
    cityCode: text('city_code'),
    name: text('name').notNull(),
    /** Scenario: 1 warehousing form, 2 custom approval flow. */
    scenario: smallint('scenario').notNull().default(1),
    /** UseStatus: 1 enabled, 2 disabled. */
    useStatus: smallint('use_status').notNull().default(1),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('bm_attribute_groups_city_idx').on(t.cityCode)],
);

/**
 * A qualification element (a field of a dynamic form). `govProcurement` marks the city's
 * government-procurement demand-standard elements; `standardMin` is the least number that meets the
 * standard for a numeric text element.
 */
export const elements = pgTable(
  'bm_elements',
  {
    id: id(),
    groupId: integer('group_id')
      .notNull()
      .references(() => attributeGroups.id, { onDelete: 'cascade' }),
    cityCode: text('city_code'),
    name: text('name').notNull(),
    /** FieldType 1–6: text, multiline, radio, checkbox, dropdown, file upload. */
    displayType: smallint('display_type').notNull(),
    /** 0 optional, 1 required. */
    required: smallint('required').notNull().default(0),
    useStatus: smallint('use_status').notNull().default(1),
    govProcurement: boolean('gov_procurement').notNull().default(false),
    standardMin: numeric('standard_min', { precision: 18, scale: 4 }),
    placeholder: text('placeholder'),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [index('bm_elements_group_idx').on(t.groupId), index('bm_elements_city_idx').on(t.cityCode)],
);

/** The options of a radio, checkbox or dropdown element (elementEnumList; enumId is the row id). */
export const elementEnums = pgTable(
  'bm_element_enums',
  {
    id: id(),
    elementId: integer('element_id')
      .notNull()
      .references(() => elements.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** Whether choosing this option meets the demand standard (government-procurement elements). */
    meetsStandard: boolean('meets_standard').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('bm_element_enums_element_idx').on(t.elementId)],
);
