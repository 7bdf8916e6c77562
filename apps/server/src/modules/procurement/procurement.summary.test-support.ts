import { ProductDocumentKind } from '@jcbb/contract';
import type { Db } from '../../db/client.ts';
import {
  lots,
  materialListLines,
  materialLists,
  productDocuments,
  productSpecs,
  products,
  purchaseOrderLines,
  purchaseOrderShipmentLines,
  purchaseOrderShipments,
  purchaseOrders,
  receiptLines,
  receipts,
  shipmentLines,
  shipments,
} from '../../db/schema/index.ts';

/**
 * The summaries' fixtures, written straight into the procurement and trace tables (the other parts' calls do not
 * exist in this branch): a list with lines, orders, and deliveries with the evidence snapshot their shipment line
 * carried and the day they arrived.
 */

let seq = 0;
const next = () => {
  seq += 1;
  return `${Date.now().toString(36).toUpperCase()}${seq}`;
};
const idOf = (rows: { id: number }[]) => (rows[0] as { id: number }).id;

/** A product of `orgId` with one specification and, optionally, one piece of evidence. */
export async function addEvidencedProduct(
  db: Db,
  o: {
    orgId: number;
    userId: number;
    name: string;
    classifyCode: string;
    evidence?: { kind: 'certificate' | 'test_report'; name: string; validFrom: string; validUntil?: string };
  },
) {
  const productId = idOf(
    await db
      .insert(products)
      .values({ orgId: o.orgId, name: o.name, classifyCode: o.classifyCode, createdBy: o.userId })
      .returning({ id: products.id }),
  );
  const specId = idOf(
    await db
      .insert(productSpecs)
      .values({ productId, name: '标准规格', model: 'S-1', unitId: 32 })
      .returning({ id: productSpecs.id }),
  );
  if (o.evidence) {
    await db.insert(productDocuments).values({
      productId,
      kind: o.evidence.kind === 'certificate' ? ProductDocumentKind.GREEN_CERTIFICATE : ProductDocumentKind.TEST_REPORT,
      name: o.evidence.name,
      certNo: o.evidence.kind === 'certificate' ? o.evidence.name : null,
      validFrom: o.evidence.validFrom,
      validUntil: o.evidence.validUntil ?? null,
      createdBy: o.userId,
    });
  }
  return { productId, specId, orgId: o.orgId };
}

/** The project's material list (confirmed), empty. */
export async function addList(db: Db, o: { projectId: number; developerOrgId: number; userId: number }) {
  return idOf(
    await db
      .insert(materialLists)
      .values({ ...o, status: 'confirmed', confirmedAt: new Date(), confirmedBy: o.userId, createdBy: o.userId })
      .returning({ id: materialLists.id }),
  );
}

export async function addLine(
  db: Db,
  o: {
    listId: number;
    projectId: number;
    lineNo: number;
    classifyCode: string;
    commonName: string;
    quantity: string;
    budgetUnitPriceFen: number;
    requiredBy: string;
    chosenSpecId?: number;
    userId: number;
  },
) {
  return idOf(
    await db
      .insert(materialListLines)
      .values({ ...o, unitId: 32, createdBy: o.userId, chosenSpecId: o.chosenSpecId ?? null })
      .returning({ id: materialListLines.id }),
  );
}

/** An order with its lines (status as stored: draft, sent, confirmed, closed, cancelled). */
export async function addOrder(
  db: Db,
  o: {
    projectId: number;
    buyerOrgId: number;
    supplierOrgId: number;
    status: string;
    userId: number;
    lines: { listLineId: number; productId: number; specId: number; quantity: string; unitPriceFen: number }[];
  },
) {
  const orderId = idOf(
    await db
      .insert(purchaseOrders)
      .values({
        number: `PO${next()}`,
        projectId: o.projectId,
        buyerOrgId: o.buyerOrgId,
        supplierOrgId: o.supplierOrgId,
        origin: 'direct',
        status: o.status,
        reason: '测试',
        createdBy: o.userId,
      })
      .returning({ id: purchaseOrders.id }),
  );
  const lineIds: number[] = [];
  for (const [i, l] of o.lines.entries()) {
    lineIds.push(
      idOf(
        await db
          .insert(purchaseOrderLines)
          .values({ orderId, lineNo: i + 1, unitId: 32, ...l })
          .returning({ id: purchaseOrderLines.id }),
      ),
    );
  }
  return { orderId, lineIds };
}

