import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { certificates } from './certificate.ts';
import { createdAt, id, qty, tstz } from './columns.ts';
import { organizations } from './organization.ts';
import { projects } from './project.ts';
import { users } from './user.ts';

/*
 * Government procurement information (modules/government, docs/government.md): a project's quarterly procurement
 * filing (填报) with its lines prefilled from the platform's records, the statistics' facts kept beside each filing
 * (refreshed in the filing's own transaction, so the dashboard reads a small table), risk rules as versioned data,
 * the alerts they raise with their workflow, a committee's subscriptions, and the reminders sent before the deadline.
 * What must not go wrong is held here: one filing in force per project and quarter (a correction supersedes it),
 * one open alert per rule and subject, a reminder sent once.
 */

const fen = (name: string) => bigint(name, { mode: 'number' });

/**
 * A project's procurement filing for a quarter (`period` 'YYYY-Qn'). FilingStatus: draft, submitted, returned,
 * resubmitted, confirmed, locked. A correction after locking is a new row (`version` + 1, `corrects_id`, a reason);
 * the one it corrects gets `superseded_at`. `due_on` is the 5th of the first month of the next quarter.
 */
export const procurementFilings = pgTable(
  'procurement_filings',
  {
    id: id(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    /** The project's developer and city, copied so lists filter without a join. */
    developerOrgId: integer('developer_org_id')
      .notNull()
      .references(() => organizations.id),
    cityCode: text('city_code').notNull(),
    /** The organisation that files (the project's developer or a construction unit on it). */
    filerOrgId: integer('filer_org_id')
      .notNull()
      .references(() => organizations.id),
    period: text('period').notNull(),
    version: smallint('version').notNull().default(1),
    correctsId: integer('corrects_id'),
    correctionReason: text('correction_reason'),
    status: text('status').notNull().default('draft'),
    contractNo: text('contract_no'),
    /** ProcurementMethod of a line whose records name none (a delivery without an order); the filer's choice. */
    defaultMethod: text('default_method').notNull().default('open_tender'),
    /** Value of completed work and progress payment made, in fen (35号: paid ≥ 80 % of completed value). */
    completedValueFen: fen('completed_value_fen'),
    progressPaidFen: fen('progress_paid_fen'),
    remarks: text('remarks'),
    returnReason: text('return_reason'),
    dueOn: date('due_on').notNull(),
    firstSubmittedAt: tstz('first_submitted_at'),
    submittedAt: tstz('submitted_at'),
    submittedBy: integer('submitted_by').references(() => users.id),
    confirmedAt: tstz('confirmed_at'),
    confirmedBy: integer('confirmed_by').references(() => users.id),
    lockedAt: tstz('locked_at'),
    supersededAt: tstz('superseded_at'),
    createdBy: integer('created_by')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('procurement_filings_version_uq').on(t.projectId, t.period, t.version),
    uniqueIndex('procurement_filings_in_force_uq').on(t.projectId, t.period).where(sql`${t.supersededAt} is null`),
    index('procurement_filings_city_idx').on(t.cityCode, t.period, t.status),
    index('procurement_filings_filer_idx').on(t.filerOrgId, t.period),
    check('procurement_filings_period_ck', sql`${t.period} ~ '^[0-9]{4}-Q[1-4]$'`),
    check(
      'procurement_filings_status_ck',
      sql`${t.status} in ('draft', 'submitted', 'returned', 'resubmitted', 'confirmed', 'locked')`,
    ),
    check('procurement_filings_version_ck', sql`${t.version} >= 1`),
    check('procurement_filings_correction_ck', sql`(${t.version} = 1) = (${t.correctsId} is null)`),
    check(
      'procurement_filings_money_ck',
      sql`coalesce(${t.completedValueFen}, 0) >= 0 and coalesce(${t.progressPaidFen}, 0) >= 0`,
    ),
  ],
);

/**
 * A filed procurement line. `source` system (prefilled from the platform's records, `prefill` naming them and
 * `prefill_values` the values as prefilled) or typed; `changed_fields` the fields a person changed on a system
 * line, so a regulator tells typed values from the platform's. EvidenceKind: platform_certificate,
 * external_certificate, test_report, none.
 */
export const procurementFilingLines = pgTable(
  'procurement_filing_lines',
  {
    id: id(),
    filingId: integer('filing_id')
      .notNull()
      .references(() => procurementFilings.id, { onDelete: 'cascade' }),
    lineNo: smallint('line_no').notNull(),
    source: text('source').notNull(),
    prefill: jsonb('prefill').$type<Record<string, number | string | null>>(),
    prefillValues: jsonb('prefill_values').$type<Record<string, unknown>>(),
    changedFields: jsonb('changed_fields').$type<string[]>().notNull().default([]),
    /** The demand-standard edition and its category the line falls in (null: outside the standard). */
    editionCode: text('edition_code'),
    categoryCode: text('category_code'),
    /** StandardKind: mandatory, optional, outside. */
    standardKind: text('standard_kind').notNull(),
    classifyCode: text('classify_code'),
    commonName: text('common_name').notNull(),
    spec: text('spec').notNull(),
    quantity: qty('quantity').notNull(),
    unit: text('unit').notNull(),
    amountFen: fen('amount_fen').notNull(),
    supplierOrgId: integer('supplier_org_id').references(() => organizations.id),
    supplierName: text('supplier_name').notNull(),
    supplierCreditCode: text('supplier_credit_code'),
    /** ProcurementMethod (公开招标 … 电子卖场). */
    procurementMethod: text('procurement_method').notNull(),
    isGreen: boolean('is_green').notNull(),
    evidenceKind: text('evidence_kind').notNull(),
    certificateId: integer('certificate_id').references(() => certificates.id),
    certificateNo: text('certificate_no'),
    certificateBody: text('certificate_body'),
    /** Star level 1–3 of the certificate; null for a test report or no evidence. */
    star: smallint('star'),
    reportNo: text('report_no'),
    reportDate: date('report_date'),
    deliveryDate: date('delivery_date').notNull(),
    productId: integer('product_id'),
  },
  (t) => [
    uniqueIndex('procurement_filing_lines_no_uq').on(t.filingId, t.lineNo),
    index('procurement_filing_lines_certificate_idx').on(t.certificateId).where(sql`${t.certificateId} is not null`),
    index('procurement_filing_lines_supplier_idx').on(t.supplierOrgId).where(sql`${t.supplierOrgId} is not null`),
    check('procurement_filing_lines_source_ck', sql`${t.source} in ('system', 'typed')`),
    check('procurement_filing_lines_kind_ck', sql`${t.standardKind} in ('mandatory', 'optional', 'outside')`),
    check(
      'procurement_filing_lines_evidence_ck',
      sql`${t.evidenceKind} in ('platform_certificate', 'external_certificate', 'test_report', 'none')`,
    ),
    check('procurement_filing_lines_green_ck', sql`not ${t.isGreen} or ${t.evidenceKind} <> 'none'`),
    check('procurement_filing_lines_quantity_ck', sql`${t.quantity} > 0`),
    check('procurement_filing_lines_amount_ck', sql`${t.amountFen} >= 0`),
    check('procurement_filing_lines_star_ck', sql`${t.star} is null or ${t.star} between 1 and 3`),
    check(
      'procurement_filing_lines_certificate_star_ck',
      sql`not ${t.isGreen} or ${t.evidenceKind} = 'test_report' or ${t.star} is not null`,
    ),
  ],
);

/**
 * The statistics' facts of a filing in force (docs/government.md, "Statistics"): its lines summed by category, kind
 * and star bucket ('1', '2', '3', 'report', 'none'), rewritten in the filing's transaction whenever it changes, so
 * the city's dashboard sums a table of thousands of rows, not a million lines. `counted` = the filing's status is
 * one the statistics count (submitted or later).
 */
export const filingFacts = pgTable(
  'filing_facts',
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
    starBucket: text('star_bucket').notNull(),
    lines: integer('lines').notNull(),
    greenLines: integer('green_lines').notNull(),
    typedLines: integer('typed_lines').notNull(),
    amountFen: fen('amount_fen').notNull(),
    greenAmountFen: fen('green_amount_fen').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.filingId, t.categoryCode, t.standardKind, t.starBucket] }),
    index('filing_facts_city_idx').on(t.cityCode, t.period),
  ],
);

