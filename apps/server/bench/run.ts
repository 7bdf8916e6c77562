/**
 * `npm run bench`: the real server's throughput on a bare route, a signed route, a signed + signed-in route with
 * no database work and the message list, on embedded PGlite and then on PostgreSQL when one is reachable.
 * docs/performance.md explains the figures; the settings are environment variables listed there.
 */

import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SigningKey } from '@jcbb/contract';
import { Redis } from 'ioredis';
import { DEV_AUTH_KEY, DEV_AUTH_SECRET } from '../src/config.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { type BundleReport, formatBundleReport, measureBundleSizes } from './bundle-size.ts';
import { CATALOGUE_ROUTE_NAME, catalogueRoute, prepareScaleData, probeCatalogue } from './catalogue.ts';
import { login, send } from './client.ts';
import { buildRequest, expectedCode, type LoadSettings, measureRoute, ROUTES, TOLERATED_FAILURES } from './load.ts';
import { busyShare, machineCpuTimes, machineInfo } from './machine.ts';
import { createThrowawayDatabase, DEFAULT_ADMIN_URL, redactUrl, type ThrowawayDatabase } from './postgres.ts';
import { type BenchReport, type DatabaseRun, formatMachine, formatRun, goalOf } from './report.ts';
import { repoRoot, type ServerProcess, startServer } from './server-process.ts';

const BENCH_MOBILE = '13800000001';
const key: SigningKey = { appCode: 'jcbb', authKey: DEV_AUTH_KEY, secret: DEV_AUTH_SECRET };

function numberSetting(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = raw ? Number(raw) : fallback;
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a non-negative number, got ${raw}`);
  return value;
}

const settings = {
  connections: numberSetting('BENCH_CONNECTIONS', 50),
  durationSec: numberSetting('BENCH_DURATION', 10),
  warmupSec: numberSetting('BENCH_WARMUP', 2),
  logLevel: process.env.BENCH_LOG_LEVEL || 'info',
};
/** Above this share of the machine busy before the run, the figures are not to be trusted. */
const BUSY_WARNING = 0.1;
/** BENCH_ROUTES=bare,signed+session runs only those (e.g. to profile one route). */
const ALL_ROUTES = [...ROUTES, catalogueRoute];
const routes = process.env.BENCH_ROUTES
  ? ALL_ROUTES.filter((r) => process.env.BENCH_ROUTES?.split(',').includes(r.name))
  : ALL_ROUTES;
if (routes.length === 0) throw new Error(`BENCH_ROUTES names none of: ${ALL_ROUTES.map((r) => r.name).join(', ')}`);
const cpuProfile = process.env.BENCH_CPU_PROF === '1';
/**
 * The set-ups measured, in this order: embedded PGlite; PostgreSQL with Redis as the shared store (the documented
 * production set-up, docs/deployment.md); PostgreSQL alone (the shared store in its own tables). BENCH_DATABASES
 * picks some, e.g. `postgres+redis,postgres`.
 */
const ALL_SETUPS = ['pglite', 'postgres+redis', 'postgres'] as const;
const setups = process.env.BENCH_DATABASES
  ? ALL_SETUPS.filter((s) => process.env.BENCH_DATABASES?.split(',').includes(s))
  : [...ALL_SETUPS];
if (setups.length === 0) throw new Error(`BENCH_DATABASES names none of: ${ALL_SETUPS.join(', ')}`);
/**
 * Issue 23's goals for signed+session against bare: 60 % with Redis (as issue 2's), 40 % on PostgreSQL alone, where
 * every signed request still writes its nonce into the database.
 */
const GOAL_WITHOUT_REDIS = 0.4;
const redisUrl = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
/** BENCH_BUNDLE=none skips building and weighing the web console at the end. */
const weighBundle = process.env.BENCH_BUNDLE !== 'none';
const resultsDir = path.join(repoRoot, 'apps/server/bench/results');

/** What must be undone if this process is interrupted: the server child and the throwaway database. */
const cleanups = new Set<() => Promise<void>>();
async function cleanUp() {
  for (const fn of [...cleanups].reverse()) {
    cleanups.delete(fn);
    await fn().catch((error: unknown) => console.error(`clean-up failed: ${String(error)}`));
  }
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping the server and removing the benchmark database…`);
    void cleanUp().finally(() => process.exit(130));
  });
}

