import { isMaterialsPath, ResponseCode, type SigningKey, signParams } from '@jcbb/contract';
import autocannon, { type RequestData, type RequestSpec } from 'autocannon';
import { busyShare, machineCpuTimes, processCpuSeconds, processRssMiB } from './machine.ts';

export interface BenchRoute {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** What the figure measures, for the report. */
  measures: string;
  /** bare: neither signed nor signed in; signed: a fresh signature each request; session: signed + Bearer token. */
  access: 'bare' | 'signed' | 'session';
  /** The parameters: the JSON body of a POST, the query of a GET. */
  params?: Record<string, unknown>;
  /** Sent as Accept-Encoding (as browsers do): the answer comes compressed when above 1 KB. */
  acceptEncoding?: string;
}

export const ROUTES: BenchRoute[] = [
  {
    name: 'bare',
    method: 'GET',
    path: '/api/health',
    measures: 'HTTP, Fastify, helmet headers, request id, request log lines, envelope: neither signed nor signed in',
    access: 'bare',
  },
  {
    name: 'signed',
    method: 'GET',
    path: '/open/config',
    measures: 'the bare cost + the signature (query string) and nonce check; no session, no database',
    access: 'signed',
  },
  {
    name: 'signed+session',
    method: 'POST',
    path: '/materials/UserInfoController/getUserRole',
    measures: 'a signed JSON body + Bearer session answered from the session cache; no database work',
    access: 'session',
    params: {},
  },
  {
    name: 'message list',
    method: 'POST',
    path: '/notice/bmMessage/getMessageList',
    measures: 'the signed+session cost + a page of 5 of the user’s messages and their counts (2 queries)',
    access: 'session',
    params: { pageNum: 1, pageSize: 5 },
  },
  {
    name: 'product list',
    method: 'POST',
    path: '/materials/bmProduct/getProdutInfoList',
    measures: 'a page of the manufacturer’s 10 newest products (≈ 8 KB of JSON), sent uncompressed',
    access: 'session',
    params: { take: 10 },
  },
  {
    name: 'product list br',
    method: 'POST',
    path: '/materials/bmProduct/getProdutInfoList',
    measures: 'the same answer brotli-compressed (quality 4), as to a browser: the CPU compression costs',
    access: 'session',
    params: { take: 10 },
    acceptEncoding: 'br',
  },
];

/** One request as a client sends it: signed afresh (new timestamp, nonce, signature) unless the route is bare. */
export function buildRequest(route: BenchRoute, key: SigningKey, token: string): RequestData {
  const headers: Record<string, string> = {};
  if (route.access === 'session') headers.authorization = `Bearer ${token}`;
  if (route.acceptEncoding) headers['accept-encoding'] = route.acceptEncoding;
  if (route.access === 'bare') return { method: route.method, path: route.path, headers };
  const signed = signParams(route.method, route.path, route.params ?? {}, key);
  if (route.method === 'GET') {
    const query = new URLSearchParams(Object.entries(signed).map(([k, v]): [string, string] => [k, String(v)]));
    return { method: route.method, path: `${route.path}?${query}`, headers };
  }
  headers['content-type'] = 'application/json';
  return { method: route.method, path: route.path, headers, body: JSON.stringify(signed) };
}

/** A run with more failed requests than this is broken; a few (e.g. a connection reset at the end) are reported only. */
export const TOLERATED_FAILURES = 5;

export interface LoadSettings {
  baseUrl: string;
  serverPid: number;
  key: SigningKey;
  token: string;
  connections: number;
  durationSec: number;
  warmupSec: number;
}

