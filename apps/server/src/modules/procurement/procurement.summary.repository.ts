import { MembershipStatus } from '@jcbb/contract';
import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  materialListLines,
  productSpecs,
  products,
  projectOrgs,
  projects,
  purchaseOrderLines,
  purchaseOrderShipmentLines,
  purchaseOrders,
  receiptLines,
  receipts,
  shipmentLines,
} from '../../db/schema/index.ts';

/**
 * The summaries' SQL (docs/procurement.md, "Summaries"): one row per material-list line with its budget and ordered
 * figures aggregated in the database, and what was accepted at the gate grouped by (evidence, arrival day) pair
 * with its lines' quantities. Two statements whatever the number of lines or receipts.
 */

export interface SummaryScope {
  projectIds: readonly number[];
  /** yyyy-mm-dd, inclusive / exclusive bounds of the required-by date. */
  fromDay: string | null;
  beforeDay: string | null;
}

/** The projects the caller's organisation buys for: its own (developer) and those it has joined (accepted). */
export async function buyerProjects(tx: Tx, orgId: number, projectId?: number) {
  return tx
    .select({
      id: projects.id,
      name: projects.name,
      inPolicyScope: projects.inPolicyScope,
      standardEdition: projects.standardEdition,
    })
    .from(projectOrgs)
    .innerJoin(projects, eq(projects.id, projectOrgs.projectId))
    .where(
      and(
        eq(projectOrgs.orgId, orgId),
        eq(projectOrgs.status, MembershipStatus.ACCEPTED),
        projectId === undefined ? undefined : eq(projects.id, projectId),
      ),
    )
    .orderBy(asc(projects.id));
}

function lineConditions(scope: SummaryScope): SQL {
  return and(
    inArray(materialListLines.projectId, [...scope.projectIds]),
    sql`${materialListLines.removedAt} is null`,
    scope.fromDay ? sql`${materialListLines.requiredBy} >= ${scope.fromDay}::date` : undefined,
    scope.beforeDay ? sql`${materialListLines.requiredBy} < ${scope.beforeDay}::date` : undefined,
  ) as SQL;
}

/** Orders that count as ordered: sent to the supplier and not cancelled. */
const orderCounts = sql`${purchaseOrders.status} not in ('draft', 'cancelled')`;

export interface SummaryLineRow {
  id: number;
  projectId: number;
  lineNo: number;
  classifyCode: string;
  commonName: string;
  spec: string | null;
  unitId: number;
  quantity: string;
  requiredBy: string;
  budgetFen: number;
  productId: number | null;
  productName: string | null;
  orderedQuantity: string;
  orderedFen: number;
}

/**
 * The lines with their budget (quantity × budget unit price) and what was ordered of them. The order lines are the
 * scope's projects' own (orders neither draft nor cancelled), grouped per list line before the join: what was
 * delivered comes from `arrivalsByEvidence`, in the same pass as its evidence.
 */
export async function summaryLines(tx: Tx, scope: SummaryScope): Promise<SummaryLineRow[]> {
  const ordered = tx
    .select({
      listLineId: purchaseOrderLines.listLineId,
      orderedQuantity: sql<string>`sum(${purchaseOrderLines.quantity})`.as('ordered_quantity'),
      orderedFen: sql<string>`round(sum(${purchaseOrderLines.quantity} * ${purchaseOrderLines.unitPriceFen}))`.as(
        'ordered_fen',
      ),
    })
    .from(purchaseOrders)
    .innerJoin(purchaseOrderLines, eq(purchaseOrderLines.orderId, purchaseOrders.id))
    .where(and(inArray(purchaseOrders.projectId, [...scope.projectIds]), orderCounts))
    .groupBy(purchaseOrderLines.listLineId)
    .as('ordered');
  const rows = await tx
    .select({
      id: materialListLines.id,
      projectId: materialListLines.projectId,
      lineNo: materialListLines.lineNo,
      classifyCode: materialListLines.classifyCode,
      commonName: materialListLines.commonName,
      spec: materialListLines.spec,
      unitId: materialListLines.unitId,
      quantity: materialListLines.quantity,
      requiredBy: materialListLines.requiredBy,
      budgetFen: sql<string>`round(${materialListLines.quantity} * ${materialListLines.budgetUnitPriceFen})`,
      productId: productSpecs.productId,
      productName: products.name,
      orderedQuantity: ordered.orderedQuantity,
      orderedFen: ordered.orderedFen,
    })
    .from(materialListLines)
    .leftJoin(ordered, eq(ordered.listLineId, materialListLines.id))
    .leftJoin(productSpecs, eq(productSpecs.id, materialListLines.chosenSpecId))
    .leftJoin(products, eq(products.id, productSpecs.productId))
    .where(lineConditions(scope))
    .orderBy(asc(materialListLines.projectId), asc(materialListLines.lineNo), asc(materialListLines.id));
  return rows.map((r) => ({
    ...r,
    budgetFen: Number(r.budgetFen),
    orderedQuantity: r.orderedQuantity ?? '0',
    orderedFen: Number(r.orderedFen ?? 0),
  }));
}