/**
 * A risk rule (docs/government.md, "Risk rules"; after Prozorro's risk indicators): reference data, one row per
 * version. The engine runs the code's check with the row's `params`; an alert names the version that raised it.
 */
export const riskRules = pgTable(
  'risk_rules',
  {
    code: text('code').notNull(),
    version: smallint('version').notNull(),
    name: text('name').notNull(),
    nameEn: text('name_en').notNull(),
    legalBasis: text('legal_basis').notNull(),
    definition: text('definition').notNull(),
    /** Severity: low, medium, high. */
    severity: text('severity').notNull(),
    params: jsonb('params').$type<Record<string, number | string | boolean>>().notNull().default({}),
    /** The version in force (one per code). */
    active: boolean('active').notNull().default(true),
    effectiveFrom: date('effective_from').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.code, t.version] }),
    uniqueIndex('risk_rules_active_uq').on(t.code).where(sql`${t.active}`),
    check('risk_rules_severity_ck', sql`${t.severity} in ('low', 'medium', 'high')`),
  ],
);

/**
 * An alert a rule raised on a subject. AlertStatus: open → acknowledged → explained → dismissed | confirmed → closed.
 * `fingerprint` (rule code + subject) keeps one alert not yet closed per finding; `org_id` is the organisation asked
 * to explain (the project's developer, the supplier …), `city_code` the committee that sees it.
 */
