import {
  authEndpoints,
  catalogueEndpoints,
  certificateEndpoints,
  type EndpointDef,
  type EndpointInput,
  fillPath,
  pathParamNames,
  signParams,
  systemEndpoints,
  traceEndpoints,
} from '@jcbb/contract';
import { eq, sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, OPEN_RATE_LIMIT_DEFAULT } from '../src/config.ts';
import { traceScanCounts } from '../src/db/schema/index.ts';
import { DEMO_TRACE_CODE } from '../src/db/seed/demo-trace.ts';
import { startTestServer, stringify, type TestServer, toResponse } from './harness.ts';

/*
 * Public lookups hold under abuse (issue 22, item 6): every /open/ read is limited per client address (TRUST_PROXY
 * respected, counted in the shared store for all processes) and answered 429 with Retry-After beyond it; a scan
 * counts once per client, code and day; public reads write no nonce into the store.
 */

const LIMIT = 60;
/** Two apps on one store, trusting the proxy at 127.0.0.1 (where inject's requests come from). */
let a: TestServer;
let a2: TestServer;
/** Trusting no proxy (the default). */
let b: TestServer;

beforeAll(async () => {
  const options = { openRateLimit: LIMIT, trustProxy: ['127.0.0.1'] };
  a = await startTestServer(options);
  // The same shared store as `a`: Redis (TEST_REDIS_URL), else the PostgreSQL server's kv_entries of a's database
  // (TEST_DATABASE_URL), else a's in-memory store.
  a2 = await startTestServer(
    a.config.redisUrl
      ? { ...options, kvPrefix: a.config.kvPrefix }
      : a.database.postgres
        ? { ...options, kvPrefix: a.config.kvPrefix, databaseUrl: a.config.databaseUrl }
        : { ...options, kv: a.kv },
  );
  b = await startTestServer({ openRateLimit: LIMIT });
});
afterAll(async () => {
  await a2?.stop();
  await b?.stop();
  await a?.stop();
});

/**
 * A signed call of endpoint `e` from `from` (X-Forwarded-For, which test/calls.ts does not send); the same signed
 * request again when `signed` is given.
 */
async function call<E extends EndpointDef & { method: 'GET' | 'POST' }>(
  server: TestServer,
  e: E,
  options: { from?: string; input?: EndpointInput<E>; signed?: Record<string, unknown> } = {},
) {
  const { method } = e;
  const values = (options.input ?? {}) as Record<string, unknown>;
  const url = fillPath(e.path, values);
  const names = pathParamNames(e.path);
  const params = Object.fromEntries(Object.entries(values).filter(([k]) => !names.includes(k)));
  const signed = options.signed ?? signParams(method, url, params, server.key);
  const headers = options.from ? { 'x-forwarded-for': options.from } : {};
  const res =
    method === 'GET'
      ? await server.app.inject({ method, url, query: stringify(signed), headers })
      : await server.app.inject({ method, url, payload: signed, headers });
  return { ...toResponse(res), signed };
}

const config = (server: TestServer, from?: string) => call(server, systemEndpoints.getOpenConfig, { from });
const scan = (server: TestServer, from?: string) =>
  call(server, traceEndpoints.publicTrace, { from, input: { code: DEMO_TRACE_CODE } });

/** Every key of a server's shared store, without its prefix. */
async function storeKeys(server: TestServer): Promise<string[]> {
  const prefix = server.config.kvPrefix;
  if (server.config.redisUrl) {
    const redis = new Redis(server.config.redisUrl);
    try {
      return (await redis.keys(`${prefix}*`)).map((k) => k.slice(prefix.length));
    } finally {
      await redis.quit();
    }
  }
  if (server.database.postgres) {
    const { rows } = await server.database.postgres.pool.query<{ key: string }>(
      'SELECT key FROM kv_entries WHERE starts_with(key, $1) AND expires_at > now()',
      [prefix],
    );
    return rows.map((r) => r.key.slice(prefix.length));
  }
  return [...(server.kv as unknown as { entries: Map<string, unknown> }).entries.keys()];
}

/** Answers `count` requests, expecting each 200. */
async function allowed(count: number, send: (i: number) => Promise<{ status: number; raw: string }>) {
  for (let i = 0; i < count; i++) {
    const res = await send(i);
    expect(res.status, `request ${i + 1}: ${res.raw}`).toBe(200);
  }
}

