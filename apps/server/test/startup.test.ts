import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { signParams } from '@jcbb/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { DEV_AUTH_KEY, DEV_AUTH_SECRET, loadConfig } from '../src/config.ts';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/lock.ts';
import { users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { EVENT_LOOP_STALL_LIMIT_MS } from '../src/lib/watchdog.ts';
import { SIGNING_FINGERPRINT_FILE, signingFingerprint } from '../src/lib/web-signing.ts';
import { DEMO_PASSWORD, startTestServer } from './harness.ts';
import { PRODUCTION_SECRET } from './production-env.ts';

describe('configuration', () => {
  it('refuses the development signing key in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_KEY: must be set/);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_KEY: 'k1', AUTH_SECRET: DEV_AUTH_SECRET })).toThrow();
    const publicBaseUrl = 'https://jcbb.example.cn';
    expect(
      loadConfig({
        NODE_ENV: 'production',
        AUTH_KEY: 'k1',
        AUTH_SECRET: PRODUCTION_SECRET,
        PUBLIC_BASE_URL: publicBaseUrl,
      }).authKey,
    ).toBe('k1');
  });

  it('seeds demo data by default on the embedded database only', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://x@localhost/db', SEED_DEMO: '1' }).seedDemo).toBe(true);
  });

  it('rejects a port that is not a port', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
  });
});

/**
 * Issue 23, item 5: a console built under other keys (`AUTH_KEY=… npm run build`, then the server alone under the
 * defaults) had every sign-in refused and nothing said why.
 */
describe('a console built to sign with another key', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  async function builtConsole(key: { appCode: string; authKey: string; secret: string }): Promise<string> {
    const dist = await mkdtemp(path.join(os.tmpdir(), 'jcbb-dist-'));
    dirs.push(dist);
    await writeFile(path.join(dist, 'index.html'), '<!doctype html><title>建材帮帮</title>');
    const file = { appCode: key.appCode, authKey: key.authKey, fingerprint: signingFingerprint(key) };
    await writeFile(path.join(dist, SIGNING_FINGERPRINT_FILE), JSON.stringify(file));
    return dist;
  }

  it('is said at start-up, with the command that rebuilds it', async () => {
    const webDist = await builtConsole({ appCode: 'jcbb', authKey: 'jcbb-other', secret: 'another-secret-entirely' });
    const lines: { level: number; msg: string }[] = [];
    const server = await startTestServer({ webDist, logStream: { write: (line) => lines.push(JSON.parse(line)) } });
    try {
      const warning = lines.find((l) => l.msg.includes('built to sign with another key'));
      expect(warning?.level).toBe(40);
      expect(warning?.msg).toContain(`AUTH_KEY=jcbb-other, this server APP_CODE=jcbb AUTH_KEY=${DEV_AUTH_KEY}`);
      expect(warning?.msg).toContain('npm run build');
      expect(warning?.msg).not.toContain('another-secret-entirely');
    } finally {
      await server.stop();
    }
  });

  it('says nothing when the console signs with the server’s key', async () => {
    const webDist = await builtConsole({ appCode: 'jcbb', authKey: DEV_AUTH_KEY, secret: DEV_AUTH_SECRET });
    const lines: string[] = [];
    const server = await startTestServer({ webDist, logStream: { write: (line) => lines.push(line) } });
    await server.stop();
    expect(lines.some((l) => l.includes('another key'))).toBe(false);
  });

  it('stops a production start-up before it opens the database', async () => {
    const key = { appCode: 'jcbb', authKey: 'jcbb-prod', secret: PRODUCTION_SECRET };
    const webDist = await builtConsole({ ...key, secret: `${PRODUCTION_SECRET}-old` });
    const config = {
      ...loadConfig({
        NODE_ENV: 'production',
        AUTH_KEY: key.authKey,
        AUTH_SECRET: key.secret,
        PUBLIC_BASE_URL: 'https://jcbb.example.cn',
      }),
      webDist,
      databaseUrl: 'postgres://nobody@127.0.0.1:1/none',
    };
    await expect(buildApp(config, { logger: false })).rejects.toThrow(
      /same APP_CODE and AUTH_KEY \(jcbb-prod\) but another AUTH_SECRET/,
    );
  });
});

