import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, id, qty, tstz } from './columns.ts';
import { uploads } from './file.ts';
import { organizations } from './organization.ts';
import { productSpecs, products } from './product.ts';
import { projects } from './project.ts';
import { shipmentLines, shipments } from './trace.ts';

/*
 * Distribution (modules/distribution, docs/distribution.md): a manufacturer's authorisations of a distributor
 * (授权书) with their signed, ledger-recorded versions; the distributor's own product records; its sales contracts
 * (经销合同). The quantities a cap or a contract allows are guarded here: `shipped_quantity` only grows through the
 * shipment gate under a row lock, and a CHECK refuses it beyond the cap or the contracted quantity.
 */

/**
 * One version of a manufacturer's authorisation of a distributor. Versions of one authorisation share `chain_id`
 * (the first version's id); issuing a new version marks the one it supersedes 'superseded'. The issued document is
 * kept as the exact canonical bytes that were signed and whose SHA-256 went on the evidence ledger; the PDF
 * letter is drawn from them on request.
 */
export const authorisations = pgTable(
  'authorisations',
  {
    id: id(),
    /** URL-safe random identifier, stable for this version's life (the letter's QR code, the public page). */
    publicId: text('public_id').notNull(),
    /** The letter's number shown on paper (AUyyyymmdd-nnnn), given on issue. */
    number: text('number'),
    chainId: integer('chain_id'),
    version: smallint('version').notNull().default(1),
    supersedesId: integer('supersedes_id'),
    makerOrgId: integer('maker_org_id')
      .notNull()
      .references(() => organizations.id),
    distributorOrgId: integer('distributor_org_id')
      .notNull()
      .references(() => organizations.id),
    /** AuthorisationKind: general (不特定项目) or project (特定项目, one project or tender). */
    kind: text('kind').notNull(),
    projectId: integer('project_id').references(() => projects.id),
    projectName: text('project_name'),
    tenderNo: text('tender_no'),
    exclusive: boolean('exclusive').notNull().default(false),
    /** GB/T 2260 codes at any level (320000 province, 320100 city, 320115 county). */
    regionCodes: text('region_codes').array().notNull(),
    validFrom: date('valid_from').notNull(),
    validUntil: date('valid_until').notNull(),
    afterSalesCommitment: text('after_sales_commitment'),
    supplyCommitment: text('supply_commitment'),
    signatoryName: text('signatory_name'),
    signatoryTitle: text('signatory_title'),
    /** Active at once on issue, without the distributor's acceptance. */
    autoAccept: boolean('auto_accept').notNull().default(false),
    /** AuthorisationStatus (stored; 'expired' is computed from valid_until when read). */
    status: text('status').notNull().default('draft'),
    statusReason: text('status_reason'),
    /** Canonical JSON of the issued scope (what was signed and put on the ledger). */
    content: text('content'),
    contentSha256: text('content_sha256'),
    /** Ed25519 signature over `content` by the platform's ledger key, hex. */
    signature: text('signature'),
    leafIndex: integer('leaf_index'),
    issuedAt: tstz('issued_at'),
    acceptedAt: tstz('accepted_at'),
    /** The last status change after issue (suspension, resumption, revocation): its signed statement and ledger entry. */
    statusChangedAt: tstz('status_changed_at'),
    statusContent: text('status_content'),
    /** Ed25519 signature over `status_content` by the platform's ledger key, hex (migration 0018). */
    statusSignature: text('status_signature'),
    statusLeafIndex: integer('status_leaf_index'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('authorisations_public_id_uq').on(t.publicId),
    uniqueIndex('authorisations_number_uq').on(t.number).where(sql`${t.number} is not null`),
    uniqueIndex('authorisations_chain_version_uq').on(t.chainId, t.version),
    index('authorisations_maker_idx').on(t.makerOrgId, t.status, t.validUntil),
    index('authorisations_distributor_idx').on(t.distributorOrgId, t.status, t.validUntil),
    check('authorisations_kind_ck', sql`${t.kind} in ('general', 'project')`),
    check(
      'authorisations_status_ck',
      sql`${t.status} in ('draft', 'issued', 'active', 'suspended', 'revoked', 'superseded')`,
    ),
    check('authorisations_period_ck', sql`${t.validUntil} >= ${t.validFrom}`),
    check('authorisations_regions_ck', sql`cardinality(${t.regionCodes}) >= 1`),
    check(
      'authorisations_project_ck',
      sql`${t.kind} = 'general' or ${t.projectId} is not null or ${t.projectName} is not null or ${t.tenderNo} is not null`,
    ),
    check('authorisations_not_self_ck', sql`${t.makerOrgId} <> ${t.distributorOrgId}`),
    check(
      'authorisations_issued_ck',
      sql`${t.status} = 'draft' or (${t.content} is not null and ${t.signature} is not null and ${t.number} is not null)`,
    ),
  ],
);

/**
 * What one authorisation covers: a product, all its specifications (spec_id null) or one, and an optional cap.
 * `shipped_quantity` is what shipments relying on this item have taken (the gate adds to it under a lock).
 */
export const authorisationItems = pgTable(
  'authorisation_items',
  {
    id: id(),
    authorisationId: integer('authorisation_id')
      .notNull()
      .references(() => authorisations.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    specId: integer('spec_id').references(() => productSpecs.id),
    quantityCap: qty('quantity_cap'),
    shippedQuantity: qty('shipped_quantity').notNull().default('0'),
  },
  (t) => [
    uniqueIndex('authorisation_items_scope_uq').on(t.authorisationId, t.productId, sql`coalesce(${t.specId}, 0)`),
    index('authorisation_items_product_idx').on(t.productId),
    check('authorisation_items_cap_ck', sql`${t.quantityCap} is null or ${t.quantityCap} > 0`),
    check(
      'authorisation_items_shipped_ck',
      sql`${t.shippedQuantity} >= 0 and (${t.quantityCap} is null or ${t.shippedQuantity} <= ${t.quantityCap})`,
    ),
  ],
);

/** Expiry reminders already sent (60, 30 and 7 days before the end), so each goes out once. */
export const authorisationReminders = pgTable(
  'authorisation_reminders',
  {
    authorisationId: integer('authorisation_id')
      .notNull()
      .references(() => authorisations.id, { onDelete: 'cascade' }),
    daysBefore: smallint('days_before').notNull(),
    sentAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.authorisationId, t.daysBefore] }),
    check('authorisation_reminders_days_ck', sql`${t.daysBefore} in (60, 30, 7)`),
  ],
);

