import { createHash } from 'node:crypto';

/**
 * GS1 EPCIS 2.0 events as the platform writes them (docs/traceability.md, "Events on the ledger"): the JSON-LD
 * event, and its CBV 2.0 event hash id `ni:///sha-256;<hex>?ver=CBV2.0`, computed over the canonical pre-hash
 * string of CBV 2.0 §8.9 — checked against the published vectors of the reference implementation
 * (RalphTro/epcis-event-hash-generator, tests/examples/expected/CBV2.0) in trace.epcis.unit.test.ts.
 *
 * The pre-hash string, in short: `eventType=…`, then the event's fields in the standard's canonical order as
 * `name=value` (a list or object as its name followed by its members), nothing between them; members of a list
 * sorted by UTF-8 code order; a bizTransaction / source / destination written type first (`type=…bizTransaction=…`)
 * and then sorted; times in UTC with milliseconds (`2024-05-01T02:00:00.000Z`, a fourth digit rounded half to even);
 * numbers without trailing zeros; bare CBV words (shipping, in_transit, desadv, owning_party) and old CBV URNs as
 * their https://ref.gs1.org/cbv/ URIs; EPC URNs (urn:epc:id:sgtin:…) and GS1 Digital Link URIs as the constrained
 * canonical Digital Link (https://id.gs1.org/01/…/21/…); ILMD keys as `{namespace}localName`. Our own URNs
 * (urn:jcbb:…) are not EPC URIs and go in as they are.
 */

export const EPCIS_CONTEXT = 'https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld';
export const URN = {
  code: (code: string) => `urn:jcbb:code:${code}`,
  lot: (lotId: number) => `urn:jcbb:lot:${lotId}`,
  org: (orgId: number) => `urn:jcbb:org:${orgId}`,
  project: (projectId: number) => `urn:jcbb:project:${projectId}`,
  region: (regionCode: string) => `urn:jcbb:region:${regionCode}`,
  shipment: (number: string) => `urn:jcbb:shipment:${number}`,
  receipt: (number: string) => `urn:jcbb:receipt:${number}`,
};

/**
 * ILMD key prefixes the document's @context defines (the EPCIS 2.0 context defines cbvmda; ours adds jcbb). Write
 * ILMD keys with one of them (`cbvmda:lotNumber`, `jcbb:batchNo`): a bare key means nothing in JSON-LD.
 */
export const ILMD_PREFIXES: Readonly<Record<string, string>> = {
  cbvmda: 'urn:epcglobal:cbv:mda:',
  jcbb: 'urn:jcbb:',
};

export interface EpcisQuantity {
  epcClass: string;
  quantity: number;
  /** UN/CEFACT unit code where one fits (KGM, MTQ, MTK, MTR, TNE, LTR), else absent (a count). */
  uom?: string;
}

/** One event, in EPCIS 2.0 JSON field names (no personal data: organisations, places and codes only). */
export interface EpcisEvent {
  type: 'ObjectEvent' | 'AggregationEvent' | 'TransactionEvent';
  eventTime: string;
  eventTimeZoneOffset: string;
  action: 'ADD' | 'OBSERVE' | 'DELETE';
  bizStep: string;
  disposition?: string;
  parentID?: string;
  epcList?: string[];
  childEPCs?: string[];
  quantityList?: EpcisQuantity[];
  childQuantityList?: EpcisQuantity[];
  readPoint?: { id: string };
  bizLocation?: { id: string };
  bizTransactionList?: { type?: string; bizTransaction: string }[];
  sourceList?: { type: string; source: string }[];
  destinationList?: { type: string; destination: string }[];
  /** Instance/lot master data, keys prefixed (see ILMD_PREFIXES), values strings. */
  ilmd?: Record<string, string>;
}

// ---- vocabulary ----

