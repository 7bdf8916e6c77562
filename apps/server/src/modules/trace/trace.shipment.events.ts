import type { EpcisEvent, EpcisQuantity } from './trace.epcis.ts';
import { URN } from './trace.epcis.ts';

/**
 * The EPCIS events of shipments and receipts (docs/traceability.md, "Events on the ledger"): organisations, places,
 * codes and lots only — never a person. Built here, written by `recordTraceEvent`.
 */

/** UN/CEFACT unit codes of the units that have one (packages/contract/src/units.ts ids); counts carry none. */
const UOM: Record<number, string> = {
  28: 'MTR',
  30: 'KMT',
  31: 'MTK',
  32: 'MTQ',
  33: 'TNE',
  34: 'KGM',
  35: 'GRM',
  36: 'MLT',
  37: 'LTR',
};

/** An uncoded quantity of a lot, as an EPCIS quantity element. */
export function lotQuantity(lotId: number, quantity: number, unitId: number): EpcisQuantity {
  const uom = UOM[unitId];
  return uom ? { epcClass: URN.lot(lotId), quantity, uom } : { epcClass: URN.lot(lotId), quantity };
}

export type PartyRef = { kind: 'org'; orgId: number } | { kind: 'project'; projectId: number; orgId: number };

const partyUrn = (p: PartyRef) => (p.kind === 'org' ? URN.org(p.orgId) : URN.project(p.projectId));

export interface MovementEvent {
  bizStep: 'shipping' | 'void_shipping' | 'receiving' | 'inspecting';
  disposition?: string;
  at: Date;
  codes: string[];
  quantities: EpcisQuantity[];
  /** Where it happens (county code). */
  regionCode: string | null;
  from?: PartyRef;
  to?: PartyRef & { regionCode: string | null };
  transactions: { type: 'desadv' | 'recadv' | 'rma'; id: string }[];
}

/** An ObjectEvent OBSERVE of a movement: ship, void, receive, reject. */
export function movementEvent(m: MovementEvent): EpcisEvent {
  const e: EpcisEvent = {
    type: 'ObjectEvent',
    eventTime: m.at.toISOString(),
    eventTimeZoneOffset: '+08:00',
    action: 'OBSERVE',
    bizStep: m.bizStep,
  };
  if (m.disposition) e.disposition = m.disposition;
  if (m.codes.length > 0) e.epcList = [...m.codes].sort().map(URN.code);
  if (m.quantities.length > 0) e.quantityList = m.quantities;
  if (m.regionCode) {
    e.readPoint = { id: URN.region(m.regionCode) };
    // Goods received or inspected are somewhere; goods shipped are on the road (no business location).
    if (m.bizStep === 'receiving' || m.bizStep === 'inspecting') e.bizLocation = { id: URN.region(m.regionCode) };
  }
  e.bizTransactionList = m.transactions.map((t) => ({ type: t.type, bizTransaction: t.id }));
  if (m.from) {
    e.sourceList = [{ type: 'owning_party', source: URN.org(m.from.orgId) }];
    if (m.from.kind === 'project') e.sourceList.push({ type: 'location', source: URN.project(m.from.projectId) });
  }
  if (m.to) {
    e.destinationList = [{ type: 'owning_party', destination: partyUrn(m.to) }];
    if (m.to.regionCode) e.destinationList.push({ type: 'location', destination: URN.region(m.to.regionCode) });
  }
  return e;
}