describe('data folder lock', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('refuses a folder held by a live process and takes over a stale lock', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'jcbb-lock-'));
    dirs.push(dir);
    // The parent of this test process is alive and is not us: it stands for another server.
    await writeFile(path.join(dir, 'server.lock'), String(process.ppid));
    await expect(acquireDataDirLock(dir)).rejects.toBeInstanceOf(DataDirLockedError);

    await writeFile(path.join(dir, 'server.lock'), '2147483646');
    const release = await acquireDataDirLock(dir);
    expect(await readFile(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    await release();
    await expect(readFile(path.join(dir, 'server.lock'), 'utf8')).rejects.toThrow();
  });
});

describe('graceful shutdown', () => {
  it('finishes a request in flight, then refuses new connections', async () => {
    const server = await startTestServer();
    // A password hashed at full cost makes sign-in take long enough to be in flight while we close.
    const slowHash = await hashPassword(DEMO_PASSWORD, 2 ** 17);
    await server.database.db.update(users).set({ passwordHash: slowHash }).where(eq(users.mobile, '13800000001'));
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const body = signParams('POST', '/api/auth/login', { mobile: '13800000001', password: DEMO_PASSWORD }, server.key);
    // In flight = the server has taken the request (Fastify's own listener, registered first, has run: past its 503
    // for a closing server). A fixed wait was not enough on a busy machine: the request could arrive after the close.
    const taken = new Promise((resolve) => server.app.server.once('request', resolve));
    const inFlight = fetch(`${address}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await taken;
    const closing = server.stop();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { access_token: string } }).data.access_token).toMatch(/^[\w-]{43}$/);
    await closing;
    await expect(fetch(`${address}/api/health`)).rejects.toThrow();
  });
});

describe('a server whose event loop has stopped (issue 22, item 12)', () => {
  let server: ReturnType<typeof spawn> | null = null;
  // Should the test fail on its timeout, the server it started must not outlive it.
  afterAll(() => {
    if (server && server.exitCode === null && server.signalCode === null) server.kill('SIGKILL');
  });

  it('still stops after SIGTERM, within the watchdog’s limit', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'jcbb-stall-'));
    // Loaded before the server: SIGUSR2 starts an endless chain of promises, as the stock list's recursion did on the
    // embedded database. From then on no signal handler, timer or request runs in the main thread.
    const preload = path.join(dir, 'stall.mjs');
    await writeFile(
      preload,
      "process.on('SIGUSR2', () => { const spin = () => Promise.resolve().then(spin); spin(); });\n",
    );
    const port = 21_000 + (process.pid % 9_000);
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      DATABASE_URL: '',
      REDIS_URL: '',
      NODE_ENV: 'development',
      DATA_DIR: path.join(dir, 'data'),
      PORT: String(port),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
    };
    delete env.VITEST;
    const main = path.resolve(import.meta.dirname, '../src/main.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', '--import', preload, main], {
      // Where tsx is found; the data folder is absolute.
      cwd: import.meta.dirname,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    server = child;
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    try {
      // Ready when it prints its address (after listen, which is when the watchdog starts).
      await new Promise<void>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (d) => {
          out += d;
          if (out.includes('is running at')) resolve();
        });
        child.once('exit', () => reject(new Error(`server exited before it was ready: ${stderr}`)));
      });
      child.kill('SIGUSR2');
      // The loop is stuck when the server no longer answers.
      await expect
        .poll(
          () =>
            fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(500) })
              .then(() => 'answers')
              .catch(() => 'silent'),
          { timeout: 10_000 },
        )
        .toBe('silent');
      const sent = Date.now();
      child.kill('SIGTERM');
      const { signal } = await exited;
      // Ended by the watchdog (its SIGTERM handler could not run), within its limit of the stall.
      expect(signal).toBe('SIGKILL');
      expect(stderr).toMatch(/the event loop has not turned for \d+ s; ending the process/);
      expect(Date.now() - sent).toBeLessThan(EVENT_LOOP_STALL_LIMIT_MS + 5_000);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      await rm(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
