import type { Tx } from '../../db/client.ts';

/** One receipt line that entered a project's quarantined stock. */
export interface IntakeLine {
  receiptLineId: number;
  lotId: number;
  productId: number;
  specId: number;
  /** Accepted at the gate, now quarantined (in the specification's unit). */
  quantity: number;
}

/** A platform receipt into a project's stock, as the site module needs to know of it. */
export interface ProjectReceipt {
  receiptId: number;
  projectId: number;
  /** The construction unit that received, and who. */
  orgId: number;
  userId: number;
  shipperOrgId: number;
  arrivedOn: string;
  deliveryNoteNo: string | null;
  lines: IntakeLine[];
}

/**
 * What happens at a site when a platform shipment is received into a project's stock (docs/construction.md,
 * "Receiving on site"). Goods a project receives are quarantined (StockBucket.QUARANTINED) until their incoming
 * inspection releases them; the site module records the delivery and one inspection per lot. Traceability sits
 * below the construction module, so it declares the hook and app.ts passes the construction module's
 * implementation to `createTraceReceiptService({ intake })` (the same shape as the product module's `FactGate`).
 * Called in the receipt's transaction; a refusal it throws refuses the receipt.
 */
export interface ProjectIntake {
  received(tx: Tx, receipt: ProjectReceipt): Promise<void>;
}
