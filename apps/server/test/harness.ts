import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type SigningKey, signParams } from '@jcbb/contract';
import pg from 'pg';
import { type BuiltApp, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';

export { DEMO_PASSWORD };

/**
 * A whole server for one test file, on its own database: in-memory PGlite by default, or a fresh database on the
 * PostgreSQL server of TEST_DATABASE_URL (dropped afterwards). Files therefore run in parallel.
 */
export interface TestServer extends BuiltApp {
  config: Config;
  key: SigningKey;
  /** Send a signed request through the real app; `token` adds the Bearer header. */
  call(method: string, url: string, params?: Record<string, unknown>, token?: string | null): Promise<TestResponse>;
  login(mobile: string, password?: string): Promise<string>;
  stop(): Promise<void>;
}

export interface TestResponse {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers of every shape
  body: { code: number; msg: string; data: any };
  headers: Record<string, unknown>;
  raw: string;
}

export async function startTestServer(overrides: Partial<Config> = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'jcbb-test-'));
  const adminUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = `jcbb_test_${randomUUID().replaceAll('-', '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  }
  const config: Config = {
    ...loadConfig({ ...process.env, DATABASE_URL: '', REDIS_URL: process.env.TEST_REDIS_URL ?? '' }),
    dataDir,
    databaseUrl,
    memoryDb: databaseUrl === null,
    seedDemo: true,
    scryptCost: 2 ** 10,
    // Each test server its own keys in a shared Redis: throttling counters must not leak between files or runs.
    kvPrefix: `jcbb-test-${randomUUID()}:`,
    webDist: path.join(dataDir, 'no-web'),
    ...overrides,
  };
  const built = await buildApp(config, { logger: false });
  const key: SigningKey = { appCode: config.appCode, authKey: config.authKey, secret: config.authSecret };

  async function call(method: string, url: string, params: Record<string, unknown> = {}, token?: string | null) {
    const upper = method.toUpperCase();
    const signed = signParams(upper, url, params, key);
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    const res =
      upper === 'GET' || upper === 'DELETE'
        ? await built.app.inject({ method: upper, url, query: stringify(signed), headers })
        : await built.app.inject({ method: upper as 'POST', url, payload: signed, headers });
    return toResponse(res);
  }

  return {
    ...built,
    config,
    key,
    call,
    async login(mobile: string, password = DEMO_PASSWORD) {
      const res = await call('POST', '/api/auth/login', { mobile, password });
      if (res.body.code !== 0) throw new Error(`login ${mobile} failed: ${res.raw}`);
      return res.body.data.access_token as string;
    },
    async stop() {
      await built.close();
      await dropDatabase();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export function stringify(params: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params)
      .filter(([, v]) => v !== undefined && v !== null)
      .map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  );
}

export function toResponse(res: { statusCode: number; body: string; headers: Record<string, unknown> }): TestResponse {
  let body: TestResponse['body'];
  try {
    body = JSON.parse(res.body);
  } catch {
    body = { code: -1, msg: 'not json', data: null };
  }
  return { status: res.statusCode, body, headers: res.headers, raw: res.body };
}
