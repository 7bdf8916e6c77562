import type { TraceAlertKindValue } from '@jcbb/contract';
import type { Tx } from '../../db/client.ts';
import { traceAlerts } from '../../db/schema/index.ts';

/**
 * Risks the trace module raises about a code (docs/traceability.md, "The public scan page"): a code received at two
 * project sites (`two_sites`, at receipt), or scanned after its material was installed or used (`after_installed`,
 * at a scan). One alert per code and kind — the unique index on (code, kind) holds it, so two scans at once raise
 * one alert — for the manufacturer (`orgId`). The caller tells the manufacturer when this answers true.
 */
export interface TraceAlert {
  code: string;
  kind: TraceAlertKindValue;
  /** The manufacturer told about it. */
  orgId: number;
  shipmentId?: number | null;
  /** What the alert is about: no person's name, phone or id. */
  details?: Record<string, unknown>;
}

/** Record an alert in the caller's transaction; true when it is new, false when the code already had one of its kind. */
export async function raiseTraceAlert(tx: Tx, alert: TraceAlert): Promise<boolean> {
  const rows = await tx
    .insert(traceAlerts)
    .values({
      code: alert.code,
      kind: alert.kind,
      orgId: alert.orgId,
      shipmentId: alert.shipmentId ?? null,
      details: alert.details ?? {},
    })
    .onConflictDoNothing({ target: [traceAlerts.code, traceAlerts.kind] })
    .returning({ id: traceAlerts.id });
  return rows.length > 0;
}
