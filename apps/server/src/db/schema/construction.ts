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
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, qty, tstz } from './columns.ts';
import { ledgerEntries } from './ledger.ts';
import { organizations } from './organization.ts';
import { projects } from './project.ts';
import { productSamplings } from './sampling.ts';
import { lots, receiptLines, receipts } from './trace.ts';

/*
 * Project construction (modules/construction, docs/construction.md): deliveries at a site, the inspection of each
 * delivered lot (its quarantine), witnessed samples, issues to the works and spot checks. Stock itself is the
 * traceability module's ledger (stock_balances / stock_moves, holder 'project:N'): these tables are the site's
 * documents about it. Every table carries the project and the organisation that wrote the row.
 */

/** A delivery at a project's site: a platform receipt, or goods from a supplier outside the platform. */
export const siteDeliveries = pgTable(
  'site_deliveries',
  {
    id: id(),
    number: text('number').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    /** The construction unit that received. */
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    /** DeliveryKind: platform, external. */
    kind: text('kind').notNull(),
    /** The traceability receipt of a platform delivery. */
    receiptId: integer('receipt_id').references(() => receipts.id),
    /** The shipper on the platform, or the supplier's name and credit code off it. */
    supplierOrgId: integer('supplier_org_id').references(() => organizations.id),
    supplierName: text('supplier_name').notNull(),
    supplierCreditCode: text('supplier_credit_code'),
    arrivedOn: date('arrived_on').notNull(),
    deliveryNoteNo: text('delivery_note_no'),
    invoiceNo: text('invoice_no'),
    deliveryNoteUploads: jsonb('delivery_note_uploads').$type<number[]>().notNull().default([]),
    invoiceUploads: jsonb('invoice_uploads').$type<number[]>().notNull().default([]),
    remarks: text('remarks'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('site_deliveries_number_uq').on(t.number),
    uniqueIndex('site_deliveries_receipt_uq').on(t.receiptId).where(sql`${t.receiptId} is not null`),
    index('site_deliveries_project_idx').on(t.projectId, t.arrivedOn.desc(), t.id.desc()),
    check(
      'site_deliveries_kind_ck',
      sql`(${t.kind} = 'platform' and ${t.receiptId} is not null and ${t.supplierOrgId} is not null) or (${t.kind} = 'external' and ${t.receiptId} is null and ${t.supplierCreditCode} is not null)`,
    ),
  ],
);

/**
 * One delivered lot at the site and its incoming inspection (进场验收). The quantity entered the project's
 * quarantined stock; the decision moves it (usable on a pass or concession, rejected on a fail). The material's
 * description is copied here when delivered, for platform and external lots alike, so the site's records read the
 * same whatever the lot's origin.
 */
export const siteInspections = pgTable(
  'site_inspections',
  {
    id: id(),
    number: text('number').notNull(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => siteDeliveries.id),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id),
    receiptLineId: integer('receipt_line_id').references(() => receiptLines.id),
    quantity: qty('quantity').notNull(),
    classifyCode: text('classify_code'),
    materialName: text('material_name').notNull(),
    specName: text('spec_name').notNull(),
    unitName: text('unit_name').notNull(),
    brand: text('brand'),
    makerName: text('maker_name'),
    isGreen: boolean('is_green').notNull().default(false),
    greenCertNo: text('green_cert_no'),
    greenCertBody: text('green_cert_body'),
    building: text('building'),
    floor: text('floor'),
    part: text('part'),
    storageLocation: text('storage_location'),
    /** InspectionState. */
    state: text('state').notNull().default('pending'),
    /** The rule's answer when delivered (the inspector cannot lower it). */
    retestRequired: boolean('retest_required').notNull(),
    /** The reference-data edition the checklist came from. */
    ruleEdition: text('rule_edition').notNull(),
    /** DocumentCheck[] as decided. */
    checks:
      jsonb('checks').$type<{ kind: string; present: boolean; uploadId: number | null; remark: string | null }[]>(),
    visualResult: text('visual_result'),
    verdict: text('verdict'),
    reason: text('reason'),
    photos: jsonb('photos').$type<number[]>().notNull().default([]),
    decidedBy: integer('decided_by'),
    decidedAt: tstz('decided_at'),
    supervisorId: integer('supervisor_id'),
    supervisorConfirmedAt: tstz('supervisor_confirmed_at'),
    disposedBy: integer('disposed_by'),
    disposedAt: tstz('disposed_at'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('site_inspections_number_uq').on(t.number),
    index('site_inspections_project_idx').on(t.projectId, t.state, t.id.desc()),
    index('site_inspections_delivery_idx').on(t.deliveryId),
    index('site_inspections_lot_idx').on(t.lotId),
    check('site_inspections_quantity_ck', sql`${t.quantity} > 0`),
    check(
      'site_inspections_state_ck',
      sql`${t.state} in ('pending', 'submitted', 'pending_retest', 'released', 'concession', 'rejected', 'returned', 'destroyed')`,
    ),
    check(
      'site_inspections_verdict_ck',
      sql`${t.verdict} is null or ${t.verdict} in ('pass', 'fail', 'concession', 'retest')`,
    ),
    // A decided lot names who decided; a concession or a failure says why.
    check(
      'site_inspections_decided_ck',
      sql`(${t.verdict} is null) = (${t.decidedBy} is null) and (${t.verdict} not in ('fail', 'concession') or ${t.reason} is not null)`,
    ),
  ],
);

/** A witnessed sample (见证取样): sealed on site in the witness's presence, sent to a laboratory, reported. */
export const witnessSamples = pgTable(
  'witness_samples',
  {
    id: id(),
    sampleNo: text('sample_no').notNull(),
    sealNo: text('seal_no'),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    /** The witness's organisation (the developer or the supervision unit). */
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    inspectionId: integer('inspection_id')
      .notNull()
      .references(() => siteInspections.id),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id),
    representedQuantity: qty('represented_quantity').notNull(),
    location: text('location').notNull(),
    sampledOn: date('sampled_on').notNull(),
    samplerName: text('sampler_name').notNull(),
    samplerCertNo: text('sampler_cert_no'),
    witnessUserId: integer('witness_user_id').notNull(),
    witnessCertNo: text('witness_cert_no'),
    labName: text('lab_name').notNull(),
    testItems: jsonb('test_items').$type<string[]>().notNull(),
    photos: jsonb('photos').$type<number[]>().notNull().default([]),
    sentOn: date('sent_on'),
    reportNo: text('report_no'),
    reportDate: date('report_date'),
    reportUploadId: integer('report_upload_id'),
    /** The report's file hash on the evidence ledger. */
    reportLeafIndex: bigint('report_leaf_index', { mode: 'number' }).references(() => ledgerEntries.leafIndex),
    /** TestResult. */
    result: text('result'),
    /** SampleState. */
    state: text('state').notNull().default('sampled'),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('witness_samples_no_uq').on(t.sampleNo),
    index('witness_samples_project_idx').on(t.projectId, t.id.desc()),
    index('witness_samples_inspection_idx').on(t.inspectionId),
    check('witness_samples_quantity_ck', sql`${t.representedQuantity} > 0`),
    check('witness_samples_state_ck', sql`${t.state} in ('sampled', 'sent', 'reported')`),
    check('witness_samples_result_ck', sql`${t.result} is null or ${t.result} in ('pass', 'fail')`),
    check(
      'witness_samples_reported_ck',
      sql`(${t.state} = 'reported') = (${t.result} is not null and ${t.reportNo} is not null and ${t.reportDate} is not null)`,
    ),
  ],
);

