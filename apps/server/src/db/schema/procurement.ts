import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { createdAt, id, qty, tstz } from './columns.ts';
import { organizations } from './organization.ts';
import { productSpecs, products } from './product.ts';
import { demandStandardEditions, policyBatches, projects } from './project.ts';
import { materialClassifications } from './reference.ts';
import { shipmentLines, shipments } from './trace.ts';

/*
 * Material procurement (modules/procurement, docs/procurement.md). Policy reference data first (editions' categories,
 * the mapping of the platform's classification onto them, each edition's rule parameters, the policy cities), then a
 * project's material list with its confirmed versions, requests for quotation with sealed quotes, purchase orders
 * the supplier ships against, and alternates. What must not go wrong is held here: a confirmed list's quantities
 * are locked by the service and kept as a version; an order line's `shipped_quantity` only grows through the
 * shipment gate under a row lock, and a CHECK refuses it beyond the ordered quantity.
 */

const fen = (name: string) => bigint(name, { mode: 'number' });
const confidenceCheck = (column: unknown) => sql`${column} in ('primary', 'secondary', 'unconfirmed')`;

// ---- policy reference data (seeded by db/seed/procurement-policy.ts; the platform operator edits it, audited) ----

/** A category of a demand-standard edition (2025: 必选类 or 可选类). */
export const standardCategories = pgTable(
  'standard_categories',
  {
    id: id(),
    editionCode: text('edition_code')
      .notNull()
      .references(() => demandStandardEditions.code),
    code: text('code').notNull(),
    name: text('name').notNull(),
    groupName: text('group_name').notNull(),
    /** StandardKind: mandatory or optional. */
    kind: text('kind').notNull(),
    /** Confidence of the row (primary, secondary, unconfirmed) and where it comes from. */
    confidence: text('confidence').notNull(),
    note: text('note'),
    sort: integer('sort').notNull().default(0),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('standard_categories_edition_code_uq').on(t.editionCode, t.code),
    check('standard_categories_kind_ck', sql`${t.kind} in ('mandatory', 'optional')`),
    check('standard_categories_confidence_ck', confidenceCheck(t.confidence)),
  ],
);

/** Which category of an edition a platform classification falls in (many classifications to one category). */
export const standardCategoryClasses = pgTable(
  'standard_category_classes',
  {
    editionCode: text('edition_code')
      .notNull()
      .references(() => demandStandardEditions.code),
    classifyCode: text('classify_code')
      .notNull()
      .references(() => materialClassifications.code),
    categoryId: integer('category_id')
      .notNull()
      .references(() => standardCategories.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.editionCode, t.classifyCode] }),
    index('standard_category_classes_category_idx').on(t.categoryId),
  ],
);

