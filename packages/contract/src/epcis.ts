/**
 * The CBV 2.0 event hash id of a GS1 EPCIS 2.0 event (`ni:///sha-256;<hex>?ver=CBV2.0`), computed from the event as
 * plain JSON, so the browser recomputes an event's id from the event it received and the server writes the very same
 * one (docs/traceability.md, "Event hash ids: which rules we follow"). Pure TypeScript: no node:crypto, no Buffer, no
 * zod (SHA-256 is noble-hashes', as in ledger-proof.ts).
 *
 * The pre-hash string is the one GS1's reference implementation computes — RalphTro/epcis-event-hash-generator
 * (MIT) at commit 5d2f1c389a1599af40fe1b530b62e0ca59ab818f — not a reading of the written rules of CBV 2.0 §8.9:
 * where the two differ, interoperating systems compute what the tool computes. This is a port of the tool's JSON path
 * (json_to_py.py → json_xml_model_mismatch_correction.py → hash_generator.py), step by step; its quirks are kept on
 * purpose and listed in the docs, among them:
 * - bizTransactionList, destinationList and sourceList are not placed by the canonical order: they go with the
 *   fields outside it, sorted by their text (so destinationList comes before sourceList, and ILMD between them), and
 *   inside an element `type=` and the value come in the order of the JSON keys;
 * - keys and values with a prefix defined inline in the document's @context are expanded (`{urn:jcbb:}unitsPerCode`),
 *   prefixes the standard context defines are not (`cbvmda:lotNumber` stays as written);
 * - fields outside the canonical order (ILMD, extensions, even an unprefixed key) are written as `name=value`, an
 *   object as its name followed by its members, sorted by their text; times there are not normalised;
 * - a bare word that is a CBV term of a vocabulary field anywhere in the event (bizStep `shipping`) replaces the same
 *   word in every other string value too (`"jcbb:reason": "shipping"` is hashed as the BizStep URI).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/** The reference implementation this module reproduces (docs/traceability.md). */
export const EVENT_HASH_REFERENCE = {
  repository: 'https://github.com/RalphTro/epcis-event-hash-generator',
  commit: '5d2f1c389a1599af40fe1b530b62e0ca59ab818f',
} as const;

/** The platform's own JSON-LD prefix, defined inline in every EPCISDocument it writes (`{"jcbb": "urn:jcbb:"}`). */
export const JCBB_CONTEXT: Readonly<Record<string, string>> = { jcbb: 'urn:jcbb:' };

export interface EpcisQuantity {
  epcClass: string;
  quantity: number;
  /** UN/CEFACT unit code where one fits (KGM, MTQ, MTK, MTR, TNE, LTR), else absent (a count). */
  uom?: string;
}

/**
 * One event as the platform writes it, in EPCIS 2.0 JSON field names (no personal data: organisations, places and
 * codes only). The hash functions take any event object; this type is for writers. Key order matters to the hash in
 * bizTransactionList / sourceList / destinationList elements: write `type` first.
 */
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
  /** Instance/lot master data: keys prefixed (`cbvmda:lotNumber`, `jcbb:unitsPerCode`), values strings. */
  ilmd?: Record<string, string>;
  /** User extensions: `jcbb:` keys, values strings, objects of them or arrays of such objects. */
  [extension: `jcbb:${string}`]: unknown;
}

/** An event as received: any JSON object (an element of an EPCISDocument's eventList). */
export type EpcisEventJson = Readonly<Record<string, unknown>> | EpcisEvent;

export interface EventHashOptions {
  /**
   * The @context of the document the event comes from: the prefixes it defines inline are expanded in keys and
   * values. Default: the platform's, `[EPCIS 2.0 context, JCBB_CONTEXT]`.
   */
  context?: unknown;
  /**
   * Where the reference tool looks for CBV terms to substitute in bare string values: the whole document it reads.
   * Default: the event alone (what a verifier holding one event can do; the same for every event the platform writes,
   * see docs/traceability.md). `documentEventHashes` passes the document.
   */
  vocabularyScope?: unknown;
}

