import { cityOfRegion, productUnits, transportTypes } from '@jcbb/contract';
import { shanghaiIso } from '@jcbb/contract/time';
import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { lots, organizations, productSpecs, products, projects } from '../../db/schema/index.ts';
import { SHANGHAI_UTC_OFFSET } from '../../lib/shanghai-day.ts';
import type { EpcisEvent, EpcisQuantity } from './trace.epcis.ts';
import { URN } from './trace.epcis.ts';
import { cityNames } from './trace.public.repository.ts';

/**
 * The EPCIS events of shipments and receipts (docs/traceability.md, "Events on the ledger"): organisations, places,
 * codes and lots only — never a person. Built here, written by `recordTraceEvent`.
 *
 * Besides the standard fields, every movement event carries what a reader of the public page is shown, so that each
 * shown fact is in the event's hash and on the ledger (docs/traceability.md, "What the proof covers"): the names of
 * the organisation that took the step, of the parties and of the place (`jcbb:actorName`, `jcbb:sourceName`,
 * `jcbb:destinationName`, `jcbb:placeName`), each line's lot, product,
 * specification, quantity, unit and number of codes (`jcbb:lines`), a shipment's transport and its carbon
 * (`jcbb:transport`), and a rejection's reason (`jcbb:reason`). Extension values are strings (numbers written as the
 * contract's plain decimals), so the event hash is the same whoever recomputes it.
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

/** One line an event covers: the quantity of a lot it moves (coded or not) and how many top-level codes carry it. */
export interface MovementLine {
  lotId: number;
  unitId: number;
  /** Units (not thousandths). */
  quantity: number;
  codeCount: number;
}

/** An event's extension fields: the facts the public page shows, in the hash (see the file comment). */
export type EventExtensions = Record<`jcbb:${string}`, string | Record<string, string> | Record<string, string>[]>;

export interface MovementEvent {
  bizStep: 'shipping' | 'void_shipping' | 'receiving' | 'inspecting';
  disposition?: string;
  /** When the goods moved (business time: docs/traceability.md, "Event time"), not when the row is written. */
  at: Date;
  codes: string[];
  quantities: EpcisQuantity[];
  /** Every line the event covers, coded or not, with its quantity. */
  lines: MovementLine[];
  /** Where it happens (county code). */
  regionCode: string | null;
  /** The organisation that takes the step (and records the event). */
  actorOrgId: number;
  from?: PartyRef;
  to?: PartyRef & { regionCode: string | null };
  transactions: { type: 'desadv' | 'recadv' | 'rma'; id: string }[];
  /** A shipment's transport (shipping events). */
  transport?: {
    type: number;
    distanceKm: number;
    distanceSource: string;
    massKg: number | null;
    kgCO2e: number | null;
  };
  /** Why goods were turned away (inspecting events). */
  reason?: string;
}

/** Names of what events refer to by id, read once per event (eventFacts). */
export interface EventFacts {
  lots: Map<number, { batchNo: string; productName: string; specName: string }>;
  /** Party URN (urn:jcbb:org:N, urn:jcbb:project:N) → its name. */
  parties: Map<string, string>;
  /** County code → the city's name. */
  places: Map<string, string>;
}

/** The names an event about these lots, parties and places shows: one query for each kind. */
export async function eventFacts(
  tx: Tx,
  refs: { lotIds: number[]; parties: (PartyRef | undefined)[]; regionCodes: (string | null | undefined)[] },
): Promise<EventFacts> {
  const lotIds = [...new Set(refs.lotIds)];
  const orgIds = [
    ...new Set(refs.parties.flatMap((p) => (p?.kind === 'org' ? [p.orgId] : p?.kind === 'project' ? [p.orgId] : []))),
  ].filter((id) => id > 0);
  const projectIds = [...new Set(refs.parties.flatMap((p) => (p?.kind === 'project' ? [p.projectId] : [])))];
  const regions = [...new Set(refs.regionCodes.filter((r): r is string => !!r))];
  const [lotRows, orgRows, projectRows, cities] = await Promise.all([
    lotIds.length === 0
      ? []
      : tx
          .select({ id: lots.id, batchNo: lots.batchNo, productName: products.name, specName: productSpecs.name })
          .from(lots)
          .innerJoin(productSpecs, eq(productSpecs.id, lots.specId))
          .innerJoin(products, eq(products.id, productSpecs.productId))
          .where(inArray(lots.id, lotIds)),
    orgIds.length === 0
      ? []
      : tx
          .select({ id: organizations.id, name: organizations.name })
          .from(organizations)
          .where(inArray(organizations.id, orgIds)),
    projectIds.length === 0
      ? []
      : tx.select({ id: projects.id, name: projects.name }).from(projects).where(inArray(projects.id, projectIds)),
    cityNames(tx, regions.map(cityOfRegion)),
  ]);
  const parties = new Map<string, string>([
    ...orgRows.map((o) => [URN.org(o.id), o.name] as [string, string]),
    ...projectRows.map((p) => [URN.project(p.id), p.name] as [string, string]),
  ]);
  return {
    lots: new Map(lotRows.map((l) => [l.id, l])),
    parties,
    places: new Map(
      regions.flatMap((r) => (cities.has(cityOfRegion(r)) ? [[r, cities.get(cityOfRegion(r)) as string]] : [])),
    ),
  };
}

