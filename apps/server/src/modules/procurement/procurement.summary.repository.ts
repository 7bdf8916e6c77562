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
import { deliveredPerOrderLine } from './procurement.delivery.ts';

/**
 * The summaries' SQL (docs/procurement.md, "Summaries"): one row per material-list line with its budget, ordered and
 * delivered figures aggregated in the database, the distinct (evidence, arrival day) pairs of what was delivered,
 * and per line the delivered quantity whose pair was green. Three statements whatever the number of lines.
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
  deliveredQuantity: string;
  deliveredFen: number;
}

/** The lines with their budget (quantity × budget unit price), ordered and delivered (accepted at the gate). */
export async function summaryLines(tx: Tx, scope: SummaryScope): Promise<SummaryLineRow[]> {
  const ordered = tx
    .select({
      listLineId: purchaseOrderLines.listLineId,
      orderedQuantity: sql<string>`sum(${purchaseOrderLines.quantity})`.as('ordered_quantity'),
      orderedFen: sql<string>`round(sum(${purchaseOrderLines.quantity} * ${purchaseOrderLines.unitPriceFen}))`.as(
        'ordered_fen',
      ),
      deliveredQuantity: sql<string>`coalesce(sum(d.delivered), 0)`.as('delivered_quantity'),
      deliveredFen: sql<string>`round(coalesce(sum(d.delivered * ${purchaseOrderLines.unitPriceFen}), 0))`.as(
        'delivered_fen',
      ),
    })
    .from(purchaseOrderLines)
    .innerJoin(purchaseOrders, and(eq(purchaseOrders.id, purchaseOrderLines.orderId), orderCounts))
    .leftJoin(sql`${deliveredPerOrderLine} as d`, sql`d.order_line_id = ${purchaseOrderLines.id}`)
    .where(inArray(purchaseOrders.projectId, [...scope.projectIds]))
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
      deliveredQuantity: ordered.deliveredQuantity,
      deliveredFen: ordered.deliveredFen,
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
    deliveredQuantity: r.deliveredQuantity ?? '0',
    deliveredFen: Number(r.deliveredFen ?? 0),
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

const evidenceKey = sql<string>`concat_ws('|', coalesce(${shipmentLines.evidence}->>'kind', ''), coalesce(${shipmentLines.evidence}->>'validUntil', ''), coalesce(${shipmentLines.evidence}->>'asOf', ''), coalesce(${shipmentLines.evidence}->>'valid', ''), ${receipts.arrivedOn}::text)`;

/** The accepted receipt lines of the scope's lines, joined to their shipment line, receipt and list line. */
function arrivals<T extends Record<string, unknown>>(tx: Tx, scope: SummaryScope, fields: T, extra?: SQL) {
  return tx
    .select(fields as never)
    .from(receiptLines)
    .innerJoin(receipts, eq(receipts.id, receiptLines.receiptId))
    .innerJoin(shipmentLines, eq(shipmentLines.id, receiptLines.shipmentLineId))
    .innerJoin(purchaseOrderShipmentLines, eq(purchaseOrderShipmentLines.shipmentLineId, receiptLines.shipmentLineId))
    .innerJoin(purchaseOrderLines, eq(purchaseOrderLines.id, purchaseOrderShipmentLines.orderLineId))
    .innerJoin(purchaseOrders, and(eq(purchaseOrders.id, purchaseOrderLines.orderId), orderCounts))
    .innerJoin(materialListLines, eq(materialListLines.id, purchaseOrderLines.listLineId))
    .where(and(lineConditions(scope), sql`${receiptLines.accepted} > 0`, extra));
}

/** The distinct (evidence snapshot, arrival day) pairs of what was accepted: few, whatever the receipts. */
export async function arrivalEvidence(tx: Tx, scope: SummaryScope): Promise<(ArrivalEvidence & { key: string })[]> {
  const rows = await arrivals(tx, scope, {
    key: evidenceKey,
    kind: sql<string | null>`${shipmentLines.evidence}->>'kind'`,
    validUntil: sql<string | null>`${shipmentLines.evidence}->>'validUntil'`,
    asOf: sql<string | null>`${shipmentLines.evidence}->>'asOf'`,
    valid: sql<boolean>`coalesce((${shipmentLines.evidence}->>'valid')::boolean, false)`,
    arrivedOn: sql<string>`${receipts.arrivedOn}::text`,
  }).groupBy(sql`1, 2, 3, 4, 5, 6`);
  return rows as unknown as (ArrivalEvidence & { key: string })[];
}

/** Per line, the accepted quantity whose (evidence, arrival day) pair is one of `greenKeys`. */
export async function greenDeliveredPerLine(
  tx: Tx,
  scope: SummaryScope,
  greenKeys: readonly string[],
): Promise<Map<number, string>> {
  if (greenKeys.length === 0) return new Map();
  const rows = await arrivals(
    tx,
    scope,
    { lineId: materialListLines.id, green: sql<string>`sum(${receiptLines.accepted})` },
    sql`${evidenceKey} in (select jsonb_array_elements_text(${JSON.stringify(greenKeys)}::jsonb))`,
  ).groupBy(materialListLines.id);
  return new Map((rows as unknown as { lineId: number; green: string }[]).map((r) => [r.lineId, r.green]));
}