async function benchDatabase(
  label: string,
  version: string,
  databaseUrl: string | null,
  options: { env?: Record<string, string>; goalRatio?: number } = {},
): Promise<DatabaseRun> {
  const run: DatabaseRun = {
    database: label,
    version,
    results: [],
    error: null,
    ...(options.goalRatio === undefined ? {} : { goalRatio: options.goalRatio }),
  };
  console.log(`\n${label}: starting the server (LOG_LEVEL=${settings.logLevel})…`);
  let server: ServerProcess;
  let stopServer = async () => {};
  // The catalogue search runs at 100 000 products: fill the database before the server opens it.
  let dataDir: string | null = null;
  if (routes.some((r) => r.name === CATALOGUE_ROUTE_NAME)) {
    try {
      dataDir = (await prepareScaleData(databaseUrl, (line) => console.log(line))).dataDir;
    } catch (error) {
      run.error = `seeding the scale data failed: ${error instanceof Error ? error.message : String(error)}`;
      return run;
    }
  }
  const scaleDir = dataDir;
  const removeScaleDir = async () => {
    if (scaleDir) await rm(scaleDir, { recursive: true, force: true });
  };
  cleanups.add(removeScaleDir);
  try {
    const nodeFlags = cpuProfile ? ['--cpu-prof', `--cpu-prof-dir=${path.join(resultsDir, 'profiles')}`] : [];
    server = await startServer({
      databaseUrl,
      dataDir,
      ...(dataDir ? { readyTimeoutMs: 600_000 } : {}),
      logLevel: settings.logLevel,
      nodeFlags,
      ...(options.env ? { env: options.env } : {}),
      onCreated: (stop) => {
        stopServer = stop;
        cleanups.add(stop);
      },
    });
  } catch (error) {
    cleanups.delete(stopServer);
    run.error = error instanceof Error ? error.message : String(error);
    return run;
  }
  try {
    const token = await login(server.baseUrl, key, BENCH_MOBILE, DEMO_PASSWORD);
    const load: LoadSettings = { ...settings, baseUrl: server.baseUrl, serverPid: server.pid, key, token };
    for (const route of routes) {
      // One call first, so a missing or broken route says why instead of failing thousands of times.
      const answer = await send(server.baseUrl, buildRequest(route, key, token));
      if (answer.status < 200 || answer.status > 299 || answer.code !== expectedCode(route.path)) {
        run.error = `${route.method} ${route.path} answered HTTP ${answer.status}: ${answer.raw}`;
        console.log(`  ${route.name}: ${run.error}`);
        continue;
      }
      const result = await measureRoute(route, load);
      run.results.push(result);
      console.log(
        `  ${route.name}: ${result.requestsPerSec.toFixed(0)} req/s, p99 ${result.latencyP99Ms} ms, ${result.failed} failed, ` +
          `${result.bytesPerResponse ?? '?'} B/answer, ${result.serverCpuPerRequestUs?.toFixed(0) ?? '?'} µs server CPU/request`,
      );
      if (route.name === CATALOGUE_ROUTE_NAME) {
        const probe = await probeCatalogue(server.baseUrl, key, 4, settings.durationSec);
        run.catalogue = probe;
        console.log(
          `  ${route.name}, latency probe (${probe.concurrency} clients, varied searches): p50 ${probe.p50Ms} ms, ` +
            `p95 ${probe.p95Ms} ms, p99 ${probe.p99Ms} ms, ${probe.requestsPerSec.toFixed(0)} req/s, ${probe.failed} failed`,
        );
      }
    }
  } catch (error) {
    run.error = error instanceof Error ? error.message : String(error);
  } finally {
    cleanups.delete(stopServer);
    await server.stop();
    cleanups.delete(removeScaleDir);
    await removeScaleDir();
  }
  return run;
}

/** Redis's version when it answers PING at BENCH_REDIS_URL, else null (the run with Redis is skipped, said why). */
async function redisVersion(): Promise<string | null> {
  if (redisUrl === 'none') return null;
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 3_000 });
  redis.on('error', () => {});
  try {
    await redis.connect();
    const info = await redis.info('server');
    return `Redis ${/redis_version:(\S+)/.exec(info)?.[1] ?? '?'}`;
  } catch (error) {
    console.log(
      `\nRedis is not reachable at ${redactUrl(redisUrl)} (${error instanceof Error ? error.message : String(error)}): PostgreSQL + Redis skipped.`,
    );
    return null;
  } finally {
    redis.disconnect();
  }
}

