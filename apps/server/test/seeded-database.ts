import { randomUUID } from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { type Config, loadConfig } from '../src/config.ts';

/**
 * The database every API test file starts from, built once per test run by `global-setup.ts` (migrations,
 * reference data, demo data) and handed to the test workers through Vitest's provide/inject. The harness gives
 * each server a copy: PGlite loads `dumpFile` into memory, PostgreSQL creates a database from `templateDatabase`.
 */
export interface SeededDatabase {
  /** The data folder of the seeded server (the demo's uploaded files): copied into each test server's own. */
  dataDir: string;
  /** PGlite: the seeded data folder as a tar (`Database.dumpDataDir`). */
  dumpFile: string | null;
  /** PostgreSQL (TEST_DATABASE_URL): the seeded database, used as a template only (nothing stays connected). */
  templateDatabase: string | null;
  /** The Ed25519 seed (hex) that signed the demo ledger's tree heads: servers on a copy must sign with it too. */
  ledgerSigningKey: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Absent when the server project's global setup did not run: the harness then seeds each server itself. */
    seededDatabase?: SeededDatabase;
  }
}

/** The configuration of a test server: the demo seeded, cheap password hashing, keys of its own in a shared Redis. */
export function testConfig(fields: {
  dataDir: string;
  databaseUrl: string | null;
  ledgerSigningKey: string;
  redisUrl: string;
}): Config {
  return {
    ...loadConfig({ ...process.env, DATABASE_URL: '', REDIS_URL: fields.redisUrl }),
    dataDir: fields.dataDir,
    databaseUrl: fields.databaseUrl,
    memoryDb: fields.databaseUrl === null,
    seedDemo: true,
    scryptCost: 2 ** 10,
    // Each test server its own keys in a shared Redis: throttling counters must not leak between files or runs.
    kvPrefix: `jcbb-test-${randomUUID()}:`,
    webDist: path.join(fields.dataDir, 'no-web'),
    ledgerSigningKey: fields.ledgerSigningKey,
    // Every test's requests come from 127.0.0.1: the /open/ limit is tested where it is set low on purpose
    // (test/open-reads.test.ts), and would otherwise refuse a file's hundredth public call.
    openRateLimit: 1_000_000,
    // No reader in the background: a test that reads files drains the queue itself (docs/evidence-reading.md).
    evidenceReading: false,
  };
}

/** A database name no other test or run uses. */
export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}${randomUUID().replaceAll('-', '').slice(0, 16)}`;
}

export function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function admin<T>(adminUrl: string, run: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/**
 * CREATE DATABASE, empty or as a copy of `template`. PostgreSQL refuses to copy a template while another session is
 * connected to it or copying it (55006): with several workers starting servers at once, wait and try again.
 */
export async function createDatabase(adminUrl: string, name: string, template?: string): Promise<void> {
  const sql = template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`;
  for (let attempt = 1; ; attempt++) {
    try {
      await admin(adminUrl, (c) => c.query(sql));
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt >= 50) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 150));
    }
  }
}

export async function dropDatabase(adminUrl: string, name: string): Promise<void> {
  await admin(adminUrl, (c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}