export const riskAlerts = pgTable(
  'risk_alerts',
  {
    id: id(),
    ruleCode: text('rule_code').notNull(),
    ruleVersion: smallint('rule_version').notNull(),
    fingerprint: text('fingerprint').notNull(),
    cityCode: text('city_code').notNull(),
    projectId: integer('project_id').references(() => projects.id),
    /** SubjectKind: project, filing, filing_line, shipment, receipt, product, organization, trace_code, report. */
    subjectKind: text('subject_kind').notNull(),
    subjectId: text('subject_id').notNull(),
    subjectLabel: text('subject_label').notNull(),
    orgId: integer('org_id').references(() => organizations.id),
    /** What the rule saw: each item names a record (kind, id, label) and, where it has one, its ledger leaf. */
    evidence: jsonb('evidence')
      .$type<{ kind: string; id: string; label: string; leafIndex?: number | null; detail?: string | null }[]>()
      .notNull(),
    summary: text('summary').notNull(),
    severity: text('severity').notNull(),
    status: text('status').notNull().default('open'),
    explanation: text('explanation'),
    explainedBy: integer('explained_by').references(() => users.id),
    explainedAt: tstz('explained_at'),
    decisionReason: text('decision_reason'),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: tstz('decided_at'),
    /** When the finding was made (the run), and when a run last saw it still true. */
    detectedAt: tstz('detected_at').notNull().defaultNow(),
    lastSeenAt: tstz('last_seen_at').notNull().defaultNow(),
    /** When a run first found the condition gone (the alert stays for the record). */
    resolvedAt: tstz('resolved_at'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('risk_alerts_fingerprint_uq').on(t.fingerprint).where(sql`${t.status} <> 'closed'`),
    index('risk_alerts_city_idx').on(t.cityCode, t.status, t.detectedAt),
    index('risk_alerts_org_idx').on(t.orgId, t.status),
    index('risk_alerts_project_idx').on(t.projectId),
    check(
      'risk_alerts_status_ck',
      sql`${t.status} in ('open', 'acknowledged', 'explained', 'dismissed', 'confirmed', 'closed')`,
    ),
    check('risk_alerts_severity_ck', sql`${t.severity} in ('low', 'medium', 'high')`),
  ],
);

/** When the rules ran (on the schedule, on a change, or by hand) and what the run found. */
export const riskRuns = pgTable('risk_runs', {
  id: id(),
  trigger: text('trigger').notNull(),
  scope: text('scope').notNull(),
  startedAt: tstz('started_at').notNull().defaultNow(),
  finishedAt: tstz('finished_at'),
  opened: integer('opened').notNull().default(0),
  stillOpen: integer('still_open').notNull().default(0),
  resolved: integer('resolved').notNull().default(0),
});

/** A committee member's subscription (DOZORRO-style): messages on new alerts and filings of a project, supplier or product. */
export const riskSubscriptions = pgTable(
  'risk_subscriptions',
  {
    id: id(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** project, supplier (an organisation) or product. */
    subjectKind: text('subject_kind').notNull(),
    subjectId: integer('subject_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('risk_subscriptions_uq').on(t.userId, t.subjectKind, t.subjectId),
    index('risk_subscriptions_subject_idx').on(t.subjectKind, t.subjectId),
    check('risk_subscriptions_kind_ck', sql`${t.subjectKind} in ('project', 'supplier', 'product')`),
  ],
);

/** A filing reminder sent (kind: due_soon, due_tomorrow, overdue), once per project, quarter and kind. */
export const filingReminders = pgTable(
  'filing_reminders',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    period: text('period').notNull(),
    kind: text('kind').notNull(),
    sentAt: tstz('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.period, t.kind] })],
);

/** A city's quarter closed by its committee: its confirmed filings are locked, later changes are corrections. */
export const filingPeriods = pgTable(
  'filing_periods',
  {
    cityCode: text('city_code').notNull(),
    period: text('period').notNull(),
    closedAt: tstz('closed_at').notNull().defaultNow(),
    closedBy: integer('closed_by')
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.cityCode, t.period] })],
);