export interface EventHash {
  /** The canonical pre-hash string. */
  preHash: string;
  /** SHA-256 of its UTF-8 bytes, lowercase hex (the ledger's contentSha256). */
  sha256: string;
  /** `ni:///sha-256;<hex>?ver=CBV2.0` */
  id: string;
}

/** The reference tool could not hash the event (it skips such an event); the message says why. */
export class EventHashError extends Error {
  override name = 'EventHashError';
}

// ---------------------------------------------------------------------------------------------------------------
// Strings

/**
 * Code-point order, which is UTF-8 byte order and Python's string order (the tool sorts with Python). JavaScript's
 * `<` compares UTF-16 units, which differs only between a surrogate (U+D800–DFFF) and U+E000–FFFF: shift those.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
      y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    }
    return x - y;
  }
  return a.length - b.length;
}

const sortCodePoints = (items: string[]) => items.sort(compareCodePoints);

/** Python's str.strip(): whitespace at both ends (JavaScript's trim() knows the same Unicode white space). */
const strip = (s: string) => s.trim();

// ---------------------------------------------------------------------------------------------------------------
// Values

/** CBV 1.x URNs rewritten as CBV 2.0 web URIs, anywhere in a value (hash_generator._try_format_web_vocabulary). */
const CBV_URNS: [string, string][] = [
  ['urn:epcglobal:cbv:bizstep:', 'https://ref.gs1.org/cbv/BizStep-'],
  ['urn:epcglobal:cbv:disp:', 'https://ref.gs1.org/cbv/Disp-'],
  ['urn:epcglobal:cbv:btt:', 'https://ref.gs1.org/cbv/BTT-'],
  ['urn:epcglobal:cbv:sdt:', 'https://ref.gs1.org/cbv/SDT-'],
  ['urn:epcglobal:cbv:er:', 'https://ref.gs1.org/cbv/ER-'],
];

/** `urn:jcbb:<kind>:<id>`: none of the rewrites of canonicalValue applies (an event may list 10 000 of them). */
const OWN_URN = /^urn:jcbb:[a-z]+:[A-Za-z0-9]+$/;

/**
 * A value as the tool writes it (hash_generator._canonize_value, after stripping): CBV 1.x URNs as web URIs, a
 * number without trailing zeros, an EPC URI or GS1 Digital Link URI as the constrained canonical Digital Link URI.
 * CURIEs are not expanded (`cbv:BizStep-shipping` stays).
 */
export function canonicalValue(text: string): string {
  if (OWN_URN.test(text)) return text;
  let v = text;
  for (const [urn, uri] of CBV_URNS) if (v.includes(urn)) v = v.split(urn).join(uri);
  v = canonicalNumber(v);
  return digitalLink(v) ?? v;
}