const CBV = 'https://ref.gs1.org/cbv/';
/** CBV 2.0 standard vocabulary: bare words in JSON-LD that stand for https://ref.gs1.org/cbv/<Type>-<word>. */
const CBV_WORDS: Record<'BizStep' | 'Disp' | 'BTT' | 'SDT', ReadonlySet<string>> = {
  BizStep: new Set(
    'accepting arriving assembling collecting commissioning consigning creating_class_instance cycle_counting decommissioning departing destroying disassembling dispensing encoding entering_exiting holding inspecting installing killing loading other packing picking receiving removing repackaging repairing replacing reserving retail_selling sampling sensor_reporting shipping staging_outbound stock_taking stocking storing transporting unloading unpacking void_shipping'.split(
      ' ',
    ),
  ),
  Disp: new Set(
    'active available completeness_inferred completeness_verified conformant container_closed container_open damaged destroyed dispensed disposed encoded expired in_progress in_transit inactive mismatch_instance mismatch_class mismatch_quantity needs_replacement no_pedigree_match non_conformant non_sellable_other partially_dispensed recalled reserved retail_sold returned sellable_accessible sellable_not_accessible stolen unavailable unknown'.split(
      ' ',
    ),
  ),
  BTT: new Set('bol cert desadv inv pedigree po poc prodorder recadv rma testprd'.split(' ')),
  SDT: new Set('location owning_party possessing_party'.split(' ')),
};
/** The URNs of CBV 1.x, written as their CBV 2.0 web URIs. */
const CBV_URNS: [string, string][] = [
  ['urn:epcglobal:cbv:bizstep:', `${CBV}BizStep-`],
  ['urn:epcglobal:cbv:disp:', `${CBV}Disp-`],
  ['urn:epcglobal:cbv:btt:', `${CBV}BTT-`],
  ['urn:epcglobal:cbv:sdt:', `${CBV}SDT-`],
  ['urn:epcglobal:cbv:er:', `${CBV}ER-`],
];
/** Compact URIs the standard's context defines, expanded (CBV 2.0 §8.9 rule 15). */
const CURIES: [string, string][] = [
  ['gs1:', 'https://gs1.org/voc/'],
  ['cbv:', CBV],
  ['epcis:', 'https://ref.gs1.org/epcis/'],
];

/** A value of a vocabulary field: a bare CBV word becomes its URI; anything else is canonicalised as a value. */
function vocabulary(kind: keyof typeof CBV_WORDS, value: string): string {
  const v = value.trim();
  return CBV_WORDS[kind].has(v) ? `${CBV}${kind}-${v}` : canonicalValue(v);
}

// ---- values ----

/**
 * A value as the pre-hash string writes it: trimmed, old CBV URNs and CURIEs expanded, numbers without trailing
 * zeros, EPC URIs and Digital Link URIs as constrained canonical Digital Link URIs.
 */
export function canonicalValue(raw: string): string {
  // Our own identifiers (URN below) are canonical already: none of the rewrites below applies to them, and a
  // shipment's event lists 10 000 of them.
  if (OWN_URN.test(raw)) return raw;
  let v = raw.trim();
  for (const [urn, uri] of CBV_URNS) v = v.split(urn).join(uri);
  for (const [prefix, uri] of CURIES) if (v.startsWith(prefix)) v = uri + v.slice(prefix.length);
  v = canonicalNumber(v);
  return digitalLink(v) ?? v;
}

/** `urn:jcbb:<kind>:<id>` as URN writes it: no space, no CBV URN, CURIE, number or Digital Link to rewrite. */
const OWN_URN = /^urn:jcbb:[a-z]+:[A-Za-z0-9]+$/;
const DECIMAL = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/;
/**
 * A decimal number without trailing zeros or a leading '+' ("1.0" → "1", "0.3430" → "0.343"), the way the reference
 * implementation writes it (through a double: an integer as its exact value, a fraction as the shortest digits that
 * read back the same, exponent form below 1e-4). Anything that is not a number is returned as it is.
 */
export function canonicalNumber(text: string): string {
  if (!DECIMAL.test(text)) return text;
  const n = Number(text);
  if (!Number.isFinite(n)) return text;
  if (Number.isInteger(n)) return BigInt(n).toString();
  if (Math.abs(n) >= 1e-4) return String(n);
  // Python's repr: 1e-05, 1.5e-07 (at least two exponent digits).
  const [mantissa, exponent] = n.toExponential().split('e') as [string, string];
  const sign = exponent.startsWith('-') ? '-' : '+';
  return `${mantissa}e${sign}${exponent.replace(/^[+-]/, '').padStart(2, '0')}`;
}

/** GS1 mod-10 check digit of a string of digits (the check digit itself not included). */
export function gs1CheckDigit(digits: string): string {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = Number(digits[digits.length - 1 - i]);
    sum += i % 2 === 0 ? d * 3 : d;
  }
  return String((10 - (sum % 10)) % 10);
}

const DL = 'https://id.gs1.org';
/** Primary GS1 keys a Digital Link URI may carry, and the one qualifier kept with each (the finest one present). */
const DL_KEYS: Record<string, readonly string[]> = {
  '00': [],
  '01': ['21', '10', '235'],
  '253': [],
  '255': [],
  '401': [],
  '402': [],
  '414': ['254'],
  '417': [],
  '8003': [],
  '8004': [],
  '8006': ['21', '10'],
  '8010': ['8011'],
  '8017': [],
  '8018': [],
};

