import { bigint, index, integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { procurementFilings } from './government.ts';

const fen = (name: string) => bigint(name, { mode: 'number' });

/**
 * The statistics' supplier facts of a filing in force (docs/government.md, "Statistics"): its lines summed by
 * supplier, category and standard kind, rewritten with `filing_facts` in the filing's transaction
 * (`refreshFilingFacts`), so the dashboard's top suppliers, their concentration and the local share sum a table of
 * thousands of rows, not a million lines. `supplier_key` is 'org:<id>' for an organisation on the platform, else
 * 'uscc:<credit code>', else 'name:<name as filed>'.
 */
export const filingSupplierFacts = pgTable(
  'filing_supplier_facts',
  {
    filingId: integer('filing_id')
      .notNull()
      .references(() => procurementFilings.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    cityCode: text('city_code').notNull(),
    regionCode: text('region_code').notNull(),
    projectType: smallint('project_type').notNull(),
    policyBatch: text('policy_batch'),
    period: text('period').notNull(),
    status: text('status').notNull(),
    categoryCode: text('category_code').notNull(),
    standardKind: text('standard_kind').notNull(),
    supplierKey: text('supplier_key').notNull(),
    supplierOrgId: integer('supplier_org_id'),
    supplierName: text('supplier_name').notNull(),
    supplierCreditCode: text('supplier_credit_code'),
    lines: integer('lines').notNull(),
    amountFen: fen('amount_fen').notNull(),
    greenAmountFen: fen('green_amount_fen').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.filingId, t.categoryCode, t.standardKind, t.supplierKey] }),
    index('filing_supplier_facts_city_idx').on(t.cityCode, t.period),
  ],
);

/**
 * A filing's summary for the statistics (docs/government.md, "Statistics"): one row per filing in force, from its
 * `filing_facts` in the same call (`refreshFilingFacts`), so the dashboard judges a city's projects from a row each
 * instead of their fact rows: the spend in the standard and its green part, and what the policy's rule reads — the
 * mandatory fact rows and those green, the optional categories used and those with a green row.
 */
export const filingSummaries = pgTable(
  'filing_summaries',
  {
    filingId: integer('filing_id')
      .primaryKey()
      .references(() => procurementFilings.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').notNull(),
    cityCode: text('city_code').notNull(),
    period: text('period').notNull(),
    status: text('status').notNull(),
    standardAmountFen: fen('standard_amount_fen').notNull(),
    greenAmountFen: fen('green_amount_fen').notNull(),
    mandatoryRows: integer('mandatory_rows').notNull(),
    mandatoryGreenRows: integer('mandatory_green_rows').notNull(),
    optionalKinds: integer('optional_kinds').notNull(),
    optionalGreenKinds: integer('optional_green_kinds').notNull(),
  },
  (t) => [
    index('filing_summaries_city_idx').on(t.cityCode, t.period),
    index('filing_summaries_project_idx').on(t.projectId, t.period),
  ],
);

/**
 * A city's quarter of `filing_facts` summed over its filings by status (docs/government.md, "Statistics"; the
 * dashboard of a whole city reads it instead of every filing's facts): kept by `refreshFilingFacts` in the filing's
 * transaction, the filing's old facts taken off and its new ones added (rows at zero are removed).
 */
export const cityQuarterFacts = pgTable(
  'city_quarter_facts',
  {
    cityCode: text('city_code').notNull(),
    period: text('period').notNull(),
    status: text('status').notNull(),
    categoryCode: text('category_code').notNull(),
    standardKind: text('standard_kind').notNull(),
    starBucket: text('star_bucket').notNull(),
    lines: integer('lines').notNull(),
    amountFen: fen('amount_fen').notNull(),
    greenAmountFen: fen('green_amount_fen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cityCode, t.period, t.status, t.categoryCode, t.standardKind, t.starBucket] })],
);

/** A city's quarter of `filing_supplier_facts` summed over its filings by status, kept the same way. */
export const cityQuarterSupplierFacts = pgTable(
  'city_quarter_supplier_facts',
  {
    cityCode: text('city_code').notNull(),
    period: text('period').notNull(),
    status: text('status').notNull(),
    categoryCode: text('category_code').notNull(),
    standardKind: text('standard_kind').notNull(),
    supplierKey: text('supplier_key').notNull(),
    supplierOrgId: integer('supplier_org_id'),
    supplierName: text('supplier_name').notNull(),
    supplierCreditCode: text('supplier_credit_code'),
    lines: integer('lines').notNull(),
    amountFen: fen('amount_fen').notNull(),
    greenAmountFen: fen('green_amount_fen').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cityCode, t.period, t.status, t.categoryCode, t.standardKind, t.supplierKey] })],
);