/** The evidence a shipped line carried (its snapshot at the ship date) and the day it arrived. */
export interface ArrivalEvidence {
  kind: string | null;
  validUntil: string | null;
  asOf: string | null;
  valid: boolean;
  arrivedOn: string;
}

/** What was accepted with one (evidence, arrival day) pair: per list line, the quantity and its value in fen. */
export interface ArrivalGroup extends ArrivalEvidence {
  listLineIds: number[];
  /** Numeric text, one per list line. */
  accepted: string[];
  /** Σ accepted × the order line's unit price, numeric text (not rounded), one per list line. */
  valueFen: string[];
}

/**
 * Everything accepted at the gate for the scope's projects' orders (neither draft nor cancelled), in ONE pass over
 * the receipts: the receipt lines of the shipment lines that took from the projects' order lines
 * (purchase_order_shipment_lines, by order: the same quantity as `deliveredPerOrderLine`, restricted to these orders
 * first), grouped by the shipment line's evidence snapshot and the receipt's arrival day. The pairs are few (a
 * certificate's snapshot × the days it arrived), each carrying its list lines' quantities as arrays: the caller
 * judges each pair once with the contract's `greenOn` and sums per line, so no statement runs a second time over
 * the receipts and no per-row key is built.
 */
export async function arrivalsByEvidence(tx: Tx, scope: SummaryScope): Promise<ArrivalGroup[]> {
  const perLine = tx
    .select({
      listLineId: sql<number>`${purchaseOrderLines.listLineId}`.as('list_line_id'),
      kind: sql<string | null>`${shipmentLines.evidence}->>'kind'`.as('kind'),
      validUntil: sql<string | null>`${shipmentLines.evidence}->>'validUntil'`.as('valid_until'),
      asOf: sql<string | null>`${shipmentLines.evidence}->>'asOf'`.as('as_of'),
      valid: sql<boolean>`coalesce((${shipmentLines.evidence}->>'valid')::boolean, false)`.as('valid'),
      arrivedOn: sql<string>`${receipts.arrivedOn}`.as('arrived_on'),
      accepted: sql<string>`sum(${receiptLines.accepted})`.as('accepted'),
      valueFen: sql<string>`sum(${receiptLines.accepted} * ${purchaseOrderLines.unitPriceFen})`.as('value_fen'),
    })
    .from(purchaseOrders)
    .innerJoin(purchaseOrderShipmentLines, eq(purchaseOrderShipmentLines.orderId, purchaseOrders.id))
    .innerJoin(purchaseOrderLines, eq(purchaseOrderLines.id, purchaseOrderShipmentLines.orderLineId))
    .innerJoin(receiptLines, eq(receiptLines.shipmentLineId, purchaseOrderShipmentLines.shipmentLineId))
    .innerJoin(receipts, eq(receipts.id, receiptLines.receiptId))
    .innerJoin(shipmentLines, eq(shipmentLines.id, purchaseOrderShipmentLines.shipmentLineId))
    .where(
      and(
        inArray(purchaseOrders.projectId, [...scope.projectIds]),
        orderCounts,
        sql`${purchaseOrderLines.listLineId} is not null`,
        sql`${receiptLines.accepted} > 0`,
      ),
    )
    .groupBy(sql`1, 2, 3, 4, 5, 6`)
    .as('per_line');
  const rows = await tx
    .select({
      kind: perLine.kind,
      validUntil: perLine.validUntil,
      asOf: perLine.asOf,
      valid: perLine.valid,
      arrivedOn: sql<string>`${perLine.arrivedOn}::text`,
      listLineIds: sql<number[]>`array_agg(${perLine.listLineId})`,
      accepted: sql<string[]>`array_agg(${perLine.accepted})::text[]`,
      valueFen: sql<string[]>`array_agg(${perLine.valueFen})::text[]`,
    })
    .from(perLine)
    .groupBy(perLine.kind, perLine.validUntil, perLine.asOf, perLine.valid, perLine.arrivedOn);
  return rows as ArrivalGroup[];
}