/** Python float() syntax: optional sign, digits with single underscores between them, fraction, exponent. */
const PY_FLOAT = /^[+-]?(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?$/;
const PY_INF = /^[+-]?(?:inf|infinity)$/i;
const PY_NAN = /^[+-]?nan$/i;
const UNICODE_DIGIT = /\p{Nd}/u;

/** Unicode decimal digits (full-width ０-９ and the like) as ASCII digits, which Python's float() reads as such. */
function asciiDigits(text: string): string {
  if (/^\p{ASCII}*$/u.test(text)) return text;
  let out = '';
  for (const ch of text) {
    const cp = ch.codePointAt(0) as number;
    if (cp < 0x80 || !UNICODE_DIGIT.test(ch)) {
      out += ch;
      continue;
    }
    // Decimal digits come in runs of ten, zero first: the digit is the distance from the run's start, mod 10.
    let start = cp;
    while (start > 0 && UNICODE_DIGIT.test(String.fromCodePoint(start - 1))) start--;
    out += String((cp - start) % 10);
  }
  return out;
}

/**
 * A number as the tool writes it (hash_generator._try_format_numeric): whatever Python's float() reads is written as
 * an integer when it is one ("1.0" → "1", "0120" → "120", "1e3" → "1000", beyond 2^53 with the double's digits),
 * else as Python's repr of the double ("0.3430" → "0.343", "0.00001" → "1e-05"). Anything else is returned as it is.
 * "inf" makes the tool fail on the event (it skips it): EventHashError.
 */
export function canonicalNumber(text: string): string {
  const t = asciiDigits(strip(text));
  if (PY_INF.test(t)) throw new EventHashError(`the reference tool cannot hash the infinite number "${text}"`);
  if (PY_NAN.test(t) || !PY_FLOAT.test(t)) return text;
  const n = Number(t.replaceAll('_', ''));
  if (!Number.isFinite(n)) throw new EventHashError(`the reference tool cannot hash the infinite number "${text}"`);
  if (Number.isInteger(n)) return BigInt(n).toString();
  const abs = Math.abs(n);
  if (abs >= 1e-4 && abs < 1e16) return String(n);
  // Python's repr: exponent form below 1e-4, at least two exponent digits (1e-05, 1.5e-07).
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
 * URI (dl_normaliser.py), or null when the value is neither. Covers the schemes building materials can carry: SGTIN,
 * LGTIN, SSCC, SGLN, PGLN, GDTI, GIAI, GRAI, GSRN and SGTIN patterns.
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

const ISO_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:[.,](\d+))?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;
/**
 * A time in UTC with milliseconds (`…T02:00:00.000Z`), as the tool writes eventTime (hash_generator.
 * _fix_time_stamp_format): digits below the microsecond dropped, the microseconds rounded half to even to the
 * millisecond; a time without an offset read as UTC (the tool reads it in its machine's zone: run it in UTC). A
 * rounding up to the next second makes the tool fail on the event (EventHashError). Not an ISO 8601 date-time:
 * returned as it is (the tool's parser, dateutil, reads more forms; the platform writes ISO only).
 */
export function canonicalTime(text: string): string {
  const m = ISO_TIME.exec(text);
  if (!m) return text;
  const [, y, mo, d, h, mi, s, frac = '', zone = 'Z'] = m;
  const micros = Number(frac.padEnd(6, '0').slice(0, 6));
  const wholeMs = Math.floor(micros / 1000);
  const rest = micros % 1000;
  const ms = rest > 500 || (rest === 500 && wholeMs % 2 === 1) ? wholeMs + 1 : wholeMs;
  if (ms === 1000) throw new EventHashError(`the reference tool cannot round the time "${text}" to the next second`);
  let offsetMin = 0;
  if (zone.toUpperCase() !== 'Z') {
    const z = zone.replace(':', '');
    offsetMin = (z.startsWith('-') ? -1 : 1) * (Number(z.slice(1, 3)) * 60 + Number(z.slice(3, 5) || '0'));
  }
  const t = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), ms) - offsetMin * 60_000;
  return new Date(t).toISOString();
}

// ---------------------------------------------------------------------------------------------------------------
// The event as the tool's tree: (name, value, children); the elements of bizTransactionList, sourceList and
// destinationList become pairs of their first two members.

interface TreeNode {
  name: string;
  value: string;
  children: Child[];
}
type Pair = readonly [TreeNode, TreeNode];
type Child = TreeNode | Pair;

const isPair = (c: Child): c is Pair => Array.isArray(c);
const node = (name: string, value: string, children: Child[] = []): TreeNode => ({ name, value, children });
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The prefixes a document's @context defines inline (json_to_py._collect_namespaces_from_jsonld_context). */
function inlinePrefixes(context: unknown): Map<string, string> {
  const prefixes = new Map<string, string>();
  if (!Array.isArray(context)) return prefixes;
  for (const c of context) {
    if (!isObject(c)) continue;
    for (const [k, v] of Object.entries(c)) prefixes.set(k, `{${pyStr(v)}}`);
  }
  return prefixes;
}

