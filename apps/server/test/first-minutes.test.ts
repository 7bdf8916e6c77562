import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { ResponseCode, type SigningKey, signParams } from '@jcbb/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AdminCreateError, createAdministrator, parseArgs } from '../src/admin-create.ts';
import { type BuiltApp, buildApp } from '../src/app.ts';
import { type Config, ConfigError, loadConfig } from '../src/config.ts';
import type { Db } from '../src/db/client.ts';
import { seedDemoData } from '../src/db/seed/demo.ts';
import { createKvStore } from '../src/lib/kv-store.ts';
import type { AuthService } from '../src/modules/auth/index.ts';
import { registerErrorHandling } from '../src/plugins/errors.ts';
import { registerGateway } from '../src/plugins/gateway.ts';
import { stringify, toResponse } from './harness.ts';
import { productionEnv } from './production-env.ts';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** The problems loadConfig reports for `env`, or [] when it accepts it. */
function problemsOf(env: NodeJS.ProcessEnv): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
}

describe('configuration is validated at start-up (fail closed)', () => {
  it('names each bad variable with what it should be, instead of running on NaN', () => {
    const problems = problemsOf({ SESSION_TTL_HOURS: 'abc', MAX_UPLOAD_MB: '-3', PORT: '99999', SEED_DEMO: 'maybe' });
    expect(problems).toHaveLength(4);
    expect(problems.find((p) => p.startsWith('SESSION_TTL_HOURS:'))).toMatch(/number of hours.*"abc"/);
    expect(problems.find((p) => p.startsWith('MAX_UPLOAD_MB:'))).toMatch(/megabytes/);
    expect(problems.find((p) => p.startsWith('PORT:'))).toMatch(/port number/);
    expect(problems.find((p) => p.startsWith('SEED_DEMO:'))).toMatch(/one of 1, true/);
    expect(problemsOf({ LOG_LEVEL: 'verbose' })[0]).toMatch(/^LOG_LEVEL: must be one of/);
    expect(problemsOf({ NODE_ENV: 'prod' })[0]).toMatch(/^NODE_ENV:/);
    expect(problemsOf({ PUBLIC_BASE_URL: 'jcbb.example.cn' })[0]).toMatch(/^PUBLIC_BASE_URL: must be a URL/);
  });

  it('never repeats a database or Redis URL, which may hold a password', () => {
    const [problem] = problemsOf({ DATABASE_URL: 'mysql://root:hunter2@db/jcbb' });
    expect(problem).toMatch(/^DATABASE_URL: must be a URL starting with postgres:/);
    expect(problem).not.toContain('hunter2');
  });

  it('reads good values and keeps the defaults for unset or empty ones', () => {
    const config = loadConfig({ SESSION_TTL_HOURS: '2.5', MAX_UPLOAD_MB: '5', PORT: '', SEED_DEMO: 'off' });
    expect(config.sessionTtlMs).toBe(2.5 * 3600_000);
    expect(config.maxUploadBytes).toBe(5 * 1024 * 1024);
    expect(config.port).toBe(8080);
    expect(config.seedDemo).toBe(false);
    expect(loadConfig({ MESSAGE_NOTICE: 'NO' }).web.messageNotice).toBe(false);
  });

  it('never seeds demo data in production: off by default, refused when asked for', () => {
    const production = productionEnv;
    expect(loadConfig(production).seedDemo).toBe(false);
    expect(problemsOf({ ...production, SEED_DEMO: 'true' })).toEqual([
      expect.stringMatching(/^SEED_DEMO: demo data .* never seeded when NODE_ENV=production/),
    ]);
  });

  it('seedDemoData itself refuses a production configuration before touching the database', async () => {
    const untouchable = new Proxy({} as Db, {
      get: () => {
        throw new Error('the database was used');
      },
    });
    await expect(
      seedDemoData(untouchable, { scryptCost: 2 ** 10, dataDir: '/nonexistent', maxUploadBytes: 1, production: true }),
    ).rejects.toThrow(/never seeded when NODE_ENV=production/);
  });
});

describe('a route without a declared access level is refused', () => {
  it('answers 403 for an undeclared route, serves a declared bare one, and a miss stays a 404', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    registerGateway(app, { keys: [], nonces: createKvStore(null), auth: {} as AuthService });
    app.get('/api/undeclared', async () => ({ secret: 'leaked' }));
    app.get('/api/declared', { config: { access: 'bare' } }, async () => ({ ok: true }));
    await app.ready();
    const undeclared = await app.inject({ method: 'GET', url: '/api/undeclared' });
    expect(undeclared.statusCode).toBe(403);
    expect(undeclared.json()).toMatchObject({ code: ResponseCode.FORBIDDEN });
    expect(undeclared.body).not.toContain('leaked');
    expect((await app.inject({ method: 'GET', url: '/api/declared' })).json()).toEqual({ ok: true });
    expect((await app.inject({ method: 'GET', url: '/api/nothing' })).json()).toMatchObject({
      code: ResponseCode.NOT_FOUND,
    });
    await app.close();
  });
});