/**
 * An EPC URI (pure identity, class or pattern) or a GS1 Digital Link URI as the constrained canonical Digital Link
 * URI of CBV 2.0 §8.9 (rules 17 and 18), or null when the value is neither. Covers the schemes building materials
 * can carry: SGTIN, LGTIN, SSCC, SGLN, PGLN, GDTI, GIAI, GRAI, GSRN and SGTIN patterns.
 */
export function digitalLink(value: string): string | null {
  const epc = /^urn:epc:(id|class|idpat):([a-z]+):(.+)$/.exec(value);
  if (epc) return epcToDigitalLink(epc[2] as string, (epc[3] as string).split('.'));
  return constrainDigitalLink(value);
}

function epcToDigitalLink(scheme: string, parts: string[]): string | null {
  const [cp = '', a = '', b] = parts;
  if (!/^\d+$/.test(cp)) return null;
  const key13 = (ref: string) => `${cp}${ref}${gs1CheckDigit(`${cp}${ref}`)}`;
  const gtin = (itemRef: string) => {
    const body = `${itemRef.slice(0, 1)}${cp}${itemRef.slice(1)}`;
    return `${body}${gs1CheckDigit(body)}`;
  };
  switch (scheme) {
    case 'sgtin':
      if (b === '*' || b === undefined) return `${DL}/01/${gtin(a)}`;
      return `${DL}/01/${gtin(a)}/21/${b}`;
    case 'lgtin':
      return b === undefined ? null : `${DL}/01/${gtin(a)}/10/${b}`;
    case 'sscc': {
      const body = `${a.slice(0, 1)}${cp}${a.slice(1)}`;
      return `${DL}/00/${body}${gs1CheckDigit(body)}`;
    }
    case 'sgln':
      return b === undefined || b === '0' ? `${DL}/414/${key13(a)}` : `${DL}/414/${key13(a)}/254/${b}`;
    case 'pgln':
      return `${DL}/417/${key13(a)}`;
    case 'gdti':
      return `${DL}/253/${key13(a)}${b ?? ''}`;
    case 'grai':
      return `${DL}/8003/0${key13(a)}${b ?? ''}`;
    case 'giai':
      return `${DL}/8004/${cp}${a}`;
    case 'gsrn': {
      const body = `${cp}${a}`;
      return `${DL}/8018/${body}${gs1CheckDigit(body)}`;
    }
    default:
      return null;
  }
}

/** A GS1 Digital Link URI on id.gs1.org, without query string, with only the finest level of identification. */
function constrainDigitalLink(value: string): string | null {
  const m = /^https?:\/\/[^/?#]+((?:\/[^/?#]+)*)(?:[?#].*)?$/.exec(value);
  if (!m) return null;
  const segments = (m[1] ?? '').split('/').slice(1);
  // The path may start with a custom prefix (https://example.com/gs1/01/…): the first primary key starts the keys.
  for (let i = 0; i + 1 < segments.length; i += 1) {
    const ai = segments[i] as string;
    const qualifiers = DL_KEYS[ai];
    if (!qualifiers) continue;
    const pairs = new Map<string, string>();
    for (let j = i + 2; j + 1 < segments.length; j += 2) pairs.set(segments[j] as string, segments[j + 1] as string);
    let keyValue = segments[i + 1] as string;
    // Every GS1 key starts with a company prefix: a path segment that does not is not a key.
    if (!/^\d/.test(keyValue)) continue;
    if (ai === '01' && /^\d{8,13}$/.test(keyValue)) keyValue = keyValue.padStart(14, '0');
    const kept = qualifiers.find((q) => pairs.has(q));
    return kept ? `${DL}/${ai}/${keyValue}/${kept}/${pairs.get(kept)}` : `${DL}/${ai}/${keyValue}`;
  }
  return null;
}

// ---- times ----

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:[.,](\d+))?(Z|[+-]\d{2}:?\d{2})?$/i;
/**
 * A time in UTC with milliseconds (`…T02:00:00.000Z`): sub-millisecond digits rounded half to even on the
 * microsecond, as the reference implementation does; a time without an offset is read as UTC.
 */
export function canonicalTime(raw: string): string {
  const m = ISO_TIME.exec(raw.trim());
  if (!m) return raw.trim();
  const [, y, mo, d, h, mi, s, frac = '', zone = 'Z'] = m;
  const micros = Number(frac.padEnd(6, '0').slice(0, 6));
  const wholeMs = Math.floor(micros / 1000);
  const rest = micros % 1000;
  const ms = rest > 500 || (rest === 500 && wholeMs % 2 === 1) ? wholeMs + 1 : wholeMs;
  let offsetMin = 0;
  if (zone.toUpperCase() !== 'Z') {
    const z = zone.replace(':', '');
    offsetMin = (z.startsWith('-') ? -1 : 1) * (Number(z.slice(1, 3)) * 60 + Number(z.slice(3, 5)));
  }
  const t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms) - offsetMin * 60_000;
  return new Date(t).toISOString();
}