/** The rule's parameters of an edition (`ComplianceRule` of the contract). */
export const standardRules = pgTable(
  'standard_rules',
  {
    editionCode: text('edition_code')
      .primaryKey()
      .references(() => demandStandardEditions.code),
    mandatoryGreenPct: smallint('mandatory_green_pct').notNull().default(100),
    optionalCoverageMinPct: smallint('optional_coverage_min_pct'),
    testReportMaxAgeDays: integer('test_report_max_age_days'),
    confidence: text('confidence').notNull(),
    note: text('note'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('standard_rules_mandatory_ck', sql`${t.mandatoryGreenPct} between 0 and 100`),
    check(
      'standard_rules_optional_ck',
      sql`${t.optionalCoverageMinPct} is null or ${t.optionalCoverageMinPct} between 0 and 100`,
    ),
    check('standard_rules_report_age_ck', sql`${t.testReportMaxAgeDays} is null or ${t.testReportMaxAgeDays} > 0`),
    check('standard_rules_confidence_ck', confidenceCheck(t.confidence)),
  ],
);

/** A city (or city district) in the policy, with the batch it joined in. */
export const policyCities = pgTable(
  'policy_cities',
  {
    regionCode: text('region_code').primaryKey(),
    name: text('name').notNull(),
    batchCode: text('batch_code')
      .notNull()
      .references(() => policyBatches.code),
    fromDate: date('from_date').notNull(),
    toDate: date('to_date'),
    confidence: text('confidence').notNull(),
    note: text('note'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('policy_cities_confidence_ck', confidenceCheck(t.confidence)),
    check('policy_cities_dates_ck', sql`${t.toDate} is null or ${t.toDate} >= ${t.fromDate}`),
  ],
);

// ---- material lists ----

/**
 * A project's material list (one per project). `version` counts confirmations: confirming stores the lines as
 * `material_list_versions` row `version` and locks quantities; reopening (with a reason) makes version + 1 a draft.
 */
export const materialLists = pgTable(
  'material_lists',
  {
    id: id(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    developerOrgId: integer('developer_org_id')
      .notNull()
      .references(() => organizations.id),
    /** MaterialListStatus: draft or confirmed. */
    status: text('status').notNull().default('draft'),
    version: smallint('version').notNull().default(1),
    /** Why the current draft was reopened from the confirmed version before it. */
    reopenReason: text('reopen_reason'),
    confirmedAt: tstz('confirmed_at'),
    confirmedBy: integer('confirmed_by'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('material_lists_project_uq').on(t.projectId),
    check('material_lists_status_ck', sql`${t.status} in ('draft', 'confirmed')`),
    check('material_lists_version_ck', sql`${t.version} >= 1`),
  ],
);

/** A confirmed version of a list, its lines as they were confirmed (read-only history). */
export const materialListVersions = pgTable(
  'material_list_versions',
  {
    id: id(),
    listId: integer('list_id')
      .notNull()
      .references(() => materialLists.id, { onDelete: 'cascade' }),
    version: smallint('version').notNull(),
    /** The reason the version was reopened (null while it is the confirmed one). */
    reopenReason: text('reopen_reason'),
    lines: jsonb('lines').notNull(),
    lineCount: integer('line_count').notNull(),
    budgetFen: fen('budget_fen').notNull(),
    confirmedAt: tstz('confirmed_at').notNull(),
    confirmedBy: integer('confirmed_by').notNull(),
    reopenedAt: tstz('reopened_at'),
    reopenedBy: integer('reopened_by'),
  },
  (t) => [uniqueIndex('material_list_versions_uq').on(t.listId, t.version)],
);

/**
 * A line of a project's material list. Ids are stable across versions (orders, inquiries and alternates name
 * them); a line removed in a later version keeps its row with `removed_at`.
 */
export const materialListLines = pgTable(
  'material_list_lines',
  {
    id: id(),
    listId: integer('list_id')
      .notNull()
      .references(() => materialLists.id, { onDelete: 'cascade' }),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    lineNo: integer('line_no').notNull(),
    classifyCode: text('classify_code')
      .notNull()
      .references(() => materialClassifications.code),
    /** The basic-material (common) name. */
    commonName: text('common_name').notNull(),
    spec: text('spec'),
    /** One of the 37 units (bm_product_unit id). */
    unitId: smallint('unit_id').notNull(),
    quantity: qty('quantity').notNull(),
    requiredBy: date('required_by').notNull(),
    useLocation: text('use_location'),
    budgetUnitPriceFen: fen('budget_unit_price_fen').notNull().default(0),
    remarks: text('remarks'),
    /** LineSource: manual, import, copy. */
    source: text('source').notNull().default('manual'),
    /** The product chosen for the line at selection (the compliance simulator reads it), and why. */
    chosenSpecId: integer('chosen_spec_id').references(() => productSpecs.id),
    chosenSupplierOrgId: integer('chosen_supplier_org_id').references(() => organizations.id),
    chosenReason: text('chosen_reason'),
    removedAt: tstz('removed_at'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('material_list_lines_list_idx').on(t.listId, t.lineNo),
    index('material_list_lines_project_idx').on(t.projectId, t.classifyCode),
    check('material_list_lines_quantity_ck', sql`${t.quantity} > 0`),
    check('material_list_lines_price_ck', sql`${t.budgetUnitPriceFen} >= 0`),
    check('material_list_lines_unit_ck', sql`${t.unitId} between 1 and 37`),
    check('material_list_lines_source_ck', sql`${t.source} in ('manual', 'import', 'copy')`),
  ],
);

// ---- requests for quotation ----

export const inquiries = pgTable(
  'inquiries',
  {
    id: id(),
    number: text('number').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    /** The buying organisation: the project's developer or its construction unit. */
    buyerOrgId: integer('buyer_org_id')
      .notNull()
      .references(() => organizations.id),
    title: text('title').notNull(),
    /** Quotes close at this time (Asia/Shanghai shown). */
    deadline: tstz('deadline').notNull(),
    round: smallint('round').notNull().default(1),
    /** InquiryStatus. */
    status: text('status').notNull().default('draft'),
    remarks: text('remarks'),
    /** The written reason of the award, the failure or the cancellation. */
    decisionReason: text('decision_reason'),
    awardedQuoteId: integer('awarded_quote_id'),
    publishedAt: tstz('published_at'),
    decidedAt: tstz('decided_at'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('inquiries_number_uq').on(t.number),
    index('inquiries_project_idx').on(t.projectId, t.id),
    index('inquiries_buyer_idx').on(t.buyerOrgId, t.status, t.id),
    check(
      'inquiries_status_ck',
      sql`${t.status} in ('draft', 'published', 'quoting', 'evaluating', 'awarded', 'failed', 'cancelled')`,
    ),
    check('inquiries_round_ck', sql`${t.round} >= 1`),
    check(
      'inquiries_award_ck',
      sql`${t.status} <> 'awarded' or (${t.awardedQuoteId} is not null and ${t.decisionReason} is not null)`,
    ),
  ],
);

export const inquiryLines = pgTable(
  'inquiry_lines',
  {
    id: id(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    lineNo: smallint('line_no').notNull(),
    listLineId: integer('list_line_id')
      .notNull()
      .references(() => materialListLines.id),
    quantity: qty('quantity').notNull(),
  },
  (t) => [
    uniqueIndex('inquiry_lines_list_line_uq').on(t.inquiryId, t.listLineId),
    check('inquiry_lines_quantity_ck', sql`${t.quantity} > 0`),
  ],
);

/** The suppliers an inquiry is sent to: the only organisations besides the buyer that see it. */
export const inquirySuppliers = pgTable(
  'inquiry_suppliers',
  {
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    supplierOrgId: integer('supplier_org_id')
      .notNull()
      .references(() => organizations.id),
    invitedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.inquiryId, t.supplierOrgId] }),
    index('inquiry_suppliers_supplier_idx').on(t.supplierOrgId),
  ],
);

/** A supplier's quote for one round of an inquiry; sealed (the buyer reads it after the deadline, others never). */
export const quotes = pgTable(
  'quotes',
  {
    id: id(),
    inquiryId: integer('inquiry_id')
      .notNull()
      .references(() => inquiries.id, { onDelete: 'cascade' }),
    supplierOrgId: integer('supplier_org_id')
      .notNull()
      .references(() => organizations.id),
    round: smallint('round').notNull(),
    /** QuoteStatus. */
    status: text('status').notNull().default('draft'),
    validUntil: date('valid_until'),
    remarks: text('remarks'),
    amountFen: fen('amount_fen').notNull().default(0),
    submittedAt: tstz('submitted_at'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('quotes_supplier_round_uq').on(t.inquiryId, t.supplierOrgId, t.round),
    index('quotes_supplier_idx').on(t.supplierOrgId, t.id),
    check('quotes_status_ck', sql`${t.status} in ('draft', 'submitted', 'withdrawn', 'accepted', 'rejected')`),
    check('quotes_amount_ck', sql`${t.amountFen} >= 0`),
  ],
);

export const quoteLines = pgTable(
  'quote_lines',
  {
    id: id(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    inquiryLineId: integer('inquiry_line_id')
      .notNull()
      .references(() => inquiryLines.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    specId: integer('spec_id')
      .notNull()
      .references(() => productSpecs.id),
    unitPriceFen: fen('unit_price_fen').notNull(),
    deliveryDate: date('delivery_date').notNull(),
    remarks: text('remarks'),
  },
  (t) => [
    uniqueIndex('quote_lines_line_uq').on(t.quoteId, t.inquiryLineId),
    check('quote_lines_price_ck', sql`${t.unitPriceFen} >= 0`),
  ],
);

// ---- purchase orders ----

/**
 * A purchase order to a manufacturer or distributor. Stored states: draft, sent, confirmed, closed, cancelled; a
 * confirmed order reads as partly delivered or delivered from the receipts of its shipments (OrderStatus).
 */
export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: id(),
    number: text('number').notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    buyerOrgId: integer('buyer_org_id')
      .notNull()
      .references(() => organizations.id),
    supplierOrgId: integer('supplier_org_id')
      .notNull()
      .references(() => organizations.id),
    /** OrderOrigin: inquiry or direct. */
    origin: text('origin').notNull(),
    inquiryId: integer('inquiry_id').references(() => inquiries.id),
    quoteId: integer('quote_id').references(() => quotes.id),
    /** OrderStatus as stored (draft, sent, confirmed, closed, cancelled). */
    status: text('status').notNull().default('draft'),
    amountFen: fen('amount_fen').notNull().default(0),
    /** Why this supplier (the award's or the direct purchase's written reason). */
    reason: text('reason').notNull(),
    deliveryAddress: text('delivery_address'),
    statusReason: text('status_reason'),
    sentAt: tstz('sent_at'),
    confirmedAt: tstz('confirmed_at'),
    closedAt: tstz('closed_at'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('purchase_orders_number_uq').on(t.number),
    index('purchase_orders_project_idx').on(t.projectId, t.id),
    index('purchase_orders_buyer_idx').on(t.buyerOrgId, t.status, t.id),
    index('purchase_orders_supplier_idx').on(t.supplierOrgId, t.status, t.id),
    check('purchase_orders_status_ck', sql`${t.status} in ('draft', 'sent', 'confirmed', 'closed', 'cancelled')`),
    check('purchase_orders_origin_ck', sql`${t.origin} in ('inquiry', 'direct')`),
    check('purchase_orders_inquiry_ck', sql`${t.origin} = 'direct' or ${t.inquiryId} is not null`),
    check('purchase_orders_amount_ck', sql`${t.amountFen} >= 0`),
  ],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: id(),
    orderId: integer('order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    lineNo: smallint('line_no').notNull(),
    listLineId: integer('list_line_id').references(() => materialListLines.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    specId: integer('spec_id')
      .notNull()
      .references(() => productSpecs.id),
    unitId: smallint('unit_id').notNull(),
    quantity: qty('quantity').notNull(),
    unitPriceFen: fen('unit_price_fen').notNull(),
    requiredBy: date('required_by'),
    /** What shipments against the order took of the line (the gate adds under a row lock; void gives back). */
    shippedQuantity: qty('shipped_quantity').notNull().default('0'),
  },
  (t) => [
    uniqueIndex('purchase_order_lines_no_uq').on(t.orderId, t.lineNo),
    index('purchase_order_lines_list_line_idx').on(t.listLineId).where(sql`${t.listLineId} is not null`),
    check('purchase_order_lines_quantity_ck', sql`${t.quantity} > 0`),
    check('purchase_order_lines_price_ck', sql`${t.unitPriceFen} >= 0`),
    check('purchase_order_lines_shipped_ck', sql`${t.shippedQuantity} >= 0 and ${t.shippedQuantity} <= ${t.quantity}`),
  ],
);

/** A shipment drafted against an order (like sales_contract_shipments): the gate draws the order down when it ships. */
export const purchaseOrderShipments = pgTable(
  'purchase_order_shipments',
  {
    shipmentId: integer('shipment_id')
      .primaryKey()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => purchaseOrders.id),
  },
  (t) => [index('purchase_order_shipments_order_idx').on(t.orderId)],
);

/** What each shipped line took of an order line (written by the gate when the shipment ships). */
export const purchaseOrderShipmentLines = pgTable(
  'purchase_order_shipment_lines',
  {
    shipmentLineId: integer('shipment_line_id')
      .primaryKey()
      .references(() => shipmentLines.id, { onDelete: 'cascade' }),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .notNull()
      .references(() => purchaseOrders.id),
    orderLineId: integer('order_line_id')
      .notNull()
      .references(() => purchaseOrderLines.id),
    quantity: qty('quantity').notNull(),
  },
  (t) => [
    index('purchase_order_shipment_lines_order_line_idx').on(t.orderLineId),
    index('purchase_order_shipment_lines_order_idx').on(t.orderId),
    check('purchase_order_shipment_lines_quantity_ck', sql`${t.quantity} > 0`),
  ],
);

// ---- alternates ----

/** A ranked backup supplier of a list line (modelled on Odoo's alternative RFQs: kept with a reason). */
export const alternateSuppliers = pgTable(
  'alternate_suppliers',
  {
    id: id(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id),
    listLineId: integer('list_line_id')
      .notNull()
      .references(() => materialListLines.id),
    rank: smallint('rank').notNull(),
    supplierOrgId: integer('supplier_org_id')
      .notNull()
      .references(() => organizations.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    specId: integer('spec_id')
      .notNull()
      .references(() => productSpecs.id),
    quoteId: integer('quote_id').references(() => quotes.id),
    quotedUnitPriceFen: fen('quoted_unit_price_fen'),
    /** Why it is a good backup, and why it is not the primary. */
    reason: text('reason').notNull(),
    notPrimaryReason: text('not_primary_reason'),
    validUntil: date('valid_until'),
    /** AlternateStatus. */
    status: text('status').notNull().default('standby'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('alternate_suppliers_choice_uq').on(t.listLineId, t.supplierOrgId, t.specId),
    index('alternate_suppliers_project_idx').on(t.projectId, t.listLineId, t.rank),
    check('alternate_suppliers_rank_ck', sql`${t.rank} between 1 and 99`),
    check('alternate_suppliers_status_ck', sql`${t.status} in ('standby', 'proposed', 'switched', 'dismissed')`),
    check('alternate_suppliers_price_ck', sql`${t.quotedUnitPriceFen} is null or ${t.quotedUnitPriceFen} >= 0`),
  ],
);
