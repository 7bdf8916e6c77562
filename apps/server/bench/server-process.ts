import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEV_AUTH_KEY, DEV_AUTH_SECRET } from '../src/config.ts';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  baseUrl: string;
  pid: number;
  /** SIGTERM, wait for the exit (SIGKILL after 30 s), then remove the temporary folder. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** PostgreSQL connection string; none = embedded PGlite in a fresh temporary folder. */
  databaseUrl: string | null;
  logLevel: string;
  /** Extra node flags for the server (e.g. --cpu-prof). */
  nodeFlags?: string[];
  /** How long start-up may take; a PGlite database with the scale data takes minutes on a busy machine. */
  readyTimeoutMs?: number;
  /** DATA_DIR for the server (e.g. prepared with scale data); default a new folder inside the temporary one. */
  dataDir?: string | null;
  /** Called at once with `stop`, before the server is ready, so an interrupted start-up can be undone too. */
  onCreated?: (stop: () => Promise<void>) => void;
  /** Environment variables set for the server on top of ours; `undefined` removes one (e.g. VITEST). */
  env?: Record<string, string | undefined>;
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

function tail(file: string, lines = 15): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

/**
 * Start the real server from its sources (`node --import tsx apps/server/src/main.ts`, as `npm run dev` does; the
 * code `npm start` bundles into apps/server/dist, never a stale build) as a child process, and resolve once
 * GET /api/health answers. Its log goes to a file in the temporary folder, not through a
 * pipe into this process, so the load generator does not spend CPU reading it. Used by the benchmark and by the
 * end-to-end tests (apps/web/e2e/support/server.ts).
 */
export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'jcbb-bench-'));
  let child: ChildProcess | null = null;
  let stopped = false;
  // A run ended without its teardown (Ctrl-C) must not leave the server running.
  const killOnExit = () => child?.kill('SIGTERM');
  process.once('exit', killOnExit);
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    process.off('exit', killOnExit);
    if (child && child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 30_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
    await rm(root, { recursive: true, force: true });
  };
  options.onCreated?.(stop);

  const logFile = path.join(root, 'server.log');
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: options.dataDir ?? path.join(root, 'data'),
    DATABASE_URL: options.databaseUrl ?? '',
    SEED_DEMO: '1',
    LOG_LEVEL: options.logLevel,
    // The development signing key, whatever the caller's shell says: the benchmark signs with it.
    APP_CODE: 'jcbb',
    AUTH_KEY: DEV_AUTH_KEY,
    AUTH_SECRET: DEV_AUTH_SECRET,
    REDIS_URL: '',
    // The benchmark (and the e2e server) read /open/ far faster than a person, all from 127.0.0.1.
    OPEN_RATE_LIMIT: '1000000',
    ...options.env,
  };
  delete env.NODE_ENV;
  for (const [key, value] of Object.entries(options.env ?? {})) if (value === undefined) delete env[key];
  const logFd = openSync(logFile, 'w');
  const server = spawn(process.execPath, [...(options.nodeFlags ?? []), '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', logFd, logFd],
  });
  child = server;
  // The child has its own copy of the descriptor.
  closeSync(logFd);
  let spawnError: Error | null = null;
  server.once('error', (error) => {
    spawnError = error;
  });

  const readyTimeout = options.readyTimeoutMs ?? READY_TIMEOUT_MS;
  const deadline = Date.now() + readyTimeout;
  try {
    for (;;) {
      if (spawnError) throw spawnError;
      if (server.exitCode !== null || server.signalCode !== null) {
        throw new Error(
          `the server exited during start-up (${server.exitCode ?? server.signalCode}):\n${tail(logFile)}`,
        );
      }
      if (Date.now() > deadline) {
        throw new Error(`the server did not answer /api/health within ${readyTimeout / 1000} s:\n${tail(logFile)}`);
      }
      try {
        const res = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(1_000) });
        if (res.ok) break;
      } catch {
        // Not listening yet.
      }
      await sleep(200);
    }
    if (server.pid === undefined) throw new Error('the server process has no pid');
    return { baseUrl, pid: server.pid, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
