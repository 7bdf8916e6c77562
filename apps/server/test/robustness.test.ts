import path from 'node:path';
import {
  allEndpoints,
  endpointKey,
  governmentStatisticsEndpoints,
  ledgerEndpoints,
  ResponseCode,
  signParams,
  traceEndpoints,
} from '@jcbb/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_TRACE_CODE } from '../src/db/seed/demo-trace.ts';
import { callEndpoint } from './endpoint-call.ts';
import { startTestServer, type TestResponse, toResponse } from './harness.ts';
import {
  BASE_PARAMS,
  HOSTILE,
  HOSTILE_PATH,
  leafPaths,
  pickHostile,
  type RouteInfo,
  routesFromOpenApi,
  sampleObject,
  sampleValue,
  withValueAt,
  wrongType,
} from './robustness.inputs.ts';

/**
 * Robustness of the whole API (the standard: bad input gets a clear 4xx with per-field messages, never a 500; no
 * stack, SQL or file path in an answer). Every route of the app's OpenAPI document gets, signed and in a session
 * of a demo account: an empty body, a body of wrong types, hostile path parameters, and each field (one level into
 * arrays and objects too) replaced by hostile values while the others keep plausible ones, so the value reaches
 * the service and the database. Accounts rotate over the cases; the empty body goes as every account and anonymous.
 */

const server = await startTestServer();
afterAll(() => server.stop());

/**
 * The endpoints whose success is a JSON document published outside the envelope by design, as their declarations
 * say (`envelope: false`, contract endpoint.ts): the ledger key at its well-known address (for outsiders' tools,
 * docs/traceability.md) and EPCIS documents (application/ld+json). Their errors are still enveloped.
 */
const OUTSIDE_ENVELOPE = new Set(
  allEndpoints()
    .filter(({ endpoint }) => endpoint.envelope === false)
    .map(({ endpoint }) => endpointKey(endpoint)),
);

const routes = routesFromOpenApi(server.app.swagger() as Parameters<typeof routesFromOpenApi>[0]);
describe('the endpoints declared in the contract', () => {
  it('are all served with their method and path', () => {
    const served = new Set(routes.map((r) => `${r.method} ${r.path}`));
    const missing = allEndpoints()
      .filter(({ endpoint }) => !served.has(endpointKey(endpoint)))
      .map(({ module, name }) => `${module}.${name}`);
    expect(missing).toEqual([]);
  });

  it('answer outside the envelope only where declared so: a document on success, an enveloped error', async () => {
    expect([...OUTSIDE_ENVELOPE].sort()).toEqual(
      [
        endpointKey(ledgerEndpoints.wellKnownKey),
        endpointKey(traceEndpoints.publicEpcis),
        endpointKey(governmentStatisticsEndpoints.openStatistics),
      ].sort(),
    );
    const key = await callEndpoint(server, ledgerEndpoints.wellKnownKey);
    expect(key.status).toBe(200);
    expect(String(key.headers['content-type'])).toMatch(/^application\/json/);
    expect(key.headers['cache-control']).toBe('public, max-age=300');
    expect(key.body).toMatchObject({ publicKey: expect.any(String), fingerprint: expect.any(String) });
    expect(key.body).not.toHaveProperty('code');
    const epcis = await callEndpoint(server, traceEndpoints.publicEpcis, { code: DEMO_TRACE_CODE });
    expect(String(epcis.headers['content-type'])).toMatch(/^application\/ld\+json/);
    expect(epcis.body).toMatchObject({ type: 'EPCISDocument' });
    expect(epcis.body).not.toHaveProperty('code');
    // The demo code with its last letter changed: well formed, issued to nobody.
    const unknown = await callEndpoint(server, traceEndpoints.publicEpcis, { code: 'JCBBDEMOYM2622NJLZAB' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: expect.any(Number), msg: expect.any(String) });
    const open = await callEndpoint(server, governmentStatisticsEndpoints.openStatistics, { cityCode: '320100' });
    expect(open.status).toBe(200);
    expect(String(open.headers['content-type'])).toMatch(/^application\/json/);
    expect(open.body).toMatchObject({ city: { code: '320100' }, definitionVersion: expect.any(String) });
    expect(open.body).not.toHaveProperty('code');
    const notACity = await callEndpoint(server, governmentStatisticsEndpoints.openStatistics, { cityCode: '990100' });
    expect(notACity.status).toBe(404);
    expect(notACity.body).toMatchObject({ code: ResponseCode.NOT_FOUND, msg: expect.any(String) });
  });

  it('are every route the server answers: none is declared only on the server', () => {
    const declared = new Set(allEndpoints().map(({ endpoint }) => endpointKey(endpoint)));
    const undeclared = routes.map((r) => `${r.method} ${r.path}`).filter((key) => !declared.has(key));
    expect(undeclared).toEqual([]);
  });
});