/** Python's str() of a JSON value: what the tool writes for a value that is not a string. */
function pyStr(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === true) return 'True';
  if (v === false) return 'False';
  if (v === null || v === undefined) return 'None';
  if (typeof v === 'number') return Number.isInteger(v) ? BigInt(v).toString() : canonicalNumber(String(v));
  return String(v);
}

/** A key (`{urn:jcbb:}name`) or value (`urn:jcbb:name`) with an inline prefix expanded (json_to_py._namespace_replace). */
function expandPrefix(prefixes: Map<string, string>, text: string, isValue: boolean): string {
  const colon = text.indexOf(':');
  if (colon < 0) return text;
  const ns = prefixes.get(text.slice(0, colon));
  if (ns === undefined) return text;
  return (isValue ? ns.replace(/[{}]/g, '') : ns) + text.slice(colon + 1);
}

const IGNORED_EVERYWHERE = new Set(['#text', 'rdfs:comment', 'comment']);
const UNSORTED_KEYS = ['bizTransaction', 'source', 'destination'];

/** json_to_py._json_to_py: a JSON value as a tree; a list's items become siblings under the list's key. */
function toTree(json: unknown, prefixes: Map<string, string>): TreeNode {
  if (Array.isArray(json))
    return node(
      '',
      '',
      json.map((item) => toTree(item, prefixes)),
    );
  if (isObject(json)) {
    const out = node('type' in json ? pyStr(json.type) : '', '#text' in json ? pyStr(json['#text']) : '');
    for (const [rawKey, val] of Object.entries(json)) {
      if (IGNORED_EVERYWHERE.has(rawKey)) continue;
      const child = toTree(val, prefixes);
      const key = expandPrefix(prefixes, rawKey, false);
      if (Array.isArray(val)) {
        for (const element of child.children as TreeNode[])
          out.children.push(node(key, element.value, element.children));
      } else out.children.push(node(key, child.value, child.children));
    }
    // The tool sorts the members of other objects here; every later step sorts by text again, so that order never
    // shows (the members of a bizTransaction / source / destination keep their JSON order, and that one shows).
    return out;
  }
  return node('', pyStr(typeof json === 'string' ? expandPrefix(prefixes, json, true) : json));
}

const PAIRED_LISTS = new Set(['sourceList', 'destinationList', 'bizTransactionList']);

/** json_xml_model_mismatch_correction.deep_structure_correction: the tree in the shape of the XML binding. */
function correctStructure(n: TreeNode): TreeNode {
  if (n.children.length === 0) {
    const name = xmlName(n.name, false);
    return name === n.name ? n : node(name, n.value);
  }
  const children = n.children as TreeNode[];
  const rest: TreeNode[] = [];
  const lists = new Map<string, TreeNode[]>();
  for (const c of children) {
    if (c.name.endsWith('List')) {
      const items = lists.get(c.name) ?? [];
      items.push(node(c.name.slice(0, -4), c.value, c.children));
      lists.set(c.name, items);
    } else rest.push(c);
  }
  const level: Child[] = [...rest];
  for (const [listName, items] of lists) {
    if (PAIRED_LISTS.has(listName)) {
      const pairs = items.map((e): Pair => {
        const [first, second] = e.children as TreeNode[];
        if (!first || !second) {
          throw new EventHashError(`the reference tool cannot hash a ${listName} element without two members`);
        }
        return [first, second];
      });
      level.push(node(listName, '', pairs));
    } else level.push(node(listName, '', items));
  }
  const childEpcs = (level as TreeNode[]).filter((c) => !isPair(c) && c.name === 'childEPCs');
  const corrected: Child[] = level.filter((c) => isPair(c) || c.name !== 'childEPCs');
  if (childEpcs.length > 0)
    corrected.push(
      node(
        'childEPCs',
        '',
        childEpcs.map((c) => node('epc', c.value)),
      ),
    );
  const out = corrected.map((c) => (isPair(c) || PAIRED_LISTS.has(c.name) ? c : correctStructure(c)));
  return node(xmlName(n.name, out.length > 0), n.value, out);
}

