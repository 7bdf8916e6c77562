import type { TraceAlertKindValue } from '@jcbb/contract';
import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { receiptLines, traceAlerts } from '../../db/schema/index.ts';

/**
 * SQL of receipts beyond what they share with shipments (trace.shipment.repository.ts): the alerts a receipt raises.
 * Every function runs in the caller's transaction.
 */

/**
 * Raise alerts, once per code and kind (the unique index): answers the codes whose alert is new, so only those are
 * told to the manufacturer.
 */
export async function raiseAlerts(
  tx: Tx,
  kind: TraceAlertKindValue,
  rows: { code: string; orgId: number; shipmentId: number; details: Record<string, unknown> }[],
): Promise<{ code: string; orgId: number }[]> {
  if (rows.length === 0) return [];
  const out: { code: string; orgId: number }[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    out.push(
      ...(await tx
        .insert(traceAlerts)
        .values(rows.slice(i, i + 1000).map((r) => ({ ...r, kind })))
        .onConflictDoNothing()
        .returning({ code: traceAlerts.code, orgId: traceAlerts.orgId })),
    );
  }
  return out;
}

/** A receipt's lines: their ids and the shipment lines they receive. */
export async function lineIdsOf(tx: Tx, receiptId: number) {
  return tx
    .select({ id: receiptLines.id, shipmentLineId: receiptLines.shipmentLineId })
    .from(receiptLines)
    .where(eq(receiptLines.receiptId, receiptId));
}
