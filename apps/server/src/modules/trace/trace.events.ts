import { eq, max, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { traceEventCodes, traceEvents } from '../../db/schema/index.ts';
import { appendLedgerEntry } from '../ledger/index.ts';
import { type EpcisEvent, eventHash } from './trace.epcis.ts';
import { textList } from './trace.sql.ts';

/**
 * Record an EPCIS event: store it, index the codes it names, and put its hash on the evidence ledger — in the
 * caller's transaction, so an event exists exactly when the change it records does.
 */
export interface TraceEventRecord {
  event: EpcisEvent;
  /** The organisation that recorded it (and whose ledger entry it is). */
  orgId: number;
  /** County of the read point, for the public page's "city" column. */
  regionCode: string | null;
  lotId?: number | null;
  shipmentId?: number | null;
  receiptId?: number | null;
  /** Trace codes the event names (bare codes, not URNs), indexed for the public page. */
  codes?: readonly string[];
}

export async function recordTraceEvent(
  tx: Tx,
  r: TraceEventRecord,
): Promise<{ id: number; eventId: string; leafIndex: number }> {
  // One pre-hash string for both (a shipment's event may name 10 000 codes).
  const { id: eventId, sha256: contentSha256 } = eventHash(r.event);
  const ledger = await appendLedgerEntry(tx, {
    kind: 'trace-event',
    orgId: r.orgId,
    contentSha256,
    meta: { eventType: r.event.type, bizStep: r.event.bizStep },
  });
  const [row] = await tx
    .insert(traceEvents)
    .values({
      eventId,
      eventType: r.event.type,
      bizStep: r.event.bizStep,
      disposition: r.event.disposition ?? null,
      eventTime: new Date(r.event.eventTime),
      orgId: r.orgId,
      regionCode: r.regionCode,
      lotId: r.lotId ?? null,
      shipmentId: r.shipmentId ?? null,
      receiptId: r.receiptId ?? null,
      document: { ...r.event, eventID: eventId },
      leafIndex: ledger.leafIndex,
      contentSha256,
    })
    .returning({ id: traceEvents.id });
  const id = (row as { id: number }).id;
  const codes = r.codes ?? [];
  if (codes.length > 0) {
    // One statement, the codes as one list parameter (trace.sql.ts): 10 000 codes as multi-row
    // VALUES cost 20 000 parameters and four times the time on PGlite.
    await tx.execute(
      sql`insert into ${traceEventCodes} (code, event_id) select unnest(${textList(codes)}), ${id}::int`,
    );
  }
  return { id, eventId, leafIndex: ledger.leafIndex };
}

/**
 * `moment`, or the time of the shipment's latest event when that is later: a step of a shipment never comes before the
 * step it follows (a receipt back-dated to the ship day, after a shipping event recorded at its hour that day).
 */
export async function notBeforeShipmentEvents(tx: Tx, shipmentId: number, moment: Date): Promise<Date> {
  const [row] = await tx
    .select({ latest: max(traceEvents.eventTime) })
    .from(traceEvents)
    .where(eq(traceEvents.shipmentId, shipmentId));
  const latest = row?.latest ? new Date(row.latest) : null;
  return latest && latest > moment ? latest : moment;
}
