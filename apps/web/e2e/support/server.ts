import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { repoRoot } from './web-build.ts';

export interface E2eServer {
  baseUrl: string;
  stop(): Promise<void>;
}

const READY_TIMEOUT_MS = 120_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

function exited(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
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
 * The real server as an operator starts it (`node --import tsx apps/server/src/main.ts`), serving apps/web/dist,
 * on a fresh database prepared with the demo data (support/prepare-data.ts): embedded PGlite in a temporary
 * folder, or with TEST_DATABASE_URL a throwaway database on that PostgreSQL server (CI's second `npm test`).
 * Resolves once GET /api/health answers; its log goes to a file shown when start-up fails.
 */
export async function startE2eServer(): Promise<E2eServer> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'jcbb-e2e-'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'server.log');
  let child: ChildProcess | null = null;
  let dropDatabase = async () => {};
  // A test run ended without its teardown (Ctrl-C) must not leave the server running.
  const killOnExit = () => child?.kill('SIGTERM');
  process.once('exit', killOnExit);
  const stop = async () => {
    process.off('exit', killOnExit);
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await exited(child, 30_000))) {
        child.kill('SIGKILL');
        await exited(child, 5_000);
      }
    }
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
    execFileSync(process.execPath, ['--import', 'tsx', 'apps/web/e2e/support/prepare-data.ts', dataDir], {
      cwd: repoRoot,
      env: { ...process.env, DATABASE_URL: databaseUrl },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      MESSAGE_NOTICE: 'true',
    };
    delete env.NODE_ENV;
    const logFd = openSync(logFile, 'w');
    const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env,
      stdio: ['ignore', logFd, logFd],
    });
    child = server;
    closeSync(logFd);
    let spawnError: Error | null = null;
    server.once('error', (error) => {
      spawnError = error;
    });
    const deadline = Date.now() + READY_TIMEOUT_MS;
    for (;;) {
      if (spawnError) throw spawnError;
      if (server.exitCode !== null || server.signalCode !== null) {
        throw new Error(
          `the server exited during start-up (${server.exitCode ?? server.signalCode}):\n${tail(logFile)}`,
        );
      }
      if (Date.now() > deadline) {
        throw new Error(`the server did not answer /api/health within ${READY_TIMEOUT_MS / 1000} s:\n${tail(logFile)}`);
      }
      try {
        const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(1_000) });
        if (res.ok) break;
      } catch {
        // Not listening yet.
      }
      await sleep(200);
    }
    return { baseUrl, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
