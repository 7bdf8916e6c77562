import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
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
import { createdAt, id, qty, tstz } from './columns.ts';
import { ledgerEntries } from './ledger.ts';
import { organizations } from './organization.ts';
import { productSpecs, products } from './product.ts';
import { projects } from './project.ts';

/*
 * Traceability (modules/trace, docs/traceability.md). Quantities are numeric(18,3) in the specification's unit and
 * come back as strings; the repository turns them into numbers at the edge.
 *
 * Stock holders are an organisation or a project. `holder_key` ('org:12', 'project:5') is the one key of a holder
 * in balances and moves; holder_org_id / holder_project_id repeat it for joins, and a CHECK keeps them in step.
 */

/** An organisation's factories, warehouses, sites and offices (addressManagement). */
export const addresses = pgTable(
  'addresses',
  {
    id: id(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    /** AddressKind: factory, warehouse, site, office. */
    kind: text('kind').notNull(),
    name: text('name').notNull(),
    /** GB/T 2260 county code. */
    regionCode: text('region_code').notNull(),
    detail: text('detail').notNull(),
    contactName: text('contact_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    enabled: boolean('enabled').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('addresses_org_idx').on(t.orgId, t.kind),
    uniqueIndex('addresses_one_default_uq').on(t.orgId, t.kind).where(sql`${t.isDefault}`),
    check('addresses_kind_ck', sql`${t.kind} in ('factory', 'warehouse', 'site', 'office')`),
    check('addresses_default_enabled_ck', sql`not ${t.isDefault} or ${t.enabled}`),
  ],
);

/** A production lot (batch) of one specification model, with its evidence as of the production date. */
export const lots = pgTable(
  'lots',
  {
    id: id(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    /** LotOrigin: 'platform' (a maker's lot of a listed specification) or 'external' (recorded at a site, bought off the platform). */
    origin: text('origin').notNull().default('platform'),
    /** Null only for an external lot: its material is described by the site's record (construction module). */
    productId: integer('product_id').references(() => products.id),
    specId: integer('spec_id').references(() => productSpecs.id),
    batchNo: text('batch_no').notNull(),
    productionDate: date('production_date').notNull(),
    expiryDate: date('expiry_date'),
    quantity: qty('quantity').notNull(),
    /** Upload ids of the 合格证 and factory test report. */
    qualityDocs: jsonb('quality_docs').$type<number[]>().notNull().default([]),
    /** EvidenceSnapshot (contract trace.ts) as of the production date. */
    evidence: jsonb('evidence').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('lots_spec_batch_uq').on(t.specId, t.batchNo),
    index('lots_org_idx').on(t.orgId, t.id),
    index('lots_product_idx').on(t.productId),
    // GS1 AI 10 batch (GB/T 33993): 1–20 characters of GS1 set 82 without % & / < > ?, not starting with = + - @
    // (a formula in a spreadsheet); the contract's BATCH_NO_PATTERN (migration 0014).
    check(
      'lots_batch_no_ck',
      sql`${t.origin} = 'external' or ${t.batchNo} ~ '^[!"''()*,.0-9:;A-Z_a-z][!"''()*+,.0-9:;=A-Z_a-z-]{0,19}$'`,
    ),
    check(
      'lots_origin_ck',
      sql`(${t.origin} = 'platform' and ${t.productId} is not null and ${t.specId} is not null) or (${t.origin} = 'external' and ${t.productId} is null and ${t.specId} is null)`,
    ),
    check('lots_quantity_ck', sql`${t.quantity} > 0`),
    check('lots_expiry_ck', sql`${t.expiryDate} is null or ${t.expiryDate} >= ${t.productionDate}`),
  ],
);

/** One trace code: an item, a package of items or a pallet (aggregation through parent_code). */
export const traceCodes = pgTable(
  'trace_codes',
  {
    code: text('code').primaryKey(),
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id),
    specId: integer('spec_id').notNull(),
    /** CodeLevel: item, package, pallet. */
    level: text('level').notNull(),
    /** Units of the specification the code stands for (a package: the sum of its items). */
    quantity: qty('quantity').notNull(),
    parentCode: text('parent_code'),
    /** CodeStatus. */
    status: text('status').notNull().default('active'),
    /** Who holds it now ('org:12', 'project:5'). */
    holderKey: text('holder_key').notNull(),
    /** The first project it was received at, for the two-sites alert. */
    receivedProjectId: integer('received_project_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('trace_codes_lot_idx').on(t.lotId, t.level),
    index('trace_codes_parent_idx').on(t.parentCode).where(sql`${t.parentCode} is not null`),
    check('trace_codes_code_ck', sql`${t.code} ~ '^[A-Z2-7]{20}$'`),
    check('trace_codes_level_ck', sql`${t.level} in ('item', 'package', 'pallet')`),
    check('trace_codes_quantity_ck', sql`${t.quantity} > 0`),
    check(
      'trace_codes_status_ck',
      sql`${t.status} in ('active', 'in_transit', 'held', 'rejected', 'returned', 'installed', 'consumed', 'recalled')`,
    ),
  ],
);

/** A shipment (发货单): from an organisation (or, for a return, a project it works on) to an organisation or project. */
export const shipments = pgTable(
  'shipments',
  {
    id: id(),
    number: text('number').notNull(),
    /** The shipping organisation. */
    fromOrgId: integer('from_org_id')
      .notNull()
      .references(() => organizations.id),
    /** The holder the goods leave ('org:12', or 'project:5' for a return from a site). */
    fromHolderKey: text('from_holder_key').notNull(),
    fromProjectId: integer('from_project_id').references(() => projects.id),
    fromAddressId: integer('from_address_id'),
    /** DestinationKind: org or project. */
    toKind: text('to_kind').notNull(),
    toOrgId: integer('to_org_id').references(() => organizations.id),
    toProjectId: integer('to_project_id').references(() => projects.id),
    toHolderKey: text('to_holder_key').notNull(),
    toAddressId: integer('to_address_id'),
    /** Address texts as shipped (addresses change; the document does not). */
    fromAddressText: text('from_address_text'),
    toAddressText: text('to_address_text'),
    /** County codes of both ends (the dashboards' districts, the public page's cities). */
    fromRegionCode: text('from_region_code'),
    toRegionCode: text('to_region_code'),
    shipDate: date('ship_date').notNull(),
    plannedArrival: date('planned_arrival'),
    transportType: smallint('transport_type').notNull(),
    distanceKm: numeric('distance_km', { precision: 8, scale: 1 }).notNull(),
    /** DistanceSource: measured, default_40, default_500. */
    distanceSource: text('distance_source').notNull(),
    vehiclePlate: text('vehicle_plate'),
    /** ShipmentStatus 1–7. */
    status: smallint('status').notNull().default(1),
    remarks: text('remarks'),
    closeReason: text('close_reason'),
    /** Derived when shipped: total mass (null = some line has no mass per unit) and transport emissions. */
    massKg: numeric('mass_kg', { precision: 18, scale: 3 }),
    kgCo2e: numeric('kg_co2e', { precision: 18, scale: 3 }),
    missingMassLines: integer('missing_mass_lines').notNull().default(0),
    /** A return of goods rejected on this receipt. */
    returnOfReceiptId: integer('return_of_receipt_id'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    shippedAt: tstz('shipped_at'),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipments_number_uq').on(t.number),
    index('shipments_from_idx').on(t.fromOrgId, t.status, t.id),
    index('shipments_to_org_idx').on(t.toOrgId, t.status, t.id).where(sql`${t.toOrgId} is not null`),
    index('shipments_to_project_idx').on(t.toProjectId, t.status, t.id).where(sql`${t.toProjectId} is not null`),
    check('shipments_status_ck', sql`${t.status} between 1 and 7`),
    check('shipments_transport_ck', sql`${t.transportType} between 1 and 16`),
    check('shipments_distance_ck', sql`${t.distanceKm} > 0`),
    check('shipments_distance_source_ck', sql`${t.distanceSource} in ('measured', 'default_40', 'default_500')`),
    check(
      'shipments_to_ck',
      sql`(${t.toKind} = 'org' and ${t.toOrgId} is not null and ${t.toProjectId} is null) or (${t.toKind} = 'project' and ${t.toProjectId} is not null)`,
    ),
    check('shipments_not_to_self_ck', sql`${t.fromHolderKey} <> ${t.toHolderKey}`),
  ],
);

/** One line of a shipment: a lot of a specification, its quantity, and what the receipts made of it. */
export const shipmentLines = pgTable(
  'shipment_lines',
  {
    id: id(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    lineNo: smallint('line_no').notNull(),
    productId: integer('product_id').notNull(),
    specId: integer('spec_id').notNull(),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id),
    unitId: integer('unit_id').notNull(),
    quantity: qty('quantity').notNull(),
    /** Mass per unit when shipped (kg), null when the specification has none. */
    massPerUnitKg: numeric('mass_per_unit_kg', { precision: 14, scale: 4 }),
    /** EvidenceSnapshot as of the ship date (taken when shipped). */
    evidence: jsonb('evidence'),
    accepted: qty('accepted').notNull().default('0'),
    rejected: qty('rejected').notNull().default('0'),
    cancelled: qty('cancelled').notNull().default('0'),
  },
  (t) => [
    uniqueIndex('shipment_lines_no_uq').on(t.shipmentId, t.lineNo),
    index('shipment_lines_lot_idx').on(t.lotId),
    check('shipment_lines_quantity_ck', sql`${t.quantity} > 0`),
    check(
      'shipment_lines_outcome_ck',
      sql`${t.accepted} >= 0 and ${t.rejected} >= 0 and ${t.cancelled} >= 0 and ${t.accepted} + ${t.rejected} + ${t.cancelled} <= ${t.quantity}`,
    ),
  ],
);

/**
 * The codes a shipment line carries (top-level codes; a package's items travel with it). `open` is true while the
 * shipment is a draft or on its way: one code is in one open shipment at most (partial unique index).
 */
export const shipmentCodes = pgTable(
  'shipment_codes',
  {
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    lineId: integer('line_id')
      .notNull()
      .references(() => shipmentLines.id, { onDelete: 'cascade' }),
    code: text('code')
      .notNull()
      .references(() => traceCodes.code),
    open: boolean('open').notNull().default(true),
    /** null until received: accepted or rejected. */
    outcome: text('outcome'),
  },
  (t) => [
    primaryKey({ columns: [t.shipmentId, t.code] }),
    uniqueIndex('shipment_codes_one_open_uq').on(t.code).where(sql`${t.open}`),
    index('shipment_codes_line_idx').on(t.lineId),
    index('shipment_codes_code_idx').on(t.code),
    check('shipment_codes_outcome_ck', sql`${t.outcome} is null or ${t.outcome} in ('accepted', 'rejected')`),
  ],
);

/** A receipt (收货单): what arrived of a shipment, final once made. */
export const receipts = pgTable(
  'receipts',
  {
    id: id(),
    number: text('number').notNull(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id),
    /** The receiving organisation (for a project: the construction unit that received). */
    receiverOrgId: integer('receiver_org_id')
      .notNull()
      .references(() => organizations.id),
    holderKey: text('holder_key').notNull(),
    arrivedOn: date('arrived_on').notNull(),
    deliveryNoteNo: text('delivery_note_no'),
    remarks: text('remarks'),
    photos: jsonb('photos').$type<number[]>().notNull().default([]),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('receipts_number_uq').on(t.number), index('receipts_shipment_idx').on(t.shipmentId)],
);

export const receiptLines = pgTable(
  'receipt_lines',
  {
    id: id(),
    receiptId: integer('receipt_id')
      .notNull()
      .references(() => receipts.id, { onDelete: 'cascade' }),
    shipmentLineId: integer('shipment_line_id')
      .notNull()
      .references(() => shipmentLines.id),
    received: qty('received').notNull(),
    accepted: qty('accepted').notNull(),
    rejected: qty('rejected').notNull(),
    /** RejectReason, required when rejected > 0. */
    rejectReason: text('reject_reason'),
    rejectedCodes: jsonb('rejected_codes').$type<string[]>().notNull().default([]),
  },
  (t) => [
    uniqueIndex('receipt_lines_uq').on(t.receiptId, t.shipmentLineId),
    // What arrived of a shipment line (procurement's delivered quantities: its summaries, deliveredPerOrderLine).
    index('receipt_lines_shipment_line_idx').on(t.shipmentLineId),
    check(
      'receipt_lines_quantities_ck',
      sql`${t.accepted} >= 0 and ${t.rejected} >= 0 and ${t.received} = ${t.accepted} + ${t.rejected} and ${t.received} > 0`,
    ),
    check('receipt_lines_reason_ck', sql`${t.rejected} = 0 or ${t.rejectReason} is not null`),
  ],
);

/**
 * Stock balances per holder, specification, lot and bucket (usable | rejected). A cache of the ledger below,
 * updated in the same transaction as each move after `SELECT … FOR UPDATE`; the CHECK is the last guard against
 * negative stock (docs/traceability.md, "Stock").
 */
export const stockBalances = pgTable(
  'stock_balances',
  {
    holderKey: text('holder_key').notNull(),
    holderOrgId: integer('holder_org_id'),
    holderProjectId: integer('holder_project_id'),
    /** The lot's specification (null for an external lot); the lot decides it, so it is not part of the key. */
    specId: integer('spec_id'),
    lotId: integer('lot_id')
      .notNull()
      .references(() => lots.id),
    bucket: text('bucket').notNull(),
    quantity: qty('quantity').notNull(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.holderKey, t.lotId, t.bucket] }),
    index('stock_balances_org_idx').on(t.holderOrgId).where(sql`${t.holderOrgId} is not null`),
    index('stock_balances_project_idx').on(t.holderProjectId).where(sql`${t.holderProjectId} is not null`),
    check('stock_balances_non_negative_ck', sql`${t.quantity} >= 0`),
    check('stock_balances_bucket_ck', sql`${t.bucket} in ('usable', 'quarantined', 'rejected')`),
    check(
      'stock_balances_holder_ck',
      sql`(${t.holderOrgId} is not null and ${t.holderProjectId} is null and ${t.holderKey} = 'org:' || ${t.holderOrgId}) or (${t.holderProjectId} is not null and ${t.holderOrgId} is null and ${t.holderKey} = 'project:' || ${t.holderProjectId})`,
    ),
  ],
);

/** The stock ledger: one row per move, append-only (a trigger refuses UPDATE and DELETE). */
export const stockMoves = pgTable(
  'stock_moves',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    holderKey: text('holder_key').notNull(),
    holderOrgId: integer('holder_org_id'),
    holderProjectId: integer('holder_project_id'),
    specId: integer('spec_id'),
    lotId: integer('lot_id').notNull(),
    bucket: text('bucket').notNull(),
    /** Signed: + in, − out. */
    quantity: qty('quantity').notNull(),
    balanceAfter: qty('balance_after').notNull(),
    /** StockMoveReason. */
    reason: text('reason').notNull(),
    /** lot, shipment, receipt, adjustment. */
    docType: text('doc_type').notNull(),
    docId: integer('doc_id'),
    occurredAt: tstz('occurred_at').notNull(),
    recordedAt: createdAt(),
    userId: integer('user_id'),
  },
  (t) => [
    index('stock_moves_card_idx').on(t.holderKey, t.specId, t.lotId, t.id),
    index('stock_moves_doc_idx').on(t.docType, t.docId),
    check('stock_moves_quantity_ck', sql`${t.quantity} <> 0`),
    check('stock_moves_balance_ck', sql`${t.balanceAfter} >= 0`),
    check('stock_moves_bucket_ck', sql`${t.bucket} in ('usable', 'quarantined', 'rejected')`),
    check(
      'stock_moves_reason_ck',
      sql`${t.reason} in ('produce', 'ship', 'receive', 'reject', 'return', 'void', 'adjust', 'count', 'release', 'issue', 'unissue', 'destroy')`,
    ),
  ],
);

/**
 * A GS1 EPCIS 2.0 event the platform recorded (commissioning, shipping, receiving, …). `document` is the event as
 * JSON-LD without personal data; `event_id` its CBV 2.0 hash id; `leaf_index` the evidence-ledger entry carrying it.
 */
export const traceEvents = pgTable(
  'trace_events',
  {
    id: id(),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    bizStep: text('biz_step').notNull(),
    disposition: text('disposition'),
    eventTime: tstz('event_time').notNull(),
    /** The organisation that recorded it, and the county it happened in. */
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    regionCode: text('region_code'),
    lotId: integer('lot_id'),
    shipmentId: integer('shipment_id'),
    receiptId: integer('receipt_id'),
    document: jsonb('document').notNull(),
    leafIndex: bigint('leaf_index', { mode: 'number' }).references(() => ledgerEntries.leafIndex),
    contentSha256: text('content_sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('trace_events_event_id_uq').on(t.eventId),
    index('trace_events_shipment_idx').on(t.shipmentId).where(sql`${t.shipmentId} is not null`),
    index('trace_events_lot_idx').on(t.lotId).where(sql`${t.lotId} is not null`),
  ],
);

/** Which codes an event names (a shipment of 10 000 codes: 10 000 rows), for the public page's lookup. */
export const traceEventCodes = pgTable(
  'trace_event_codes',
  {
    code: text('code').notNull(),
    eventId: integer('event_id')
      .notNull()
      .references(() => traceEvents.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.code, t.eventId] })],
);

/** Scans of the public page, counted per code and day; no personal data is stored. */
export const traceScanCounts = pgTable(
  'trace_scan_counts',
  {
    code: text('code').notNull(),
    day: date('day').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.code, t.day] })],
);

/** Risks a scan or a receipt raised (a code at two sites, scanned after receipt); one per code and kind. */
export const traceAlerts = pgTable(
  'trace_alerts',
  {
    id: id(),
    code: text('code').notNull(),
    /** TraceAlertKind. */
    kind: text('kind').notNull(),
    /** The manufacturer told about it. */
    orgId: integer('org_id')
      .notNull()
      .references(() => organizations.id),
    shipmentId: integer('shipment_id'),
    details: jsonb('details').notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('trace_alerts_code_kind_uq').on(t.code, t.kind), index('trace_alerts_org_idx').on(t.orgId, t.id)],
);