/** The XML binding's name of a JSON field (json_xml_model_mismatch_correction._correct_xml_vs_js_structure_mismatch). */
function xmlName(name: string, hasChildren: boolean): string {
  if (name === 'inputEPC' || name === 'outputEPC') return 'epc';
  if (name === 'inputQuantity' || name === 'outputQuantity' || name === 'childQuantity') return 'quantityElement';
  return name === 'quantity' && hasChildren ? 'quantityElement' : name;
}

// ---------------------------------------------------------------------------------------------------------------
// Bare CBV words (json_to_py._bare_string_pre_preocessing): JSON-LD expansion turns the CBV terms of vocabulary
// fields into URIs; every string value of the document that exactly one of those URIs ends with (after "-" or "/")
// is replaced by it.

const CBV = 'https://ref.gs1.org/cbv/';
const GS1_VOC = 'https://gs1.org/voc/';
const words = (s: string) => new Set(s.split(' '));
/**
 * The terms of the EPCIS 2.0 JSON-LD context's vocabulary fields (ref.gs1.org/standards/epcis/2.0.0), each with the
 * URI it stands for: `base + term`.
 */
const VOCABULARIES = {
  BizStep: {
    base: `${CBV}BizStep-`,
    terms: words(
      'accepting arriving assembling collecting commissioning consigning creating_class_instance cycle_counting decommissioning departing destroying disassembling dispensing encoding entering_exiting holding inspecting installing killing loading other packing picking receiving removing repackaging repairing replacing reserving retail_selling sampling sensor_reporting shipping staging_outbound stock_taking stocking storing transporting unloading unpacking void_shipping',
    ),
  },
  Disp: {
    base: `${CBV}Disp-`,
    terms: words(
      'active available completeness_verified completeness_inferred conformant container_closed container_open damaged destroyed dispensed disposed encoded expired in_progress in_transit inactive mismatch_instance mismatch_class mismatch_quantity needs_replacement no_pedigree_match non_conformant non_sellable_other partially_dispensed recalled reserved retail_sold returned sellable_accessible sellable_not_accessible stolen unavailable unknown',
    ),
  },
  BTT: {
    base: `${CBV}BTT-`,
    terms: words('bol cert desadv inv pedigree po poc prodorder recadv rma testprd testres upevt'),
  },
  SDT: { base: `${CBV}SDT-`, terms: words('owning_party possessing_party location') },
  ER: { base: `${CBV}ER-`, terms: words('did_not_occur incorrect_data') },
  SensorType: {
    base: GS1_VOC,
    terms: words(
      'AbsoluteHumidity AbsorbedDose AbsorbedDoseRate Acceleration Radioactivity Altitude AmountOfSubstance AmountOfSubstancePerUnitVolume Angle AngularAcceleration AngularMomentum AngularVelocity Area Capacitance Conductance Conductivity Count Density Dimensionless DoseEquivalent DoseEquivalentRate DynamicViscosity ElectricCharge ElectricCurrent ElectricCurrentDensity ElectricFieldStrength Energy Exposure Force Frequency Illuminance Inductance Irradiance KinematicViscosity Length LinearMomentum Luminance LuminousFlux LuminousIntensity MagneticFlux MagneticFluxDensity MagneticVectorPotential Mass MassConcentration MassFlowRate MassPerAreaTime MemoryCapacity MolalityOfSolute MolarEnergy MolarMass MolarVolume Power Pressure RadiantFlux RadiantIntensity RelativeHumidity Resistance Resistivity SolidAngle SpecificVolume Speed SurfaceDensity SurfaceTension Temperature Time Torque Voltage Volume VolumeFlowRate VolumeFraction VolumetricFlux Wavenumber',
    ),
  },
  SensorException: { base: GS1_VOC, terms: words('ALARM_CONDITION ERROR_CONDITION') },
  Component: {
    base: `${CBV}Comp-`,
    terms: words(
      'x y z axial_distance azimuth height spherical_radius polar_angle elevation_angle easting northing latitude longitude altitude',
    ),
  },
} as const;
type Vocabulary = keyof typeof VOCABULARIES;

