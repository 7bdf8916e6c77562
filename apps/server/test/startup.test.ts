import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { signParams } from '@jcbb/contract';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { DEV_AUTH_SECRET, loadConfig } from '../src/config.ts';
import { acquireDataDirLock, DataDirLockedError } from '../src/db/lock.ts';
import { users } from '../src/db/schema/index.ts';
import { hashPassword } from '../src/lib/passwords.ts';
import { DEMO_PASSWORD, startTestServer } from './harness.ts';

describe('configuration', () => {
  it('refuses the development signing key in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(/AUTH_KEY and AUTH_SECRET/);
    expect(() => loadConfig({ NODE_ENV: 'production', AUTH_KEY: 'k1', AUTH_SECRET: DEV_AUTH_SECRET })).toThrow();
    const publicBaseUrl = 'https://jcbb.example.cn';
    expect(
      loadConfig({ NODE_ENV: 'production', AUTH_KEY: 'k1', AUTH_SECRET: 's1', PUBLIC_BASE_URL: publicBaseUrl }).authKey,
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
    const inFlight = fetch(`${address}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const closing = server.stop();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { data: { access_token: string } }).data.access_token).toMatch(/^[\w-]{43}$/);
    await closing;
    await expect(fetch(`${address}/api/health`)).rejects.toThrow();
  });
});
