import { creditCode } from '../src/modules/organization/test-support.ts';

/**
 * Inputs for the robustness suite (robustness.test.ts): the route list read from the app's own OpenAPI document,
 * a plausible value for each JSON schema (so one hostile field at a time gets past the others and reaches the
 * service and the database), and the hostile values themselves.
 */

/** The subset of OpenAPI 3.0 / JSON Schema that the zod-generated documents use. */
export interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  nullable?: boolean;
}

export interface RouteInfo {
  method: string;
  /** OpenAPI form: `/api/x/{id}`. */
  path: string;
  /** Needs a session (else signed-only or bare). */
  session: boolean;
  pathParams: { name: string; schema: Schema }[];
  queryParams: { name: string; schema: Schema; required: boolean }[];
  body: Schema | null;
  /** multipart/form-data or another non-JSON body. */
  nonJsonBody: boolean;
}

interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown[];
        parameters?: { in: string; name: string; required?: boolean; schema: Schema }[];
        requestBody?: { content: Record<string, { schema: Schema }> };
      }
    >
  >;
}

export function routesFromOpenApi(doc: OpenApiDoc): RouteInfo[] {
  const routes: RouteInfo[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = op.parameters ?? [];
      const content = op.requestBody?.content ?? {};
      routes.push({
        method: method.toUpperCase(),
        path,
        session: Array.isArray(op.security) && op.security.length > 0,
        pathParams: params.filter((p) => p.in === 'path').map((p) => ({ name: p.name, schema: p.schema })),
        queryParams: params
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema, required: p.required === true })),
        body: content['application/json']?.schema ?? null,
        nonJsonBody: Object.keys(content).some((c) => c !== 'application/json'),
      });
    }
  }
  return routes;
}

/** Patterns the contract uses, each with a value that matches it. */
const PATTERN_SAMPLES: [RegExp, string][] = [
  [/^\^\\d\{6\}\$$/, '320100'],
  [/\\d\{2,8\}/, '01'],
  [/\\d\{4\}-\\d\{2\}-\\d\{2\}/, '2026-01-01'],
  [/A-Z0-9/, 'TEST-0001'],
  [/\[0-9a-f\]\{64\}/i, 'a'.repeat(64)],
  [/\^1\[3-9\]/, '13800000099'],
  [/0-9:;A-Z_a-z/, 'LOT-0001'],
];

function firstAlternative(s: Schema): Schema | undefined {
  const alts = s.anyOf ?? s.oneOf ?? s.allOf;
  return alts?.find((a) => a.type !== 'null') ?? alts?.[0];
}

