/**
 * `node --import tsx apps/server/bench/two-processes.ts`: two real server processes on one PostgreSQL database
 * and one Redis (docs/deployment.md), against one process on the same, on the signed + signed-in route. The load
 * is split evenly between the two processes (what a round-robin proxy does, without the proxy's own cost). The
 * session is opened on the first process and used on both. Settings: BENCH_CONNECTIONS (50), BENCH_DURATION
 * (10 s), PG_ADMIN_URL, BENCH_REDIS_URL (redis://127.0.0.1:6379).
 */
import { randomUUID } from 'node:crypto';
import type { SigningKey } from '@jcbb/contract';
import autocannon from 'autocannon';
import { DEV_AUTH_KEY, DEV_AUTH_SECRET } from '../src/config.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { login, send } from './client.ts';
import { type BenchRoute, buildRequest, expectedCode, ROUTES } from './load.ts';
import { busyShare, machineCpuTimes, machineInfo, processCpuSeconds } from './machine.ts';
import { createThrowawayDatabase, DEFAULT_ADMIN_URL } from './postgres.ts';
import { type ServerProcess, startServer } from './server-process.ts';

const key: SigningKey = { appCode: 'jcbb', authKey: DEV_AUTH_KEY, secret: DEV_AUTH_SECRET };
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const durationSec = Number(process.env.BENCH_DURATION ?? 10);
const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const route: BenchRoute = (() => {
  const found = ROUTES.find((r) => r.name === 'signed+session');
  if (!found) throw new Error('no signed+session route');
  return found;
})();

interface Figures {
  requestsPerSec: number;
  p50: number;
  p99: number;
  failed: number;
}

async function load(baseUrl: string, token: string, conns: number, seconds: number): Promise<Figures> {
  const success = `{"code":${expectedCode(route.path)},`;
  const result = await autocannon({
    url: baseUrl,
    connections: conns,
    duration: seconds,
    requests: [
      {
        ...buildRequest(route, key, token),
        setupRequest: (request) => ({ ...request, ...buildRequest(route, key, token) }),
      },
    ],
    verifyBody: (body: string) => body.startsWith(success),
  });
  const failed = Math.max(result.non2xx, result.mismatches) + result.errors + result.timeouts;
  return {
    requestsPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failed,
  };
}

async function measure(servers: ServerProcess[], token: string) {
  const per = Math.max(1, Math.floor(connections / servers.length));
  // Warm-up, then the measured run with the load split over the processes.
  await Promise.all(servers.map((s) => load(s.baseUrl, token, per, 2)));
  const cpuBefore = servers.map((s) => processCpuSeconds(s.pid));
  const machineBefore = machineCpuTimes();
  const started = Date.now();
  const figures = await Promise.all(servers.map((s) => load(s.baseUrl, token, per, durationSec)));
  const elapsed = (Date.now() - started) / 1000;
  const busy = busyShare(machineBefore, machineCpuTimes());
  const cpu = servers.map((s, i) => {
    const after = processCpuSeconds(s.pid);
    const before = cpuBefore[i];
    return after !== null && before !== null && before !== undefined ? (after - before) / elapsed : null;
  });
  const total = figures.reduce((sum, f) => sum + f.requestsPerSec, 0);
  const cpuSum = cpu.every((c) => c !== null) ? cpu.reduce((sum: number, c) => sum + (c ?? 0), 0) : null;
  return {
    total: Math.round(total),
    // Server CPU time per request, all processes together: moved much less than req/s by a busy machine.
    serverCpuPerRequestUs: cpuSum === null || total === 0 ? null : Math.round((cpuSum / total) * 1e6),
    perProcess: figures.map((f) => Math.round(f.requestsPerSec)),
    p50: figures.map((f) => f.p50),
    p99: figures.map((f) => f.p99),
    failed: figures.reduce((sum, f) => sum + f.failed, 0),
    serverCpu: cpu.map((c) => (c === null ? null : Math.round(c * 100) / 100)),
    machineBusy: busy === null ? null : Math.round(busy * 100) / 100,
  };
}

async function main() {
  const database = await createThrowawayDatabase(process.env.PG_ADMIN_URL ?? DEFAULT_ADMIN_URL);
  const servers: ServerProcess[] = [];
  try {
    const env = {
      REDIS_URL: redisUrl,
      REDIS_PREFIX: `jcbb-bench-${randomUUID()}:`,
      LEDGER_SIGNING_KEY: '11'.repeat(32),
      VITEST: undefined,
    };
    const start = () =>
      startServer({ databaseUrl: database.url, logLevel: 'warn', env, onCreated: () => {}, readyTimeoutMs: 180_000 });
    // Started together, as a deployment restarts: migrations and seeds run once under the advisory lock.
    servers.push(...(await Promise.all([start(), start()])));
    const [a, b] = servers as [ServerProcess, ServerProcess];
    const token = await login(a.baseUrl, key, '13800000001', DEMO_PASSWORD);
    const onB = await send(b.baseUrl, buildRequest(route, key, token));
    if (onB.code !== expectedCode(route.path)) throw new Error(`the session does not work on B: ${onB.raw}`);

    const one = await measure([a], token);
    const two = await measure([a, b], token);
    console.log(
      JSON.stringify({ machine: machineInfo(), route: route.path, connections, durationSec, one, two }, null, 2),
    );
  } finally {
    for (const s of servers) await s.stop();
    await database.drop();
  }
}

await main();