/** A distributor's own record of a product it sells: its price and where it supplies from and to. */
export const distributorProducts = pgTable(
  'distributor_products',
  {
    id: id(),
    distributorOrgId: integer('distributor_org_id')
      .notNull()
      .references(() => organizations.id),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    specId: integer('spec_id').references(() => productSpecs.id),
    /** Price in fen per `price_unit` (one of the 37 units); null = on request. */
    priceFen: bigint('price_fen', { mode: 'number' }),
    priceUnit: text('price_unit'),
    /** Regions it supplies (GB/T 2260, any level). */
    supplyRegionCodes: text('supply_region_codes').array().notNull().default(sql`'{}'::text[]`),
    /** The distributor's warehouse addresses it ships from (trace addresses). */
    supplyAddressIds: integer('supply_address_ids').array().notNull().default(sql`'{}'::integer[]`),
    minOrderQuantity: qty('min_order_quantity'),
    leadDays: smallint('lead_days'),
    /** on_sale or off_sale. */
    status: text('status').notNull().default('on_sale'),
    remarks: text('remarks'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('distributor_products_scope_uq').on(t.distributorOrgId, t.productId, sql`coalesce(${t.specId}, 0)`),
    check('distributor_products_status_ck', sql`${t.status} in ('on_sale', 'off_sale')`),
    check('distributor_products_price_ck', sql`${t.priceFen} is null or ${t.priceFen} >= 0`),
    check('distributor_products_lead_ck', sql`${t.leadDays} is null or ${t.leadDays} >= 0`),
  ],
);

/**
 * A distributor's sales contract (经销合同) with a buyer on the platform or named by its credit code. Shipping
 * against it is allowed only while active; its lines' `shipped_quantity` never exceeds their quantity (CHECK).
 */
export const salesContracts = pgTable(
  'sales_contracts',
  {
    id: id(),
    number: text('number').notNull(),
    distributorOrgId: integer('distributor_org_id')
      .notNull()
      .references(() => organizations.id),
    buyerOrgId: integer('buyer_org_id').references(() => organizations.id),
    buyerName: text('buyer_name').notNull(),
    buyerCreditCode: text('buyer_credit_code'),
    projectId: integer('project_id').references(() => projects.id),
    projectName: text('project_name'),
    /** County code of the place of delivery (the project's, else typed): the authorisation check's region. */
    regionCode: text('region_code').notNull(),
    signedDate: date('signed_date'),
    validFrom: date('valid_from').notNull(),
    validUntil: date('valid_until').notNull(),
    amountFen: bigint('amount_fen', { mode: 'number' }).notNull().default(0),
    /** SalesContractStatus: draft, signed, active, completed, terminated. */
    status: text('status').notNull().default('draft'),
    statusReason: text('status_reason'),
    /** The signed contract's upload, hashed on the evidence ledger (doc type 4). */
    signedFileId: integer('signed_file_id').references(() => uploads.id),
    signedFileSha256: text('signed_file_sha256'),
    leafIndex: integer('leaf_index'),
    remarks: text('remarks'),
    createdBy: integer('created_by').notNull(),
    createdAt: createdAt(),
    updatedAt: tstz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sales_contracts_number_uq').on(t.distributorOrgId, t.number),
    index('sales_contracts_distributor_idx').on(t.distributorOrgId, t.status, t.id),
    index('sales_contracts_buyer_idx').on(t.buyerOrgId).where(sql`${t.buyerOrgId} is not null`),
    index('sales_contracts_project_idx').on(t.projectId).where(sql`${t.projectId} is not null`),
    check('sales_contracts_status_ck', sql`${t.status} in ('draft', 'signed', 'active', 'completed', 'terminated')`),
    check('sales_contracts_period_ck', sql`${t.validUntil} >= ${t.validFrom}`),
    check('sales_contracts_amount_ck', sql`${t.amountFen} >= 0`),
    check('sales_contracts_signed_ck', sql`${t.status} in ('draft') or ${t.signedFileId} is not null`),
  ],
);

/** One line of a sales contract: a specification, its quantity and unit price; what shipments took of it. */
export const salesContractLines = pgTable(
  'sales_contract_lines',
  {
    id: id(),
    contractId: integer('contract_id')
      .notNull()
      .references(() => salesContracts.id, { onDelete: 'cascade' }),
    lineNo: smallint('line_no').notNull(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    specId: integer('spec_id')
      .notNull()
      .references(() => productSpecs.id),
    quantity: qty('quantity').notNull(),
    unit: text('unit').notNull(),
    unitPriceFen: bigint('unit_price_fen', { mode: 'number' }).notNull(),
    shippedQuantity: qty('shipped_quantity').notNull().default('0'),
  },
  (t) => [
    uniqueIndex('sales_contract_lines_no_uq').on(t.contractId, t.lineNo),
    check('sales_contract_lines_quantity_ck', sql`${t.quantity} > 0`),
    check('sales_contract_lines_price_ck', sql`${t.unitPriceFen} >= 0`),
    check('sales_contract_lines_shipped_ck', sql`${t.shippedQuantity} >= 0 and ${t.shippedQuantity} <= ${t.quantity}`),
  ],
);

/**
 * What a distributor's shipment line relied on (one row per shipment line that the gate checked): the
 * authorisation item that covered it and, when shipped against a contract, the contract line it drew down.
 * Kept beside the traceability module's tables, not in them, so traceability does not know about distribution.
 */
export const shipmentLineAuthorisations = pgTable(
  'shipment_line_authorisations',
  {
    shipmentLineId: integer('shipment_line_id')
      .primaryKey()
      .references(() => shipmentLines.id, { onDelete: 'cascade' }),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    authorisationId: integer('authorisation_id')
      .notNull()
      .references(() => authorisations.id),
    authorisationItemId: integer('authorisation_item_id')
      .notNull()
      .references(() => authorisationItems.id),
    contractLineId: integer('contract_line_id').references(() => salesContractLines.id),
    quantity: qty('quantity').notNull(),
    checkedAt: createdAt(),
  },
  (t) => [
    index('shipment_line_authorisations_shipment_idx').on(t.shipmentId),
    index('shipment_line_authorisations_authorisation_idx').on(t.authorisationId),
  ],
);

/**
 * A shipment drafted against a sales contract (contractSendProduct): when it ships, the gate draws its lines down
 * from the contract's lines of the same specification. Beside traceability's tables, as above.
 */
export const salesContractShipments = pgTable(
  'sales_contract_shipments',
  {
    shipmentId: integer('shipment_id')
      .primaryKey()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    contractId: integer('contract_id')
      .notNull()
      .references(() => salesContracts.id),
    createdAt: createdAt(),
  },
  (t) => [index('sales_contract_shipments_contract_idx').on(t.contractId)],
);
