import { coverageRefusalLabels, type LineFlagValue, OrgType } from '@jcbb/contract';
import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  purchaseOrderLines,
  purchaseOrderShipmentLines,
  purchaseOrders,
  shipmentLines,
} from '../../db/schema/index.ts';
import { failedLotsOnSite } from '../construction/index.ts';
import { coverageOf } from '../distribution/index.ts';
import { evidenceOfProducts, greenThrough } from './procurement.evidence.ts';
import { policyOf } from './procurement.policy.ts';

/**
 * Why a line's primary supplier should be replaced (docs/procurement.md, "Alternate suppliers"), computed from the
 * platform's facts each time it is read, never stored:
 *
 * - certificate_lapses: the product has green evidence but none of it proves it green on the line's required-by day
 *   (`evidenceOfProducts` + `greenThrough`: a certificate that ends before, or was revoked);
 * - authorisation_lost: the primary is a distributor whose letters no longer cover the product for the project's
 *   county today (distribution's `coverageOf`; a used-up cap is not a lost authorisation);
 * - lot_failed: a lot the primary delivered for the line was rejected on site or failed its witnessed retest (the
 *   construction module's `failedLotsOnSite`).
 */

export interface FlagProject {
  id: number;
  regionCode: string;
  standardEdition: string | null;
}

export interface FlagLine {
  lineId: number;
  requiredBy: string;
  primary: { supplierOrgId: number; supplierOrgType: number; productId: number; specId: number } | null;
}

export interface LineFlagFact {
  flag: LineFlagValue;
  detail: string;
}

/** The lots the supplier shipped against orders for these lines (list line → lot ids). */
async function deliveredLots(tx: Tx, lines: readonly FlagLine[]): Promise<Map<number, number[]>> {
  const ids = lines.filter((l) => l.primary).map((l) => l.lineId);
  const out = new Map<number, number[]>();
  if (ids.length === 0) return out;
  const rows = await tx
    .select({
      listLineId: purchaseOrderLines.listLineId,
      supplierOrgId: purchaseOrders.supplierOrgId,
      lotId: shipmentLines.lotId,
    })
    .from(purchaseOrderShipmentLines)
    .innerJoin(purchaseOrderLines, eq(purchaseOrderLines.id, purchaseOrderShipmentLines.orderLineId))
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.orderId))
    .innerJoin(shipmentLines, eq(shipmentLines.id, purchaseOrderShipmentLines.shipmentLineId))
    .where(and(inArray(purchaseOrderLines.listLineId, ids)));
  for (const l of lines) {
    if (!l.primary) continue;
    const supplier = l.primary.supplierOrgId;
    out.set(
      l.lineId,
      rows.filter((r) => r.listLineId === l.lineId && r.supplierOrgId === supplier).map((r) => r.lotId),
    );
  }
  return out;
}

/** The flags of each line's primary (lines without a primary have none). */
export async function flagsOfLines(
  tx: Tx,
  project: FlagProject,
  lines: readonly FlagLine[],
  today: string,
): Promise<Map<number, LineFlagFact[]>> {
  const out = new Map<number, LineFlagFact[]>(lines.map((l) => [l.lineId, []]));
  const withPrimary = lines.filter((l) => l.primary !== null);
  if (withPrimary.length === 0) return out;
  const add = (lineId: number, f: LineFlagFact) => out.get(lineId)?.push(f);

  // (a) the certificate's runway
  const policy = await policyOf(tx, project.standardEdition);
  const rule = { testReportMaxAgeDays: policy.rule?.testReportMaxAgeDays ?? null };
  const evidence = await evidenceOfProducts(
    tx,
    withPrimary.map((l) => l.primary?.productId as number),
  );
  for (const l of withPrimary) {
    const ev = evidence.get(l.primary?.productId as number);
    if (!ev || ev.length === 0 || greenThrough(ev, l.requiredBy, rule)) continue;
    const last = ev
      .map((e) => e.revokedOn ?? e.validUntil ?? '')
      .sort()
      .at(-1);
    add(l.lineId, {
      flag: 'certificate_lapses',
      detail: last ? `证明材料至 ${last} 为止，需用日期 ${l.requiredBy}` : `需用日期 ${l.requiredBy} 无有效证明`,
    });
  }

  // (b) the distributor's authorisation today
  for (const l of withPrimary) {
    const p = l.primary as NonNullable<FlagLine['primary']>;
    if (p.supplierOrgType !== OrgType.DISTRIBUTOR) continue;
    const [c] = await coverageOf(tx, {
      distributorOrgId: p.supplierOrgId,
      regionCode: project.regionCode,
      date: today,
      projectId: project.id,
      lines: [{ productId: p.productId, specId: p.specId, quantity: 0 }],
    });
    if (c && !c.covered && c.refusal !== 'cap') {
      add(l.lineId, { flag: 'authorisation_lost', detail: coverageRefusalLabels[c.refusal].zh });
    }
  }

  // (c) a lot delivered for the line failed on site
  const lots = await deliveredLots(tx, withPrimary);
  const failed = await failedLotsOnSite(tx, project.id, [...lots.values()].flat());
  for (const l of withPrimary) {
    const lot = (lots.get(l.lineId) ?? []).find((id) => failed.has(id));
    if (lot !== undefined) add(l.lineId, { flag: 'lot_failed', detail: failed.get(lot) ?? '' });
  }
  return out;
}