/** A value the schema accepts, as far as a generic guess can tell. Integers default to 1 (demo ids exist). */
export function sampleValue(s: Schema | undefined): unknown {
  if (!s) return 'x';
  if (s.enum && s.enum.length > 0) return s.enum[0];
  const alt = firstAlternative(s);
  if (alt) return sampleValue(alt);
  if (s.default !== undefined && s.default !== null) return s.default;
  switch (s.type) {
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum + (s.exclusiveMinimum === true ? 1 : 0) : 1;
      return Math.min(Math.max(min, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return false;
    case 'array':
      return s.minItems ? Array.from({ length: s.minItems }, () => sampleValue(s.items)) : [];
    case 'object':
      return sampleObject(s);
    default: {
      if (s.format === 'date') return '2026-01-01';
      if (s.format === 'date-time') return '2026-01-01T00:00:00.000Z';
      if (s.pattern) {
        const hit = PATTERN_SAMPLES.find(([re]) => re.test(s.pattern as string));
        if (hit) return hit[1];
      }
      return '测'.repeat(Math.max(1, s.minLength ?? 1));
    }
  }
}

/** Only the required properties: fewer side effects, and optional ones are varied one by one anyway. */
export function sampleObject(s: Schema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of s.required ?? []) out[name] = sampleValue(s.properties?.[name]);
  return out;
}

/** The kind a field expects, to pick hostile values of the wrong kind and the edge cases of its own kind. */
export function kindOf(s: Schema | undefined): 'integer' | 'number' | 'string' | 'boolean' | 'array' | 'object' {
  if (!s) return 'string';
  const alt = firstAlternative(s);
  if (alt) return kindOf(alt);
  if (s.enum) return typeof s.enum[0] === 'number' ? 'integer' : 'string';
  const t = s.type;
  return t === 'integer' || t === 'number' || t === 'boolean' || t === 'array' || t === 'object' ? t : 'string';
}

/** A value of a different kind than the field expects. */
export function wrongType(s: Schema | undefined): unknown {
  switch (kindOf(s)) {
    case 'integer':
    case 'number':
      return 'abc';
    case 'boolean':
      return 'abc';
    case 'array':
      return { a: 1 };
    case 'object':
      return 'abc';
    default:
      return 12345;
  }
}

/** JSON cannot carry 1e309 as a number: the raw body writes this marker as the literal `1e309`. */
export const INFINITY = Number.POSITIVE_INFINITY;

export const HOSTILE: Record<string, unknown> = {
  abc: 'abc',
  empty: '',
  negative: -1,
  zero: 0,
  fraction: 1.5,
  '1e309': INFINITY,
  '2^63': 2 ** 63,
  '2^31': 2 ** 31,
  hugeId: 99_999_999_999,
  missingId: 99_999_999,
  true: true,
  null: null,
  array: [1, 'a'],
  object: { a: 1 },
  nested: { a: { b: { c: [{ d: { e: 1 } }] } } },
  long: 'x'.repeat(100_000),
  emoji: '😀𠮷\u202e中文',
  nul: 'a\u0000b',
  loneSurrogate: 'a\ud800b',
  sql: "' OR 1=1 --",
  percent: '%',
  underscore: '_',
  backslash: '\\',
  badDate: '2026-02-30',
  hexText: '0x1F4',
  formula: '=HYPERLINK("http://x","y")',
};

/**
 * Values `Number()` reads as numbers that are not numbers a person typed (issue 22, item 7): every number field
 * refuses them with its own message. As JSON values, and as the text a query string carries.
 */
export const NOT_NUMBERS: [string, unknown][] = [
  ['hex', '0x1F4'],
  ['binary', '0b101'],
  ['exponent text', '1e3'],
  ['true', true],
  ['[1]', [1]],
];
export const NOT_NUMBERS_AS_TEXT = ['0x1F4', '0b101', '0o17', '1e3', 'true', '[1]', 'Infinity'];

/** Which hostile values each kind of field always gets; the rest are sampled (see pickHostile). */
const ALWAYS: Record<ReturnType<typeof kindOf>, string[]> = {
  integer: ['abc', 'negative', 'zero', '1e309', '2^63', '2^31', 'hugeId', 'missingId', 'fraction'],
  number: ['abc', 'negative', '1e309', '2^63', 'hugeId'],
  string: ['long', 'nul', 'sql', 'percent', 'backslash', 'emoji', 'loneSurrogate'],
  boolean: ['abc', 'hugeId'],
  array: ['object', 'abc', 'nested'],
  object: ['array', 'abc', 'nested'],
};

/**
 * The hostile values one field gets: those that matter most for its kind, plus `extra` more drawn from the whole
 * list by a rotating offset (`seed`), so every value meets some fields without the full cross product.
 */
export function pickHostile(s: Schema | undefined, seed: number, extra = 3): [string, unknown][] {
  const names = new Set(ALWAYS[kindOf(s)]);
  const all = Object.keys(HOSTILE);
  for (let i = 0; i < extra; i++) names.add(all[(seed * 7 + i * 5) % all.length] as string);
  return [...names].map((n) => [n, HOSTILE[n]]);
}

/** Path parameter values every route with one gets. */
export const HOSTILE_PATH = ['abc', '-1', '0', '1.5', '99999999999', '9223372036854775808', '1e309', "'%20OR%201=1"];

/**
 * Every leaf of a body schema as a path (`values.0.elementId`), with its schema: top-level fields, and one level
 * into arrays and objects, where nested ids hide.
 */
export function leafPaths(s: Schema | null, prefix: string[] = [], depth = 0): { path: string[]; schema: Schema }[] {
  if (!s?.properties) return [];
  const out: { path: string[]; schema: Schema }[] = [];
  for (const [name, child] of Object.entries(s.properties)) {
    const path = [...prefix, name];
    out.push({ path, schema: child });
    if (depth >= 2) continue;
    const inner = firstAlternative(child) ?? child;
    if (inner.type === 'object') out.push(...leafPaths(inner, path, depth + 1));
    if (inner.type === 'array' && inner.items) {
      const items = firstAlternative(inner.items) ?? inner.items;
      if (items.type === 'object') out.push(...leafPaths(items, [...path, '0'], depth + 1));
      else out.push({ path: [...path, '0'], schema: items });
    }
  }
  return out;
}

/** A copy of `base` with `value` at `path`, filling missing objects/arrays on the way with sampled values. */
export function withValueAt(
  base: Record<string, unknown>,
  root: Schema,
  path: string[],
  value: unknown,
): Record<string, unknown> {
  const copy = structuredClone(base);
  let node: Record<string, unknown> | unknown[] = copy;
  let schema: Schema | undefined = root;
  for (let i = 0; i < path.length - 1; i++) {
    const key = path[i] as string;
    const s: Schema | undefined = Array.isArray(node) ? schema?.items : schema?.properties?.[key];
    const inner: Schema | undefined = s ? (firstAlternative(s) ?? s) : undefined;
    const container = node as Record<string, unknown>;
    let next = container[key];
    if (next === null || typeof next !== 'object') {
      next = inner?.type === 'array' ? [] : sampleValue(inner);
      if (next === null || typeof next !== 'object') next = {};
      container[key] = next;
    }
    if (Array.isArray(next) && next.length === 0) {
      const items = inner?.items ? (firstAlternative(inner.items) ?? inner.items) : undefined;
      next.push(items?.type === 'object' ? sampleObject(items) : sampleValue(items));
    }
    node = next as Record<string, unknown> | unknown[];
    schema = inner;
  }
  (node as Record<string, unknown>)[path[path.length - 1] as string] = value;
  return copy;
}

/**
 * Valid input for routes whose rules a generic guess cannot meet (check digits, password strength, one of two
 * fields): without it every hostile field would stop at validation of the others and never reach the database.
 * Ids here do not exist, or belong to the demo, so no case changes a real record it should not.
 */
export const BASE_PARAMS: Record<string, Record<string, unknown>> = {
  'POST /api/auth/login': { mobile: '13900000099', password: 'Wrong@2026x' },
  'POST /api/user/password': { oldPassword: 'Wrong@2026x', newPassword: 'Robust@2026x' },
  'POST /api/admin/organizations': {
    name: '鲁棒性测试企业',
    type: 1,
    regionCode: '320102',
    adminMobile: '13900000001',
    adminRealName: '测试',
  },
  'POST /api/organization/certification': {
    name: '苏州新材科技有限公司',
    nature: 4,
    regionCode: '320505',
    creditCode: creditCode('91320505MA1W9E4F7'),
    address: '江苏省苏州市虎丘区科灵路 78 号',
    legalPerson: '吴芳',
    contactName: '吴昊',
    contactPhone: '13800000008',
    licenseUploadId: 1,
  },
  'POST /api/organization/members': { mobile: '13900000002', realName: '测试' },
  'POST /api/track/check/town/code': { code: '320102' },
  'POST /materials/productInfo/addDocument': { productId: 1, kind: 1, name: '说明书', uploadId: 2 },
  'POST /materials/productInfo/againUpdate': { id: 99999, name: '测试', classifyCode: '0101', materialType: 1 },
  'POST /materials/productSpecificationsModel/batchUpdate': { ids: [99999], status: 1 },
  'POST /materials/products-settled-in-cities/getDynamicProductsSettledInCitiesDetails': { id: 1 },
  'POST /notice/bmMessage/deleteMessage': { id: 99999 },
  'POST /api/admin/elements/sort': { groups: [{ id: 99999, sort: 1 }] },
  'POST /api/blockchain/storage/add': { productDocumentId: 99999 },
  'POST /api/blockchain/check': { sha256: 'a'.repeat(64) },
  'GET /open/certificate/pdf': { no: 'CGBM-2026-000001' },
  'GET /open/certificate/verify': { no: 'CGBM-2026-000001' },
  'GET /open/ledger/proof/consistency': { first: 1, second: 2 },
};
