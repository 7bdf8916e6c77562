/**
 * What a trace event says to a reader, read from the event alone (docs/traceability.md, "What the proof covers"):
 * the step, when it happened, who took it, between whom, where, how much of what, the transport and its carbon.
 * The scan page draws its chain of custody with this from events whose hash it has recomputed, and an outsider's
 * script can do the same; nothing here comes from any other field of the server's answer. No zod, no I/O: the
 * public page loads it.
 */

/** One line of a movement: a lot's quantity and how many top-level codes carry it. */
export interface CustodyLine {
  lot: string;
  batchNo: string;
  productName: string;
  specName: string;
  /** A plain decimal as written in the event ("600", "12.5"). */
  quantity: string;
  unitName: string;
  codeCount: number;
}

export interface CustodyTransport {
  mode: string;
  modeName: string;
  distanceKm: string;
  /** measured, default_40 or default_500 (GB/T 51366's defaults when the distance is not known). */
  distanceSource: string;
  massKg: string | null;
  kgCO2e: string | null;
}

export interface CustodyStep {
  eventID: string;
  /** commissioning, packing, shipping, returning (a shipment of returned goods), void_shipping, receiving, inspecting… */
  step: string;
  /** The event's time as written (ISO 8601 with its offset). */
  time: string;
  /** Its calendar date in Asia/Shanghai, YYYY-MM-DD. */
  date: string;
  actorName: string | null;
  sourceName: string | null;
  destinationName: string | null;
  placeName: string | null;
  lines: CustodyLine[];
  transport: CustodyTransport | null;
  /** Why goods were turned away (inspecting). */
  reason: string | null;
  /** The shipment (FH…) and receipt (SH…) numbers the event names. */
  shipmentNumber: string | null;
  receiptNumber: string | null;
  /** The trace codes the event names (bare codes). */
  codes: string[];
}

/** What the commissioning of a lot's codes says of the lot (its ILMD). */
export interface LotFacts {
  batchNo: string | null;
  productName: string | null;
  specName: string | null;
  makerName: string | null;
  productionDate: string | null;
  expiryDate: string | null;
  /** What each code of the event stands for, and in which unit. */
  unitsPerCode: string | null;
  unitName: string | null;
}

import { shanghaiDate } from './time.ts';

type Json = Record<string, unknown>;

const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);
const obj = (v: unknown): Json | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : null);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const CODE_URN = 'urn:jcbb:code:';

/** The Asia/Shanghai date of an ISO 8601 time; '' when it is not one. */
function shanghaiDateOf(time: string): string {
  const ms = Date.parse(time);
  return Number.isNaN(ms) ? '' : shanghaiDate(ms);
}

function transactionNumber(event: Json, prefix: string): string | null {
  for (const t of list(event.bizTransactionList)) {
    const id = str(obj(t)?.bizTransaction);
    if (id?.startsWith(prefix)) return id.slice(prefix.length);
  }
  return null;
}

/** The custody step an event stands for. */
export function custodyStep(event: Json): CustodyStep {
  const bizStep = str(event.bizStep) ?? '';
  const step = bizStep === 'shipping' && event.disposition === 'returned' ? 'returning' : bizStep;
  const time = str(event.eventTime) ?? '';
  const transport = obj(event['jcbb:transport']);
  const codes = [...list(event.epcList), ...list(event.childEPCs), ...(event.parentID ? [event.parentID] : [])].flatMap(
    (c) => (typeof c === 'string' && c.startsWith(CODE_URN) ? [c.slice(CODE_URN.length)] : []),
  );
  return {
    eventID: str(event.eventID) ?? '',
    step,
    time,
    date: shanghaiDateOf(time),
    actorName: str(event['jcbb:actorName']),
    sourceName: str(event['jcbb:sourceName']),
    destinationName: str(event['jcbb:destinationName']),
    placeName: str(event['jcbb:placeName']),
    lines: list(event['jcbb:lines']).flatMap((l) => {
      const line = obj(l);
      if (!line) return [];
      return [
        {
          lot: str(line['jcbb:lot']) ?? '',
          batchNo: str(line['jcbb:batchNo']) ?? '',
          productName: str(line['jcbb:productName']) ?? '',
          specName: str(line['jcbb:specName']) ?? '',
          quantity: str(line['jcbb:quantity']) ?? '',
          unitName: str(line['jcbb:unitName']) ?? '',
          codeCount: Number(str(line['jcbb:codeCount']) ?? 0) || 0,
        },
      ];
    }),
    transport: transport
      ? {
          mode: str(transport['jcbb:mode']) ?? '',
          modeName: str(transport['jcbb:modeName']) ?? '',
          distanceKm: str(transport['jcbb:distanceKm']) ?? '',
          distanceSource: str(transport['jcbb:distanceSource']) ?? '',
          massKg: str(transport['jcbb:massKg']),
          kgCO2e: str(transport['jcbb:kgCO2e']),
        }
      : null,
    reason: str(event['jcbb:reason']),
    shipmentNumber: transactionNumber(event, 'urn:jcbb:shipment:'),
    receiptNumber: transactionNumber(event, 'urn:jcbb:receipt:'),
    codes,
  };
}

/** What a commissioning event's ILMD says of the lot; null for any other event. */
export function lotFactsOf(event: Json): LotFacts | null {
  if (event.bizStep !== 'commissioning') return null;
  const ilmd = obj(event.ilmd) ?? {};
  return {
    batchNo: str(ilmd['cbvmda:lotNumber']),
    productName: str(ilmd['jcbb:productName']),
    specName: str(ilmd['jcbb:specName']),
    makerName: str(ilmd['jcbb:makerName']),
    productionDate: str(ilmd['jcbb:productionDate']),
    expiryDate: str(ilmd['cbvmda:itemExpirationDate']),
    unitsPerCode: str(ilmd['jcbb:unitsPerCode']),
    unitName: str(ilmd['jcbb:unitName']),
  };
}