/** One app with a small fake console build, its log lines captured; demo data is not needed here. */
describe('the built app: assets on the wire, request logs, the first administrator', () => {
  let root: string;
  let built: BuiltApp;
  let config: Config;
  let key: SigningKey;
  const lines: Record<string, unknown>[] = [];
  const script = `console.log(${JSON.stringify('建材帮帮 '.repeat(400))});\n`;

  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'jcbb-first-'));
    const webDist = path.join(root, 'web');
    await mkdir(path.join(webDist, 'assets'), { recursive: true });
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>建材帮帮</title>');
    await writeFile(path.join(webDist, 'public.html'), '<!doctype html><title>建材帮帮 public</title>');
    const asset = path.join(webDist, 'assets/index-Ab12Cd34.js');
    await writeFile(asset, script);
    await writeFile(`${asset}.br`, brotliCompressSync(script));
    await writeFile(`${asset}.gz`, gzipSync(script));
    config = {
      ...loadConfig({ ...process.env, DATABASE_URL: '', REDIS_URL: '', NODE_ENV: 'test' }),
      dataDir: root,
      memoryDb: true,
      seedDemo: false,
      scryptCost: 2 ** 10,
      logLevel: 'debug',
      webDist,
    };
    key = { appCode: config.appCode, authKey: config.authKey, secret: config.authSecret };
    built = await buildApp(config, { logStream: { write: (line) => lines.push(JSON.parse(line)) } });
  });
  afterAll(async () => {
    await built?.close();
    await rm(root, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) => built.app.inject({ method: 'GET', url, headers });

  it('sends a hashed asset brotli- or gzip-compressed by Accept-Encoding, cached for a year and immutable', async () => {
    const br = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(Buffer.byteLength(script) / 5);
    // Document-only headers are left off a script; what a script needs stays.
    expect(br.headers['content-security-policy']).toBeUndefined();
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['cross-origin-resource-policy']).toBe('same-origin');

    const gz = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/assets/index-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    const head = await built.app.inject({ method: 'HEAD', url: '/assets/index-Ab12Cd34.js' });
    expect(head.statusCode).toBe(200);
    // A file that is not there falls to the single-page fallback, an unknown API path to the 404 envelope.
    const missing = await get('/assets/index-Gone0000.js');
    expect(missing.headers['content-type']).toMatch(/text\/html/);
    expect(missing.headers['cache-control']).toBe('no-cache');
    expect(missing.headers['content-security-policy']).toContain("default-src 'self'");
    expect((await get('/api/nothing-here')).json()).toMatchObject({ code: ResponseCode.NOT_FOUND });
  });

  it('makes the browser revalidate the HTML, also as the single-page fallback', async () => {
    for (const url of ['/index.html', '/', '/home']) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-security-policy'], url).toContain("default-src 'self'");
    }
  });

  it('answers the light public document for the pages a QR code opens, the console for every other page', async () => {
    for (const url of [
      '/mobile/detail?code=JCBBDEMOYM2622NJLZAA',
      '/mobile/index',
      '/free/certificate?no=X',
      '/free/authorisation?id=X',
      '/mobile/detail/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('建材帮帮 public');
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    for (const url of ['/login', '/mobile/other', '/free/certificates', '/home']) {
      expect((await get(url)).body, url).not.toContain('public');
    }
  });

  it('compresses a JSON answer above 1 KB and leaves a small one alone', async () => {
    const large = await get('/api/docs/json', { 'accept-encoding': 'br' });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString()).openapi).toBe('3.0.3');
    const small = await get('/api/health', { 'accept-encoding': 'br' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('logs each request once, at debug, and a failed signature at warn, always with the request id', async () => {
    lines.length = 0;
    const ok = await get('/api/health');
    const signed = signParams('POST', '/api/auth/login', { mobile: '13800000000', password: 'x' }, key);
    const forged = await built.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { ...signed, signature: 'f'.repeat(64) },
    });
    expect(forged.statusCode).toBe(401);
    const requestLines = lines.filter((l) => l.url !== undefined);
    expect(requestLines).toHaveLength(2);
    const [healthLine, forgedLine] = requestLines;
    expect(healthLine).toMatchObject({
      level: 20,
      url: '/api/health',
      statusCode: 200,
      reqId: ok.headers['x-request-id'],
    });
    expect(forgedLine).toMatchObject({
      level: 40,
      url: '/api/auth/login',
      statusCode: 401,
      code: ResponseCode.SIGNATURE_MISMATCH,
      reqId: forged.headers['x-request-id'],
    });
    // Fastify's own pair of lines per request is off.
    expect(lines.some((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toBe(false);
  });

  it('logs a signed GET without its query string (which holds the signature)', async () => {
    lines.length = 0;
    const query = stringify(signParams('GET', '/open/config', {}, key));
    await built.app.inject({ method: 'GET', url: '/open/config', query });
    const line = lines.find((l) => l.url !== undefined);
    expect(line).toMatchObject({ url: '/open/config', statusCode: 200 });
    expect(JSON.stringify(lines)).not.toContain(String(query.signature));
  });

  it('admin:create makes a super_admin who can sign in, and refuses a taken mobile or a weak password', async () => {
    const password = 'Strong#Pass2026';
    await createAdministrator(built.database.db, { mobile: '+8613912345678', name: ' 王芳 ', password }, 2 ** 10);
    const login = await built.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: signParams('POST', '/api/auth/login', { mobile: '13912345678', password }, key),
    });
    const answer = toResponse(login);
    expect(answer.body.code, answer.raw).toBe(0);
    expect(answer.body.data.roles).toEqual(['super_admin']);

    // A refused call (the platform administrator is no manufacturer) is a security event: logged at warn.
    lines.length = 0;
    const refused = await built.app.inject({
      method: 'POST',
      url: '/materials/bmProduct/getProdutInfoList',
      payload: signParams('POST', '/materials/bmProduct/getProdutInfoList', {}, key),
      headers: { authorization: `Bearer ${answer.body.data.access_token}` },
    });
    expect(refused.statusCode).toBe(403);
    expect(lines.find((l) => l.url === '/materials/bmProduct/getProdutInfoList')).toMatchObject({
      level: 40,
      statusCode: 403,
      reqId: refused.headers['x-request-id'],
    });

    await expect(
      createAdministrator(built.database.db, { mobile: '13912345678', name: '另一位', password }, 2 ** 10),
    ).rejects.toThrow(/already exists/);
    await expect(
      createAdministrator(built.database.db, { mobile: '13912345679', name: '王芳', password: 'password' }, 2 ** 10),
    ).rejects.toBeInstanceOf(AdminCreateError);
    await expect(
      createAdministrator(built.database.db, { mobile: '12345', name: '王芳', password }, 2 ** 10),
    ).rejects.toThrow(/--mobile/);
    expect(parseArgs(['--mobile', '13912345678', '--name=王芳'])).toEqual({ mobile: '13912345678', name: '王芳' });
    expect(() => parseArgs(['--password', 'x'])).toThrow(AdminCreateError);
  });
});

/** What `npm start` runs: the esbuild bundle, by plain node, from any folder (its paths come from the bundle's own). */
describe('the built server (apps/server/dist)', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'jcbb-dist-'));
    execFileSync(process.execPath, ['apps/server/build.mjs'], { cwd: repoRoot, stdio: 'ignore' });
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const env = (extra: Record<string, string>): NodeJS.ProcessEnv => {
    const base: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: '', REDIS_URL: '', ...extra };
    delete base.VITEST;
    return base;
  };

  it('prints one line per bad variable and exits 1', () => {
    const run = spawnSync(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
      cwd: root,
      env: env({ SESSION_TTL_HOURS: 'abc', LOG_LEVEL: 'loud', NODE_ENV: 'development' }),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/configuration is invalid/);
    expect(run.stderr).toMatch(/^ {2}SESSION_TTL_HOURS: must be a number of hours \(got "abc"\)$/m);
    expect(run.stderr).toMatch(/^ {2}LOG_LEVEL: must be one of/m);
    expect(run.stderr).not.toMatch(/at .*\.js:\d+/);
  });

  it('starts on a new embedded database (migrations found beside the bundle) and answers', async () => {
    const port = 20_000 + (process.pid % 10_000);
    const child = spawn(process.execPath, [path.join(repoRoot, 'apps/server/dist/main.js')], {
      cwd: root,
      env: env({
        NODE_ENV: 'development',
        DATA_DIR: path.join(root, 'data'),
        PORT: String(port),
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
      }),
      stdio: 'ignore',
    });
    try {
      let status = 0;
      const deadline = Date.now() + 150_000;
      while (status !== 200 && Date.now() < deadline && child.exitCode === null) {
        status = await fetch(`http://127.0.0.1:${port}/api/health`)
          .then((r) => r.status)
          .catch(() => 0);
        if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(child.exitCode).toBeNull();
      expect(status).toBe(200);
      // The build made the first-start template, and this first start copied it instead of running initdb: the
      // cluster's system identifier (pg_control's first 8 bytes, drawn at initdb) is the template's.
      const systemId = async (pgdata: string) =>
        (await readFile(path.join(pgdata, 'global/pg_control'))).subarray(0, 8).toString('hex');
      expect(await systemId(path.join(root, 'data/pgdata'))).toBe(
        await systemId(path.join(repoRoot, 'apps/server/dist/pgdata-template')),
      );
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }, 180_000);
});