const ACCOUNTS = {
  manufacturer: '13800000001',
  certBody: '13800000007',
  superAdmin: '13800000000',
  government: '13800000006',
  /** Another manufacturer, not yet certified: reaches the certification routes the others are past. */
  uncertified: '13800000008',
} as const;
type Account = keyof typeof ACCOUNTS | 'anonymous';
const SIGNED_IN: Account[] = ['manufacturer', 'certBody', 'superAdmin', 'government', 'uncertified'];
const tokens = new Map<Account, string>();

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
/** Text that must never be in an answer: internals of errors, SQL, where the code lives. */
const LEAKS = ['stack', 'at /', 'SELECT', 'INSERT', 'relation ', 'syntax error', REPO_ROOT, 'node_modules', '/src/'];
const SESSION_GONE: number[] = [ResponseCode.NO_SESSION, ResponseCode.SIGNED_IN_ELSEWHERE];

async function tokenOf(account: Account, fresh = false): Promise<string | null> {
  if (account === 'anonymous') return null;
  if (fresh || !tokens.has(account)) tokens.set(account, await server.login(ACCOUNTS[account]));
  return tokens.get(account) ?? null;
}

/** Query strings carry text: 1e309 as written, objects as JSON. */
function asQueryText(v: unknown): string {
  if (v === Number.POSITIVE_INFINITY) return '1e309';
  return typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** Signed request; a JSON body may hold the number 1e309 (signed as Infinity, which is what the server parses). */
async function send(method: string, url: string, params: Record<string, unknown>, token: string | null) {
  if (method === 'GET' || method === 'DELETE') {
    const query: Record<string, string> = {};
    for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined) query[k] = asQueryText(v);
    return server.call(method, url, query, token);
  }
  const signed = signParams(method, url, params, server.key);
  const payload = JSON.stringify(signed, (_k, v) => (v === Number.POSITIVE_INFINITY ? '__INF__' : v)).replaceAll(
    '"__INF__"',
    '1e309',
  );
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return toResponse(await server.app.inject({ method: method as 'POST', url, payload, headers }));
}

const PLAIN_JSON_SUCCESS = /^application\/(json|ld\+json)/;

/** What is wrong with one answer of `route`, by the standard; empty when nothing is. */
function problemsOf(route: RouteInfo, res: TestResponse): string[] {
  const out: string[] = [];
  if (res.status >= 500) out.push(`status ${res.status}`);
  const type = String(res.headers['content-type'] ?? '');
  const documentOutsideEnvelope =
    res.status === 200 && PLAIN_JSON_SUCCESS.test(type) && OUTSIDE_ENVELOPE.has(`${route.method} ${route.path}`);
  if (type.includes('json') && !documentOutsideEnvelope) {
    const b = res.body;
    if (typeof b?.code !== 'number' || typeof b?.msg !== 'string' || !('data' in b)) out.push('no envelope');
    if (b?.code === ResponseCode.INVALID_INPUT) {
      const fields = b.data?.fields;
      const ok =
        Array.isArray(fields) &&
        fields.length > 0 &&
        fields.every(
          (f: { field?: unknown; message?: unknown }) => typeof f.field === 'string' && typeof f.message === 'string',
        );
      if (!ok) out.push('40000 without data.fields');
    }
  } else if (res.status !== 200) {
    out.push(`error answer of type "${type}"`);
  } else {
    return out; // a file (PDF, image, spreadsheet): not read as text
  }
  for (const needle of LEAKS) if (res.raw.includes(needle)) out.push(`answer contains "${needle}"`);
  return out;
}

interface Case {
  label: string;
  /** null: any account the route lets in (see the test below). */
  account: Account | null;
  pathValues: Record<string, string>;
  params: Record<string, unknown>;
}

/** Path values that exist for reads (demo id 1) and do not for changes, so the suite deletes nothing real. */
function defaultPathValues(route: RouteInfo): Record<string, string> {
  const values: Record<string, string> = {};
  for (const p of route.pathParams) {
    const sample = sampleValue(p.schema);
    values[p.name] = typeof sample === 'number' ? (route.method === 'GET' ? '1' : '99999') : String(sample);
  }
  return values;
}