/** What JSON-LD expansion makes of a vocabulary field's value, when it is a CBV/GS1 web URI; else null. */
function expandVocabulary(kind: Vocabulary, value: string): string | null {
  const { base, terms } = VOCABULARIES[kind];
  if (terms.has(value)) return base + value;
  if (value.startsWith('cbv:')) return CBV + value.slice(4);
  if (value.startsWith('gs1:')) return GS1_VOC + value.slice(4);
  return null;
}

/** The vocabulary of a field, by its key and the key of the object (or list of objects) holding it. */
function vocabularyOf(key: string, parent: string): Vocabulary | null {
  if (key === 'bizStep') return 'BizStep';
  if (key === 'disposition' || (parent === 'persistentDisposition' && (key === 'set' || key === 'unset')))
    return 'Disp';
  if (key === 'type' && parent === 'bizTransactionList') return 'BTT';
  if (key === 'type' && (parent === 'sourceList' || parent === 'destinationList')) return 'SDT';
  if (key === 'reason' && parent === 'errorDeclaration') return 'ER';
  if (parent === 'sensorReport') {
    if (key === 'type') return 'SensorType';
    if (key === 'exception') return 'SensorException';
    if (key === 'component') return 'Component';
  }
  return null;
}

/** The CBV / GS1 web URIs JSON-LD expansion finds in a JSON value (json_to_py._find_expanded_values, filtered). */
function collectExpanded(json: unknown, out: Set<string>, vocab: Vocabulary | null = null, parent = ''): void {
  if (typeof json === 'string') {
    const expanded = vocab ? expandVocabulary(vocab, json) : null;
    const v = expanded ?? json;
    if (v.startsWith('https://ref.gs1.org/cbv') || v.startsWith('https://gs1.org/voc')) out.add(v);
    return;
  }
  if (Array.isArray(json)) {
    for (const item of json) collectExpanded(item, out, vocab, parent);
    return;
  }
  if (!isObject(json)) return;
  for (const [key, val] of Object.entries(json)) {
    if (key === '@context') continue;
    const kind = vocabularyOf(key, parent);
    collectExpanded(val, out, kind, key);
  }
}

/**
 * The replacements of bare words: each value that exactly one expanded URI ends with, after a "-" or "/", mapped to
 * that URI (null when several do, which the tool leaves as it is).
 */
function bareWordTable(expanded: Iterable<string>): Map<string, string | null> {
  const table = new Map<string, string | null>();
  for (const uri of expanded) {
    const suffixes = new Set<string>();
    for (let i = 0; i < uri.length; i++) if (uri[i] === '-' || uri[i] === '/') suffixes.add(uri.slice(i + 1));
    for (const suffix of suffixes) table.set(suffix, table.has(suffix) ? null : uri);
  }
  return table;
}

/** Every string value replaced by the one expanded URI that ends with "-value" or "/value", if exactly one does. */
function replaceBareWords(json: unknown, table: Map<string, string | null>): unknown {
  if (typeof json === 'string') return table.get(json) ?? json;
  if (Array.isArray(json)) return json.map((item) => replaceBareWords(item, table));
  if (isObject(json)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(json)) out[k] = replaceBareWords(v, table);
    return out;
  }
  return json;
}

// ---------------------------------------------------------------------------------------------------------------
// The pre-hash string (hash_generator.py)