/** An issue to the works (出库/领用单), or the return-to-stock document reversing one (kind 'return'). */
export const issueOrders = pgTable(
  'issue_orders',
  {
    id: id(),
    number: text('number').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    /** IssueKind. */
    kind: text('kind').notNull(),
    returnOfId: integer('return_of_id'),
    team: text('team').notNull(),
    building: text('building'),
    floor: text('floor'),
    part: text('part'),
    receivedBy: text('received_by').notNull(),
    issuedOn: date('issued_on').notNull(),
    remarks: text('remarks'),
    issuedBy: integer('issued_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('issue_orders_number_uq').on(t.number),
    index('issue_orders_project_idx').on(t.projectId, t.issuedOn.desc(), t.id.desc()),
    index('issue_orders_return_of_idx').on(t.returnOfId).where(sql`${t.returnOfId} is not null`),
    check(
      'issue_orders_kind_ck',
      sql`(${t.kind} = 'issue' and ${t.returnOfId} is null) or (${t.kind} = 'return' and ${t.returnOfId} is not null)`,
    ),
  ],
);

export const issueOrderLines = pgTable(
  'issue_order_lines',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => issueOrders.id, { onDelete: 'cascade' }),
    lineNo: smallint('line_no').notNull(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id),
    inspectionId: integer('inspection_id')
      .notNull()
      .references(() => siteInspections.id),
    quantity: qty('quantity').notNull(),
    /** For a return line: the issue line it returns. */
    returnOfLineId: integer('return_of_line_id'),
    /** Quantity of an issue line since returned (kept in step by the returns, under a row lock). */
    returned: qty('returned').notNull().default('0'),
    codes: jsonb('codes').$type<string[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('issue_order_lines_no_uq').on(t.orderId, t.lineNo),
    index('issue_order_lines_lot_idx').on(t.lotId),
    check('issue_order_lines_quantity_ck', sql`${t.quantity} > 0`),
    check('issue_order_lines_returned_ck', sql`${t.returned} >= 0 and ${t.returned} <= ${t.quantity}`),
  ],
);