/** The request's fields as one schema: the JSON body, or the query parameters of GET/DELETE. */
function paramsSchema(route: RouteInfo) {
  if (route.body) return route.body;
  if (route.queryParams.length === 0) return null;
  return {
    type: 'object',
    properties: Object.fromEntries(route.queryParams.map((q) => [q.name, q.schema])),
    required: route.queryParams.filter((q) => q.required).map((q) => q.name),
  };
}

function casesFor(route: RouteInfo, routeIndex: number): Case[] {
  const pathValues = defaultPathValues(route);
  const schema = paramsSchema(route);
  const base = BASE_PARAMS[`${route.method} ${route.path}`] ?? (schema ? sampleObject(schema) : {});
  const isQuery = route.method === 'GET' || route.method === 'DELETE';
  const cases: Case[] = [];

  for (const account of ['anonymous', ...SIGNED_IN] as Account[]) {
    cases.push({ label: 'empty', account, pathValues, params: {} });
  }
  // Plausible input from every account first: who gets past the role check (see the test below).
  for (const account of SIGNED_IN) cases.push({ label: 'sample', account, pathValues, params: base });
  // Fields no schema names, of every kind: dropped or refused, never a crash.
  cases.push({
    label: 'stray fields',
    account: null,
    pathValues,
    params: { ...base, stray: HOSTILE.nested, x: 'x'.repeat(1000) },
  });
  if (schema?.properties) {
    const wrong = Object.fromEntries(Object.entries(schema.properties).map(([k, s]) => [k, wrongType(s)]));
    for (const account of SIGNED_IN) cases.push({ label: 'wrong types', account, pathValues, params: wrong });
  }
  for (const p of route.pathParams) {
    for (const value of HOSTILE_PATH) {
      cases.push({
        label: `path ${p.name}=${value}`,
        account: null,
        pathValues: { ...pathValues, [p.name]: value },
        params: base,
      });
    }
  }
  if (schema) {
    leafPaths(schema).forEach((leaf, i) => {
      for (const [name, value] of pickHostile(leaf.schema, routeIndex + i)) {
        // A lone surrogate cannot be percent-encoded into a query string at all; clients cannot send it there.
        if (isQuery && name === 'loneSurrogate') continue;
        cases.push({
          label: `${leaf.path.join('.')}=${name}`,
          account: null,
          pathValues,
          params: withValueAt(base, schema, leaf.path, value),
        });
      }
    });
  }
  return cases;
}

function urlOf(route: RouteInfo, values: Record<string, string>): string {
  return route.path.replace(/\{(\w+)\}/g, (_m, name: string) => {
    const v = values[name] ?? '1';
    return v.includes('%') ? v : encodeURIComponent(v);
  });
}

async function run(route: RouteInfo, c: Case, account: Account): Promise<TestResponse> {
  const url = urlOf(route, c.pathValues);
  let res = await send(route.method, url, c.params, await tokenOf(account));
  // A case that signs the account out (logout, another sign-in) must not spoil the next ones: sign in again.
  if (account !== 'anonymous' && route.session && SESSION_GONE.includes(res.body?.code)) {
    res = await send(route.method, url, c.params, await tokenOf(account, true));
  }
  return res;
}

describe('robustness of every route', () => {
  it('reads the whole route list from the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(routes.some((r) => r.pathParams.length > 0)).toBe(true);
  });

  it('knows a hostile value of every kind', () => {
    expect(Object.keys(HOSTILE).length).toBeGreaterThan(20);
  });

  routes.forEach((route, index) => {
    it(`${route.method} ${route.path}`, async () => {
      const failures: string[] = [];
      // Hostile fields go to the accounts whose role the route accepts (learnt from the sample cases, which every
      // account sends first), so the values get past the role check to the service and the database.
      // (Validation runs before the role check, so an empty body cannot tell.)
      const allowed = new Set<Account>(SIGNED_IN);
      let turn = index;
      for (const c of casesFor(route, index)) {
        const accepted = SIGNED_IN.filter((a) => allowed.has(a));
        const account = c.account ?? (accepted[turn++ % accepted.length] as Account);
        const res = await run(route, c, account);
        if (c.label === 'sample' && res.body?.code === ResponseCode.FORBIDDEN && allowed.size > 1)
          allowed.delete(account);
        const problems = problemsOf(route, res);
        if (problems.length > 0) {
          failures.push(
            `${c.label} as ${account} → ${res.status} ${res.body?.code} ${String(res.body?.msg).slice(0, 80)}: ${problems.join(', ')}`,
          );
        }
      }
      // The message lists every failing case in full (a diff of arrays would be cut).
      expect(failures.length, failures.join('\n')).toBe(0);
    });
  });
});
