import type { Tx } from '../../db/client.ts';

/** A letter of authorisation a delivery was shipped under (as the public scan page shows it). */
export interface DeliveryLetter {
  makerName: string;
  distributorName: string;
  letterNumber: string;
  letterPublicId: string;
}

/**
 * What a distributor's delivery relied on (docs/traceability.md, "The public scan page"): traceability sits below the
 * distribution module, so it declares the read and app.ts passes distribution's implementation to the scan page
 * (the same shape as `ShipmentGate`). Given shipment lines that carried the scanned code, the letters they were
 * shipped under, each once.
 */
export interface DeliveryLetters {
  ofShipmentLines(tx: Tx, lineIds: readonly number[]): Promise<DeliveryLetter[]>;
}
