import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { authEndpoints, type EndpointDef, type EndpointInput, type SigningKey, signParams } from '@jcbb/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { startJobs } from '../src/jobs/scheduler.ts';
import { passwordChecks } from '../src/lib/passwords.ts';
import { hashToken } from '../src/lib/tokens.ts';
import { LOGIN_LIMITS } from '../src/modules/auth/index.ts';
import { stringify, toResponse } from './harness.ts';

/**
 * Two server processes behind a load balancer (docs/deployment.md): two whole apps started together on one
 * PostgreSQL database and one shared store (Redis; the PostgreSQL store where there is no Redis outside CI). What
 * one process learns — a spent nonce, an ended session, a failed password — the other must know at once.
 *
 * It needs a PostgreSQL server, so it runs in the PostgreSQL pass of .ci/run (TEST_DATABASE_URL). In CI that pass
 * must also have Redis: without TEST_REDIS_URL the test fails rather than skips.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? null;
const inCi = process.env.CI === 'true' || process.env.CI === '1';

describe.runIf(!!adminUrl)('two server processes on one PostgreSQL and one shared store', () => {
  const name = `jcbb_mp_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const prefix = `jcbb-test-${randomUUID()}:`;
  let a: BuiltApp;
  let b: BuiltApp;
  let key: SigningKey;
  const dirs: string[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl as string);
    url.pathname = `/${name}`;
    const config = async (): Promise<Config> => {
      const dataDir = await mkdtemp(path.join(os.tmpdir(), 'jcbb-mp-'));
      dirs.push(dataDir);
      return {
        ...loadConfig({ ...process.env, DATABASE_URL: '', REDIS_URL: '' }),
        dataDir,
        databaseUrl: url.toString(),
        memoryDb: false,
        redisUrl,
        kvPrefix: prefix,
        seedDemo: true,
        scryptCost: 2 ** 10,
        webDist: path.join(dataDir, 'no-web'),
      };
    };
    const [configA, configB] = [await config(), await config()];
    // Started together: both race to migrate, seed and run the jobs due at start.
    [a, b] = await Promise.all([buildApp(configA, { logger: false }), buildApp(configB, { logger: false })]);
    key = { appCode: configA.appCode, authKey: configA.authKey, secret: configA.authSecret };
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  async function send(app: BuiltApp, method: 'GET' | 'POST', url: string, signed: Record<string, unknown>, extra = {}) {
    const res =
      method === 'GET'
        ? await app.app.inject({ method, url, query: stringify(signed), ...extra })
        : await app.app.inject({ method, url, payload: signed, ...extra });
    return toResponse(res);
  }

  /** A signed call of endpoint `e` (no path parameters) to one of the two apps: test/calls.ts speaks to one server. */
  function call<E extends EndpointDef & { method: 'GET' | 'POST' }>(
    app: BuiltApp,
    e: E,
    input: EndpointInput<E>,
    token?: string,
  ) {
    const headers = token ? { authorization: `Bearer ${token}` } : {};
    return send(app, e.method, e.path, signParams(e.method, e.path, input as Record<string, unknown>, key), {
      headers,
    });
  }

  async function login(app: BuiltApp, mobile: string, password: string, remoteAddress: string) {
    const { path } = authEndpoints.login;
    return send(app, 'POST', path, signParams('POST', path, { mobile, password }, key), { remoteAddress });
  }

  it('in CI the shared store is Redis: the PostgreSQL pass must provide TEST_REDIS_URL', () => {
    if (inCi) expect(redisUrl, 'TEST_REDIS_URL is required in the PostgreSQL pass of CI').toBeTruthy();
    expect(a.kv.constructor.name).toBe(redisUrl ? 'RedisKvStore' : 'PostgresKvStore');
  });

  /** Rows of a query on the shared database. */
  async function rows<T>(text: string): Promise<T[]> {
    const pool = a.database.postgres?.pool;
    if (!pool) throw new Error('not on PostgreSQL');
    return (await pool.query(text)).rows as T[];
  }

  it('migrations and seeds ran once although both started together', async () => {
    const journal = JSON.parse(
      await readFile(path.join(import.meta.dirname, '../src/db/migrations/meta/_journal.json'), 'utf8'),
    ) as { entries: unknown[] };
    const [migrations] = await rows<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(migrations?.n).toBe(journal.entries.length);
    const [admins] = await rows<{ n: number }>("select count(*)::int as n from users where mobile = '13800000001'");
    expect(admins?.n).toBe(1);
  });

  it('the scheduled job due at start ran once for the two processes', async () => {
    await expect
      .poll(async () =>
        (await rows<{ runs: string }>("select runs from job_runs where name = 'certificate-expiry'")).map((r) =>
          Number(r.runs),
        ),
      )
      .toEqual([1]);
  });

  it('a job started by both schedulers at once runs once per period', async () => {
    let runs = 0;
    const job = {
      name: `test-job-${randomUUID()}`,
      everyMs: 3600_000,
      run: async () => {
        runs += 1;
      },
    };
    const log = { info() {}, error() {} };
    const stops = [startJobs(a.database.db, [job], log, 50), startJobs(b.database.db, [job], log, 50)];
    await new Promise((resolve) => setTimeout(resolve, 400));
    await Promise.all(stops.map((stop) => stop()));
    expect(runs).toBe(1);
  });

  it('a nonce used on one process is refused on the other', async () => {
    // A call outside /open/: public reads keep no nonce (docs/decisions.md, "Public lookups").
    const url = authEndpoints.getTokenInvalidDetails.path;
    const signed = signParams('GET', url, {}, key);
    expect((await send(a, 'GET', url, signed)).body.code).toBe(0);
    const replay = await send(b, 'GET', url, signed);
    expect(replay.status).toBe(401);
    expect(replay.body.code).toBe(10004);
  });

  it('a session signed in on one works on the other, and signing out on one ends it on the other at once', async () => {
    const signedIn = await login(a, '13800000001', DEMO_PASSWORD, '10.9.0.1');
    const token = signedIn.body.data.access_token as string;
    const tokenHash = hashToken(token);
    // B resolves the session and keeps it in its short cache (5 s from now at the earliest) …
    const cachedBy = Date.now();
    expect((await call(b, authEndpoints.viewer, {}, token)).body.code).toBe(0);
    expect(b.auth.cache.get(tokenHash)).toBeDefined();
    expect((await call(a, authEndpoints.logout, { appCode: 'jcbb' }, token)).body.code).toBe(0);
    // … and drops it when A's notice arrives through the shared store, before the entry could have expired.
    await expect.poll(() => b.auth.cache.get(tokenHash), { timeout: 4000, interval: 20 }).toBeUndefined();
    expect(Date.now() - cachedBy).toBeLessThan(5000);
    expect((await call(b, authEndpoints.viewer, {}, token)).body.code).toBe(10100);
  });

  it('the sign-in throttle counts across both: 100 parallel guesses split over them evaluate at most the limit', async () => {
    const before = passwordChecks.count;
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(i % 2 ? a : b, '13800000003', `Wrong@${i}`, '10.9.0.3')),
    );
    expect(passwordChecks.count - before).toBeLessThanOrEqual(LOGIN_LIMITS.perPair);
    expect(answers.filter((r) => r.status === 429).length).toBeGreaterThanOrEqual(100 - LOGIN_LIMITS.perPair);
    // The owner, from elsewhere, still gets in through either process.
    expect((await login(b, '13800000003', DEMO_PASSWORD, '10.9.0.4')).body.code).toBe(0);
  });
});