interface Order {
  name: string;
  sub: Order[] | null;
}
const o = (name: string, sub: Order[] | null = null): Order => ({ name, sub });
const QUANTITY: Order[] = [o('quantityElement', [o('epcClass'), o('quantity'), o('uom')])];
const EPC: Order[] = [o('epc')];
/**
 * The tool's PROP_ORDER. Its entries for bizTransactionList, sourceList and destinationList never match (they name
 * pairs of members, which the tool compares with nodes): those lists go with the fields outside the order.
 */
const PROP_ORDER: Order[] = [
  o('eventTime'),
  o('eventTimeZoneOffset'),
  o('certificationInfo'),
  o('parentID'),
  o('epcList', EPC),
  o('inputEPCList', EPC),
  o('childEPCs', EPC),
  o('quantityList', QUANTITY),
  o('childQuantityList', QUANTITY),
  o('inputQuantityList', QUANTITY),
  o('outputEPCList', EPC),
  o('outputQuantityList', QUANTITY),
  o('action'),
  o('transformationID'),
  o('bizStep'),
  o('disposition'),
  o('persistentDisposition', [o('set'), o('unset')]),
  o('readPoint', [o('id')]),
  o('bizLocation', [o('id')]),
  o('sensorElementList', [
    o('sensorElement', [
      o('sensorMetadata', [
        o('time'),
        o('startTime'),
        o('endTime'),
        o('deviceID'),
        o('deviceMetadata'),
        o('rawData'),
        o('dataProcessingMethod'),
        o('bizRules'),
      ]),
      o(
        'sensorReport',
        'type exception deviceID deviceMetadata rawData dataProcessingMethod time microorganism chemicalSubstance value component stringValue booleanValue hexBinaryValue uriValue minValue maxValue meanValue sDev percRank percValue uom coordinateReferenceSystem'
          .split(' ')
          .map((n) => o(n)),
      ),
    ]),
  ]),
];

/** Fields never hashed (hash_generator._gather_elements_not_in_order). */
const NOT_HASHED = new Set(['recordTime', 'eventID', 'type', 'errorDeclaration']);

function childPreHash(child: TreeNode, sub: Order[] | null): string {
  const grand = sub ? inOrder(child.children, sub) : '';
  let text = '';
  if (child.value) {
    text = strip(child.value);
    const lower = child.name.toLowerCase();
    text = lower.includes('time') && !lower.includes('offset') ? canonicalTime(text) : canonicalValue(text);
    if (text) text = `=${text}`;
  }
  return text || grand ? child.name + text + grand : '';
}

/** User extensions inside a structured field: names `{namespace/}local` (hash_generator._gather_user_extensions). */
function takeUserExtensions(list: Child[]): Child[] {
  if (list.length <= 1) return [];
  if (list.some((c) => !isPair(c) && (c.name.includes('eventTime') || c.name.includes('action')))) return [];
  const ext = list.filter((c) => !isPair(c) && c.name.includes('{') && c.name.includes('/}'));
  for (const e of ext) list.splice(list.indexOf(e), 1);
  return ext;
}

/** The fields of `list` named in `order`, in that order; consumed fields leave `list` (_recurse_through_children_in_order). */
function inOrder(list: Child[], order: Order[]): string {
  let pre = '';
  const extensions = takeUserExtensions(list);
  for (const { name, sub } of order) {
    const values: string[] = [];
    const consumed = new Set<Child>();
    for (const child of list.filter((c): c is TreeNode => !isPair(c) && c.name === name)) {
      const s = childPreHash(child, sub);
      if (s) values.push(s);
      if (child.children.length === 0) consumed.add(child);
    }
    // Consumed fields leave the list in place (one pass: an epcList of 10 000 codes, one by one, would be quadratic).
    if (consumed.size > 0) {
      let kept = 0;
      for (const c of list) if (!consumed.has(c)) list[kept++] = c;
      list.length = kept;
    }
    sortCodePoints(values);
    if (values.join('')) pre = (pre ? [pre, ...values] : values).join('');
  }
  if (extensions.length > 0) pre += generic(extensions);
  return pre;
}