// ---- the pre-hash string ----

/** Code-point order (the same as UTF-8 byte order), which the standard sorts by; JS's default sorts UTF-16 units. */
const byCodePoint = (a: string, b: string) => Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
const sortedJoin = (items: string[]) => [...items].sort(byCodePoint).join('');

function quantityElements(list: EpcisQuantity[]): string {
  return sortedJoin(
    list.map(
      (q) =>
        `quantityElementepcClass=${canonicalValue(q.epcClass)}quantity=${canonicalNumber(String(q.quantity))}` +
        (q.uom ? `uom=${canonicalValue(q.uom)}` : ''),
    ),
  );
}

function ilmdKey(key: string): string {
  const colon = key.indexOf(':');
  const ns = colon > 0 ? ILMD_PREFIXES[key.slice(0, colon)] : undefined;
  return ns ? `{${ns}}${key.slice(colon + 1)}` : key;
}

/**
 * The CBV 2.0 pre-hash string of an event: the fields present, in the canonical order (eventType, eventTime,
 * eventTimeZoneOffset, epcList, parentID, childEPCs, quantityList, childQuantityList, action, bizStep,
 * disposition, readPoint, bizLocation, bizTransactionList, sourceList, destinationList, ilmd), canonicalised as
 * the file comment describes. eventID and recordTime never take part.
 */
export function preHashString(e: EpcisEvent): string {
  const parts: string[] = [`eventType=${e.type}`, `eventTime=${canonicalTime(e.eventTime)}`];
  parts.push(`eventTimeZoneOffset=${e.eventTimeZoneOffset.trim()}`);
  const epcs = (name: string, list?: string[]) => {
    if (list?.length) parts.push(name + sortedJoin(list.map((x) => `epc=${canonicalValue(x)}`)));
  };
  const quantities = (name: string, list?: EpcisQuantity[]) => {
    if (list?.length) parts.push(name + quantityElements(list));
  };
  epcs('epcList', e.epcList);
  if (e.parentID) parts.push(`parentID=${canonicalValue(e.parentID)}`);
  epcs('childEPCs', e.childEPCs);
  quantities('quantityList', e.quantityList);
  quantities('childQuantityList', e.childQuantityList);
  parts.push(`action=${e.action}`);
  parts.push(`bizStep=${vocabulary('BizStep', e.bizStep)}`);
  if (e.disposition) parts.push(`disposition=${vocabulary('Disp', e.disposition)}`);
  if (e.readPoint) parts.push(`readPointid=${canonicalValue(e.readPoint.id)}`);
  if (e.bizLocation) parts.push(`bizLocationid=${canonicalValue(e.bizLocation.id)}`);
  if (e.bizTransactionList?.length) {
    const items = e.bizTransactionList.map((b) => {
      const type = b.type ? `type=${vocabulary('BTT', b.type)}` : '';
      return `${type}bizTransaction=${canonicalValue(b.bizTransaction)}`;
    });
    parts.push(`bizTransactionList${sortedJoin(items)}`);
  }
  if (e.sourceList?.length) {
    const items = e.sourceList.map((s) => `type=${vocabulary('SDT', s.type)}source=${canonicalValue(s.source)}`);
    parts.push(`sourceList${sortedJoin(items)}`);
  }
  if (e.destinationList?.length) {
    const items = e.destinationList.map(
      (d) => `type=${vocabulary('SDT', d.type)}destination=${canonicalValue(d.destination)}`,
    );
    parts.push(`destinationList${sortedJoin(items)}`);
  }
  const ilmd = Object.entries(e.ilmd ?? {});
  if (ilmd.length) parts.push(`ilmd${sortedJoin(ilmd.map(([k, v]) => `${ilmdKey(k)}=${canonicalValue(v)}`))}`);
  return parts.join('');
}

/** The event's SHA-256 over its pre-hash string, hex. */
export const eventSha256 = (e: EpcisEvent): string =>
  createHash('sha256').update(preHashString(e), 'utf8').digest('hex');

/** The CBV 2.0 event hash id. */
export const eventHashId = (e: EpcisEvent): string => `ni:///sha-256;${eventSha256(e)}?ver=CBV2.0`;

/** An EPCISDocument of events (JSON-LD), for GET /open/trace/{code}/epcis. */
export function epcisDocument(events: (EpcisEvent & { eventID: string })[], creationDate: Date) {
  return {
    '@context': [EPCIS_CONTEXT, { jcbb: ILMD_PREFIXES.jcbb }],
    type: 'EPCISDocument',
    schemaVersion: '2.0',
    creationDate: creationDate.toISOString(),
    epcisBody: { eventList: events },
  };
}