function expectRefused(res: { status: number; body: { code: number; msg: string }; headers: Record<string, unknown> }) {
  expect(res.status).toBe(429);
  expect(res.body.code).toBe(42900);
  expect(res.body.msg).toMatch(/^查询过于频繁，请 (\d+ 秒|1 分钟)后再试$/);
  const retryAfter = Number(res.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
}

describe('the /open/ rate limit', () => {
  it('is 120 requests a minute per address unless OPEN_RATE_LIMIT says otherwise', () => {
    expect(loadConfig({}).openRateLimit).toBe(OPEN_RATE_LIMIT_DEFAULT);
    expect(OPEN_RATE_LIMIT_DEFAULT).toBe(120);
    expect(loadConfig({ OPEN_RATE_LIMIT: '600' }).openRateLimit).toBe(600);
    expect(() => loadConfig({ OPEN_RATE_LIMIT: 'lots' })).toThrow(/OPEN_RATE_LIMIT: must be a whole number/);
  });

  it('answers 429 42900 with Retry-After beyond the limit, for every /open/ read, and only there', async () => {
    const from = '203.0.113.1';
    await allowed(LIMIT, () => config(a, from));
    expectRefused(await config(a, from));
    expectRefused(await scan(a, from));
    expectRefused(await call(a, certificateEndpoints.verify, { from, input: { no: 'CGBM-2026-000001' } }));
    expectRefused(await call(a, catalogueEndpoints.getRegionTree, { from }));
    // Unsigned, or to a path that does not exist: refused before anything else is looked at.
    expectRefused(toResponse(await a.app.inject({ url: '/open/no-such-thing', headers: { 'x-forwarded-for': from } })));
    // Calls outside /open/ are not counted here.
    const health = await a.app.inject({ url: systemEndpoints.health.path, headers: { 'x-forwarded-for': from } });
    expect(health.statusCode).toBe(200);
  });

  it('counts each client address apart, as TRUST_PROXY’s proxy tells it', async () => {
    await allowed(LIMIT, () => config(a, '203.0.113.2'));
    expectRefused(await config(a, '203.0.113.2'));
    expect((await config(a, '203.0.113.3')).status).toBe(200);
    expect((await config(a, '2001:db8::3')).status).toBe(200);
    // Whatever the header holds, an answer, never a 500.
    for (const junk of ['not-an-address', ' , ,', '203.0.113.3, garbage', 'x'.repeat(2000)]) {
      expect((await config(a, junk)).status, junk).toBe(200);
    }
  });

  it('ignores X-Forwarded-For without TRUST_PROXY: every request is the peer’s', async () => {
    await allowed(LIMIT, (i) => config(b, `198.51.100.${i + 1}`));
    expectRefused(await config(b, '198.51.100.250'));
    expectRefused(await config(b));
  });

  it('is shared by the processes of a deployment through the store', async () => {
    const from = '203.0.113.4';
    await allowed(LIMIT, (i) => config(i % 2 === 0 ? a : a2, from));
    expectRefused(await config(a2, from));
    expectRefused(await config(a, from));
  });
});

describe('the scan count', () => {
  const total = async (server = a) =>
    (
      await server.database.db
        .select({ n: sql<number>`coalesce(sum(${traceScanCounts.count}), 0)::int` })
        .from(traceScanCounts)
        .where(eq(traceScanCounts.code, DEMO_TRACE_CODE))
    )[0]?.n ?? 0;

  it('rises once for 50 scans from one address, twice for two addresses, and keeps no address', async () => {
    const before = await total();
    for (let i = 0; i < 50; i++) {
      const res = await scan(a, '203.0.113.5');
      expect(res.status, res.raw).toBe(200);
      expect(res.body.data.scanCount).toBe(before + 1);
    }
    expect(await total()).toBe(before + 1);
    const other = await scan(a, '203.0.113.6');
    expect(other.body.data.scanCount).toBe(before + 2);
    expect((await scan(a, '203.0.113.6')).body.data.scanCount).toBe(before + 2);
    expect(await total()).toBe(before + 2);
    // Another process of the deployment knows the scanner too (the shared store): its count is not raised.
    const before2 = await total(a2);
    expect((await scan(a2, '203.0.113.5')).body.data.scanCount).toBe(before2);
    expect(await total(a2)).toBe(before2);
    const keys = (await storeKeys(a)).join('\n');
    expect(keys).not.toContain('203.0.113');
    expect(keys).not.toContain(DEMO_TRACE_CODE);
  });
});

describe('nonces of public reads', () => {
  it('are not recorded: many /open/ reads add no key to the store', async () => {
    const from = '203.0.113.7';
    // The first reads make what an address has: its rate counter and its scan of the code today.
    await scan(a, from);
    await config(a, from);
    const keys = new Set(await storeKeys(a));
    for (let i = 0; i < 15; i++) {
      expect((await scan(a, from)).status).toBe(200);
      expect((await config(a, from)).status).toBe(200);
      expect((await call(a, catalogueEndpoints.getRegionTree, { from })).status).toBe(200);
    }
    const after = await storeKeys(a);
    expect(after.filter((k) => !keys.has(k))).toEqual([]);
    expect(after.filter((k) => k.startsWith('nonce:'))).toEqual([]);
  });

  it('are still checked once for signed calls outside /open/; a public read may be sent again', async () => {
    const once = await call(a, authEndpoints.getTokenInvalidDetails, { from: '203.0.113.8' });
    const again = await call(a, authEndpoints.getTokenInvalidDetails, { signed: once.signed });
    expect(again.body.code).toBe(10004);

    const read = await config(a, '203.0.113.8');
    const replayed = await call(a, systemEndpoints.getOpenConfig, { signed: read.signed, from: '203.0.113.8' });
    expect(replayed.status).toBe(200);
    // The signature itself is still checked.
    const forged = await call(a, systemEndpoints.getOpenConfig, {
      signed: { ...read.signed, signature: 'x'.repeat(64) },
    });
    expect(forged.body.code).toBe(10002);
  });
});