export interface EvidenceSnapshotInput {
  kind: 'certificate' | 'test_report' | 'none';
  name?: string;
  validUntil?: string | null;
  asOf: string;
}

/**
 * One shipment of one order line to the project, its line carrying `evidence` as of the ship date, received on
 * `arrivedOn` with `accepted` of `quantity` accepted (the rest rejected).
 */
export async function addDelivery(
  db: Db,
  o: {
    orderId: number;
    orderLineId: number;
    supplierOrgId: number;
    receiverOrgId: number;
    projectId: number;
    product: { productId: number; specId: number };
    quantity: string;
    accepted: string;
    evidence: EvidenceSnapshotInput;
    arrivedOn: string;
    userId: number;
  },
) {
  const lotId = idOf(
    await db
      .insert(lots)
      .values({
        orgId: o.supplierOrgId,
        productId: o.product.productId,
        specId: o.product.specId,
        batchNo: `B${next()}`,
        productionDate: o.evidence.asOf,
        quantity: o.quantity,
        evidence: {
          kind: 'none',
          name: null,
          certNo: null,
          valid: false,
          validUntil: null,
          leafIndex: null,
          asOf: o.evidence.asOf,
        },
        createdBy: o.userId,
      })
      .returning({ id: lots.id }),
  );
  const shipmentId = idOf(
    await db
      .insert(shipments)
      .values({
        number: `SH${next()}`,
        fromOrgId: o.supplierOrgId,
        fromHolderKey: `org:${o.supplierOrgId}`,
        toKind: 'project',
        toProjectId: o.projectId,
        toHolderKey: `project:${o.projectId}`,
        shipDate: o.evidence.asOf,
        transportType: 1,
        distanceKm: '40',
        distanceSource: 'default_40',
        status: 4,
        createdBy: o.userId,
        shippedAt: new Date(),
      })
      .returning({ id: shipments.id }),
  );
  const rejected = (Number(o.quantity) - Number(o.accepted)).toFixed(3);
  const shipmentLineId = idOf(
    await db
      .insert(shipmentLines)
      .values({
        shipmentId,
        lineNo: 1,
        productId: o.product.productId,
        specId: o.product.specId,
        lotId,
        unitId: 32,
        quantity: o.quantity,
        accepted: o.accepted,
        rejected,
        evidence: {
          kind: o.evidence.kind,
          name: o.evidence.name ?? null,
          certNo: o.evidence.kind === 'certificate' ? (o.evidence.name ?? null) : null,
          valid: o.evidence.kind !== 'none',
          validUntil: o.evidence.validUntil ?? null,
          leafIndex: null,
          asOf: o.evidence.asOf,
        },
      })
      .returning({ id: shipmentLines.id }),
  );
  await db.insert(purchaseOrderShipments).values({ shipmentId, orderId: o.orderId });
  await db.insert(purchaseOrderShipmentLines).values({
    shipmentLineId,
    shipmentId,
    orderId: o.orderId,
    orderLineId: o.orderLineId,
    quantity: o.quantity,
  });
  const receiptId = idOf(
    await db
      .insert(receipts)
      .values({
        number: `RC${next()}`,
        shipmentId,
        receiverOrgId: o.receiverOrgId,
        holderKey: `project:${o.projectId}`,
        arrivedOn: o.arrivedOn,
        createdBy: o.userId,
      })
      .returning({ id: receipts.id }),
  );
  await db.insert(receiptLines).values({
    receiptId,
    shipmentLineId,
    received: o.quantity,
    accepted: o.accepted,
    rejected,
    rejectReason: Number(rejected) > 0 ? 'damaged' : null,
  });
  return { shipmentId, shipmentLineId, receiptId };
}