/** The supervision unit's parallel and patrol checks, and a regulator's (recorded by the supervision unit). */
export const spotChecks = pgTable(
  'spot_checks',
  {
    id: id(),
    number: text('number').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    /** SpotCheckKind. */
    kind: text('kind').notNull(),
    inspectionId: integer('inspection_id').references(() => siteInspections.id),
    checkedOn: date('checked_on').notNull(),
    items: jsonb('items').$type<{ name: string; result: string; remark: string | null }[]>().notNull(),
    /** TestResult: fail when any item failed. */
    result: text('result').notNull(),
    reportUploadId: integer('report_upload_id'),
    remarks: text('remarks'),
    rectificationDeadline: date('rectification_deadline'),
    rectification: text('rectification'),
    rectifiedBy: integer('rectified_by'),
    rectifiedAt: tstz('rectified_at'),
    /** SpotCheckState. */
    state: text('state').notNull(),
    closedBy: integer('closed_by'),
    closedAt: tstz('closed_at'),
    /** The maker's sampling view row this check wrote (platform lots only). */
    samplingId: integer('sampling_id').references(() => productSamplings.id),
    checkedBy: integer('checked_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('spot_checks_number_uq').on(t.number),
    index('spot_checks_project_idx').on(t.projectId, t.id.desc()),
    check('spot_checks_kind_ck', sql`${t.kind} in ('parallel', 'patrol', 'regulatory')`),
    check('spot_checks_result_ck', sql`${t.result} in ('pass', 'fail')`),
    check('spot_checks_state_ck', sql`${t.state} in ('recorded', 'rectifying', 'closed')`),
    check('spot_checks_deadline_ck', sql`${t.result} = 'pass' or ${t.rectificationDeadline} is not null`),
  ],
);

/**
 * What a material's category asks of a delivery (reference data, versioned: `edition`): the documents to check and
 * whether a witnessed retest is required before use. Keyed by the platform's product classification ('0106').
 */
export const inspectionRules = pgTable('inspection_rules', {
  classifyCode: text('classify_code').primaryKey(),
  edition: text('edition').notNull(),
  documents: jsonb('documents').$type<string[]>().notNull(),
  retestRequired: boolean('retest_required').notNull(),
  testItems: jsonb('test_items').$type<string[]>().notNull(),
  /** The rule's basis (standard and clause) and how sure it is ([S] sourced, [M] to verify). */
  basis: text('basis').notNull(),
});