/** One run on a throwaway database of the PostgreSQL server, with Redis as the shared store or without. */
async function postgresRun(withRedis: boolean): Promise<DatabaseRun | null> {
  const adminUrl = process.env.BENCH_DATABASE_URL || DEFAULT_ADMIN_URL;
  if (adminUrl === 'none') return null;
  const redis = withRedis ? await redisVersion() : null;
  if (withRedis && !redis) return null;
  let database: ThrowawayDatabase;
  try {
    database = await createThrowawayDatabase(adminUrl);
  } catch (error) {
    console.log(
      `\nPostgreSQL is not reachable at ${redactUrl(adminUrl)} (${error instanceof Error ? error.message : String(error)}): PGlite only.`,
    );
    return null;
  }
  cleanups.add(database.drop);
  const version = database.version.split(' on ')[0] ?? database.version;
  try {
    return await benchDatabase(
      withRedis ? 'PostgreSQL + Redis' : 'PostgreSQL alone',
      withRedis ? `${version}, ${redis}` : version,
      database.url,
      withRedis
        ? { env: { REDIS_URL: redisUrl, REDIS_PREFIX: `jcbb-bench-${randomUUID()}:` } }
        : { goalRatio: GOAL_WITHOUT_REDIS },
    );
  } finally {
    cleanups.delete(database.drop);
    await database.drop();
  }
}

async function main(): Promise<number> {
  const machine = machineInfo();
  console.log(formatMachine(machine));
  console.log(
    `${settings.connections} connections, ${settings.warmupSec} s warm-up + ${settings.durationSec} s per route; ` +
      `the load generator shares the machine's ${machine.cores} cores with the server.`,
  );
  const before = machineCpuTimes();
  await sleep(2_000);
  const busyBefore = busyShare(before, machineCpuTimes());
  if (busyBefore !== null) {
    const note = `The machine was ${Math.round(busyBefore * 100)}% busy before the run`;
    console.log(
      busyBefore > BUSY_WARNING
        ? `WARNING: ${note}: other processes take CPU from the server and the figures will be low and noisy.`
        : `${note}.`,
    );
  }
  const runs: DatabaseRun[] = [];
  if (setups.includes('pglite')) {
    runs.push(await benchDatabase('PGlite', 'embedded PostgreSQL (WASM) in the server process', null));
  }
  for (const withRedis of [true, false]) {
    if (!setups.includes(withRedis ? 'postgres+redis' : 'postgres')) continue;
    const pgRun = await postgresRun(withRedis);
    if (pgRun) runs.push(pgRun);
  }

  // Last, so the browser and the build take no CPU from the load runs.
  let bundle: BundleReport = { signIn: null, shell: null, skipped: 'BENCH_BUNDLE=none', error: null };
  if (weighBundle) {
    console.log('\nWeb console: building it and weighing the JavaScript its pages fetch in Chromium…');
    let stopBundleServer = async () => {};
    bundle = await measureBundleSizes((stop) => {
      stopBundleServer = stop;
      cleanups.add(stop);
    });
    cleanups.delete(stopBundleServer);
  }

  const report: BenchReport & { bundle: BundleReport } = {
    date: new Date().toISOString(),
    machine,
    settings,
    busyBefore,
    runs: runs.map((run) => ({ ...run, goal: goalOf(run) })),
    bundle,
  };
  console.log(`\n${formatMachine(machine)}, ${report.date}`);
  if (busyBefore !== null && busyBefore > BUSY_WARNING) {
    console.log(`WARNING: the machine was ${Math.round(busyBefore * 100)}% busy before the run: figures skewed.`);
  }
  for (const run of runs) console.log(`\n${formatRun(run)}`);
  console.log(`\n${formatBundleReport(bundle)}`);

  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `bench-${report.date.replaceAll(':', '-').replace(/\.\d+Z$/, 'Z')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nFigures written to ${path.relative(repoRoot, file)}`);
  if (cpuProfile)
    console.log(`CPU profiles of the server in ${path.relative(repoRoot, path.join(resultsDir, 'profiles'))}`);

  const broken = runs.filter((run) => run.error !== null || run.results.some((r) => r.failed > TOLERATED_FAILURES));
  if (broken.length > 0) {
    console.error(`\nBENCHMARK FAILED on ${broken.map((r) => r.database).join(', ')}: see the lines marked "!" above.`);
    return 1;
  }
  if (bundle.error) {
    console.error('\nBENCHMARK FAILED measuring the web console: see the line marked "!" above.');
    return 1;
  }
  return 0;
}

main()
  .catch(async (error: unknown) => {
    console.error(`benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return 1;
  })
  .then(async (code) => {
    await cleanUp();
    process.exit(code);
  });