export interface RouteResult {
  route: string;
  path: string;
  requestsPerSec: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  totalRequests: number;
  /** Non-2xx answers, envelopes with a code other than success, connection errors and timeouts. */
  failed: number;
  failureSample: string | null;
  /** Share of one core the server process used during the measured run (PGlite runs inside it). */
  serverCpu: number | null;
  /** Server CPU time per request in microseconds: moved much less than req/s by other processes on the machine. */
  serverCpuPerRequestUs: number | null;
  /** Share of one core this process (autocannon and signing) used during the measured run. */
  clientCpu: number;
  /** Share of the whole machine (all cores) busy during the measured run: the server, this process, the
   * kernel's loopback networking, PostgreSQL and anything else running. */
  machineBusy: number | null;
  /** The server's resident memory right after the measured run. */
  serverRssMiB: number | null;
  /** Bytes per answer on the wire, headers included (autocannon's throughput over its request count). */
  bytesPerResponse: number | null;
}

/** The envelope's success code: 200 on materials-service paths, 0 elsewhere. */
export function expectedCode(path: string): number {
  return isMaterialsPath(path) ? ResponseCode.MATERIALS_OK : ResponseCode.OK;
}

function requestSpec(route: BenchRoute, settings: LoadSettings): RequestSpec {
  const first = buildRequest(route, settings.key, settings.token);
  if (route.access === 'bare') return first;
  // Keep autocannon's own fields (host, port) and replace what the signature changes.
  return {
    ...first,
    setupRequest: (request) => ({ ...request, ...buildRequest(route, settings.key, settings.token) }),
  };
}

async function runOnce(route: BenchRoute, settings: LoadSettings, durationSec: number): Promise<RouteResult> {
  const success = expectedCode(route.path);
  const prefix = `{"code":${success},`;
  let failureSample: string | null = null;
  const verifyBody = (body: string): boolean => {
    // The envelope's serializer writes `code` first; parse only when that quick test fails.
    let ok = body.startsWith(prefix);
    if (!ok) {
      try {
        ok = (JSON.parse(body) as { code?: unknown }).code === success;
      } catch {
        ok = false;
      }
    }
    if (!ok && failureSample === null) failureSample = body.slice(0, 300);
    return ok;
  };
  const serverBefore = processCpuSeconds(settings.serverPid);
  const clientBefore = process.cpuUsage();
  const machineBefore = machineCpuTimes();
  const result = await autocannon({
    url: settings.baseUrl,
    connections: settings.connections,
    duration: durationSec,
    requests: [requestSpec(route, settings)],
    // A compressed body cannot be read as text here: its status is checked (non2xx) and one call first (run.ts).
    ...(route.acceptEncoding ? {} : { verifyBody }),
  });
  const clientUsed = process.cpuUsage(clientBefore);
  const serverAfter = processCpuSeconds(settings.serverPid);
  const machineBusy = busyShare(machineBefore, machineCpuTimes());
  const seconds = result.duration || durationSec;
  const serverSeconds = serverBefore === null || serverAfter === null ? null : serverAfter - serverBefore;
  // A non-2xx answer's body fails verifyBody too: count it once.
  const failed = Math.max(result.non2xx, result.mismatches) + result.errors + result.timeouts;
  if (failed > 0 && failureSample === null) failureSample = JSON.stringify(result.statusCodeStats);
  return {
    route: route.name,
    path: route.path,
    requestsPerSec: result.requests.average,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    totalRequests: result.requests.total,
    failed,
    failureSample,
    serverCpu: serverSeconds === null ? null : serverSeconds / seconds,
    serverCpuPerRequestUs:
      serverSeconds === null || result.requests.total === 0 ? null : (serverSeconds / result.requests.total) * 1e6,
    clientCpu: (clientUsed.user + clientUsed.system) / 1e6 / seconds,
    machineBusy,
    serverRssMiB: processRssMiB(settings.serverPid),
    bytesPerResponse:
      result.requests.total > 0 ? Math.round((result.throughput.average * seconds) / result.requests.total) : null,
  };
}

/** A short warm-up (JIT, caches, connection set-up), then the measured run. */
export async function measureRoute(route: BenchRoute, settings: LoadSettings): Promise<RouteResult> {
  if (settings.warmupSec > 0) {
    const warm = await runOnce(route, settings, settings.warmupSec);
    if (warm.failed > TOLERATED_FAILURES) return warm;
  }
  return runOnce(route, settings, settings.durationSec);
}
