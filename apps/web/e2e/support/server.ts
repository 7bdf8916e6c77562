import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startServer } from '../../../server/bench/server-process.ts';
import { repoRoot } from './web-build.ts';

export interface E2eServer {
  baseUrl: string;
  stop(): Promise<void>;
}

/** A database of its own on the PostgreSQL server of TEST_DATABASE_URL, as the API tests get (test/harness.ts). */
async function throwawayDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `jcbb_e2e_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * The real server as an operator starts it (the benchmark's `startServer`), serving apps/web/dist, on a fresh
 * database prepared with the demo data (support/prepare-data.ts): embedded PGlite in a temporary folder, or with
 * TEST_DATABASE_URL a throwaway database on that PostgreSQL server (CI's second `npm test`).
 */
export async function startE2eServer(): Promise<E2eServer> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'jcbb-e2e-'));
  const dataDir = path.join(root, 'data');
  let stopServer = async () => {};
  let dropDatabase = async () => {};
  const stop = async () => {
    await stopServer();
    await dropDatabase().catch((error: unknown) => console.error(`e2e: could not drop the database: ${error}`));
    await rm(root, { recursive: true, force: true });
  };
  try {
    let databaseUrl = '';
    if (process.env.TEST_DATABASE_URL) {
      const database = await throwawayDatabase(process.env.TEST_DATABASE_URL);
      dropDatabase = database.drop;
      databaseUrl = database.url;
    }
    // Not under Vitest: the children are the real server and its data, whose ledger key lives in the data folder.
    const childEnv: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl };
    delete childEnv.VITEST;
    execFileSync(process.execPath, ['--import', 'tsx', 'apps/web/e2e/support/prepare-data.ts', dataDir], {
      cwd: repoRoot,
      env: childEnv,
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const server = await startServer({
      databaseUrl: databaseUrl || null,
      dataDir,
      logLevel: 'warn',
      env: { VITEST: undefined, MESSAGE_NOTICE: 'true' },
      onCreated: (stopIt) => {
        stopServer = stopIt;
      },
    });
    return { baseUrl: server.baseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
