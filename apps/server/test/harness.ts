import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { type SigningKey, signParams } from '@jcbb/contract';
import { inject } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import type { KvStore } from '../src/lib/kv-store.ts';
import {
  createDatabase,
  dropDatabase as drop,
  type SeededDatabase,
  testConfig,
  uniqueDatabaseName,
  databaseUrl as urlOf,
} from './seeded-database.ts';

export { DEMO_PASSWORD };

/**
 * A whole server for one test file, on its own database: in-memory PGlite by default, or a database of its own on
 * the PostgreSQL server of TEST_DATABASE_URL (dropped afterwards). Files therefore run in parallel.
 *
 * The database is a copy of the one the server project's global setup migrated and seeded once for the whole run
 * (global-setup.ts), with a copy of its data folder (the demo's files); start-up then finds everything in place
 * and seeds nothing. `fresh: true`, or an override that changes what start-up writes (SEEDING_OVERRIDES), gets an
 * empty database that the server migrates and seeds itself, as a first start in production does.
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

export type TestServerOptions = Partial<Config> & {
  /** An empty database that start-up migrates and seeds, instead of a copy of the run's seeded one. */
  fresh?: boolean;
  /** Another server's shared store (two apps on one in-memory store); that server closes it. */
  kv?: KvStore;
  /** Where the server's log lines go (none by default). */
  logStream?: { write(line: string): void };
};

/** Overrides that change what start-up writes into the database: a server given one starts fresh. */
const SEEDING_OVERRIDES = ['seedDemo', 'scryptCost', 'databaseUrl', 'memoryDb', 'dataDir', 'ledgerSigningKey'] as const;

/** Without the run's seeded database (no global setup), this process's servers share one ledger key. */
const processLedgerKey = randomBytes(32).toString('hex');

let dump: { file: string; blob: Promise<Blob> } | null = null;
function seededDump(file: string): Promise<Blob> {
  if (dump?.file !== file) dump = { file, blob: readFile(file).then((bytes) => new Blob([bytes])) };
  return dump.blob;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const { fresh = false, kv, logStream, ...overrides } = options;
  const run = inject('seededDatabase');
  const seeded: SeededDatabase | undefined =
    fresh || SEEDING_OVERRIDES.some((key) => key in overrides) ? undefined : run;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'jcbb-test-'));
  if (seeded) await cp(seeded.dataDir, dataDir, { recursive: true });
  const adminUrl = process.env.TEST_DATABASE_URL;
  let databaseUrl: string | null = null;
  let dropDatabase = async () => {};
  if (adminUrl) {
    const name = uniqueDatabaseName('jcbb_test_');
    await createDatabase(adminUrl, name, seeded?.templateDatabase ?? undefined);
    databaseUrl = urlOf(adminUrl, name);
    dropDatabase = () => drop(adminUrl, name);
  }
  const config: Config = {
    ...testConfig({
      dataDir,
      databaseUrl,
      // The ledger's signer is one per process: fresh servers and copies in one file must sign with the same key.
      ledgerSigningKey: run?.ledgerSigningKey ?? processLedgerKey,
      redisUrl: process.env.TEST_REDIS_URL ?? '',
    }),
    ...overrides,
  };
  let database: Database | undefined;
  if (seeded?.dumpFile && config.databaseUrl === null) {
    database = await openDatabase({
      databaseUrl: null,
      dataDir,
      memory: true,
      loadDataDir: await seededDump(seeded.dumpFile),
    });
  }
  const built = await buildApp(config, logStream ? { logStream, database, kv } : { logger: false, database, kv });
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