/** Fields outside the order: `name=value`, an object as its name and members, sorted (_generic_child_list_to_prehash_string). */
function generic(children: readonly Child[]): string {
  const values = children.map((child) => {
    if (isPair(child)) return generic(child);
    let text = strip(child.value);
    if (text) text = `=${canonicalValue(text)}`;
    return child.name + text + generic(child.children);
  });
  const sorted = children.every((c) => isPair(c) || !UNSORTED_KEYS.includes(c.name));
  if (children.length > 1 && sorted) sortCodePoints(values);
  return values.join('');
}

const DEFAULT_CONTEXT: unknown = ['https://ref.gs1.org/standards/epcis/2.0.0/epcis-context.jsonld', JCBB_CONTEXT];

/**
 * The CBV 2.0 pre-hash string of an event, as the reference implementation computes it (see the file comment).
 * Throws EventHashError where the tool fails on the event.
 */
export function preHashString(event: EpcisEventJson, options: EventHashOptions = {}): string {
  const expanded = new Set<string>();
  collectExpanded(options.vocabularyScope ?? event, expanded);
  const replaced = replaceBareWords(event, bareWordTable(expanded));
  const tree = correctStructure(toTree(replaced, inlinePrefixes(options.context ?? DEFAULT_CONTEXT)));
  const fields = tree.children;
  const ordered = inOrder(fields, PROP_ORDER);
  const rest = fields.filter((c) => isPair(c) || !NOT_HASHED.has(c.name));
  return `eventType=${tree.name}${ordered}${rest.length > 0 ? generic(rest) : ''}`;
}

/** SHA-256 of a pre-hash string's UTF-8 bytes, lowercase hex. */
export const preHashSha256 = (preHash: string): string => bytesToHex(sha256(utf8ToBytes(preHash)));

/** The hash id of a SHA-256 hex digest. */
export const hashIdOf = (sha256Hex: string): string => `ni:///sha-256;${sha256Hex}?ver=CBV2.0`;

/** An event's pre-hash string, its SHA-256 and its hash id. */
export function eventHash(event: EpcisEventJson, options: EventHashOptions = {}): EventHash {
  const preHash = preHashString(event, options);
  const hex = preHashSha256(preHash);
  return { preHash, sha256: hex, id: hashIdOf(hex) };
}

/** The event's SHA-256 over its pre-hash string, hex. */
export const eventSha256 = (event: EpcisEventJson, options?: EventHashOptions): string =>
  eventHash(event, options).sha256;

/** The CBV 2.0 event hash id, `ni:///sha-256;<hex>?ver=CBV2.0`. */
export const eventHashId = (event: EpcisEventJson, options?: EventHashOptions): string => eventHash(event, options).id;

/**
 * The hashes of an EPCISDocument's events (epcisBody.eventList, or a query document's resultsBody.eventList, or a
 * single epcisBody.event), as the tool computes them reading the document: its @context, and CBV terms looked up in
 * the whole document. An event the tool cannot hash throws EventHashError.
 */
export function documentEventHashes(doc: Readonly<Record<string, unknown>>): EventHash[] {
  const context = Array.isArray(doc['@context'])
    ? doc['@context'].filter((c) => !isObject(c) || Object.keys(c).length > 0)
    : doc['@context'];
  const body = isObject(doc.epcisBody) ? doc.epcisBody : {};
  const query = isObject(body.queryResults) && isObject(body.queryResults.resultsBody) ? body.queryResults : null;
  const events = Array.isArray(body.eventList)
    ? body.eventList
    : query && isObject(query.resultsBody) && Array.isArray(query.resultsBody.eventList)
      ? query.resultsBody.eventList
      : [body.event];
  return events.map((e) =>
    eventHash(isObject(e) ? e : {}, { context: context ?? [], vocabularyScope: { ...doc, '@context': undefined } }),
  );
}