const unitNames = new Map<number, string>(productUnits.map((u) => [u.id, u.name]));
/** A quantity as the contract's plain decimal (at most three decimals, no trailing zeros). */
const plain = (n: number) => String(Math.round(n * 1000) / 1000);

/** An ObjectEvent OBSERVE of a movement: ship, void, receive, reject. */
export function movementEvent(m: MovementEvent, facts: EventFacts): EpcisEvent & EventExtensions {
  const e: EpcisEvent & EventExtensions = {
    type: 'ObjectEvent',
    eventTime: shanghaiIso(m.at),
    eventTimeZoneOffset: SHANGHAI_UTC_OFFSET,
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
  // The facts a reader is shown, in the hash.
  const actorName = facts.parties.get(URN.org(m.actorOrgId));
  if (actorName) e['jcbb:actorName'] = actorName;
  const sourceName = m.from ? facts.parties.get(URN.org(m.from.orgId)) : undefined;
  if (sourceName) e['jcbb:sourceName'] = sourceName;
  const destinationName = m.to ? facts.parties.get(partyUrn(m.to)) : undefined;
  if (destinationName) e['jcbb:destinationName'] = destinationName;
  const placeName = m.regionCode ? facts.places.get(m.regionCode) : undefined;
  if (placeName) e['jcbb:placeName'] = placeName;
  const lines = m.lines.filter((l) => l.quantity > 0);
  if (lines.length > 0) {
    e['jcbb:lines'] = lines.map((l) => {
      const lot = facts.lots.get(l.lotId);
      return {
        'jcbb:lot': URN.lot(l.lotId),
        'jcbb:batchNo': lot?.batchNo ?? '',
        'jcbb:productName': lot?.productName ?? '',
        'jcbb:specName': lot?.specName ?? '',
        'jcbb:quantity': plain(l.quantity),
        'jcbb:unitName': unitNames.get(l.unitId) ?? '',
        'jcbb:codeCount': String(l.codeCount),
      };
    });
  }
  if (m.transport) {
    const t = m.transport;
    e['jcbb:transport'] = {
      'jcbb:mode': String(t.type),
      'jcbb:modeName': transportTypes.find((x) => x.id === t.type)?.name ?? '',
      'jcbb:distanceKm': plain(t.distanceKm),
      'jcbb:distanceSource': t.distanceSource,
      ...(t.massKg === null ? {} : { 'jcbb:massKg': plain(t.massKg) }),
      ...(t.kgCO2e === null ? {} : { 'jcbb:kgCO2e': plain(t.kgCO2e) }),
    };
  }
  if (m.reason) e['jcbb:reason'] = m.reason;
  return e;
}

/** The facts a movement event needs, for one event (see eventFacts). */
export const movementFacts = (tx: Tx, m: MovementEvent) =>
  eventFacts(tx, {
    lotIds: m.lines.map((l) => l.lotId),
    parties: [m.from, m.to, { kind: 'org', orgId: m.actorOrgId }],
    regionCodes: [m.regionCode],
  });

/** The movement event with the names it shows, read in `tx`. */
export async function buildMovementEvent(tx: Tx, m: MovementEvent): Promise<EpcisEvent & EventExtensions> {
  return movementEvent(m, await movementFacts(tx, m));
}
