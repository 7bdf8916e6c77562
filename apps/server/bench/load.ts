import { isMaterialsPath, ResponseCode, type SigningKey, signParams } from '@jcbb/contract';
import autocannon, { type RequestData, type RequestSpec } from 'autocannon';
import { busyShare, machineCpuTimes, processCpuSeconds } from './machine.ts';

export interface BenchRoute {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  /** What the figure measures, for the report. */
  measures: string;
  /** Signed with a fresh nonce and sent with the Bearer token; bare routes are neither. */
  signed: boolean;
  body?: Record<string, unknown>;
}

export const ROUTES: BenchRoute[] = [
  {
    name: 'bare',
    method: 'GET',
    path: '/api/health',
    measures: 'Fastify, helmet headers, request id, logging, envelope: neither signed nor signed in',
    signed: false,
  },
  {
    name: 'signed+session',
    method: 'POST',
    path: '/materials/UserInfoController/getUserRole',
    measures: 'the bare cost + JSON body parse + signature check + nonce record + cached session; no database work',
    signed: true,
    body: {},
  },
  {
    name: 'message list',
    method: 'POST',
    path: '/notice/bmMessage/getMessageList',
    measures: 'the signed cost + a paged query of the signed-in user’s messages (count + page of 5)',
    signed: true,
    body: { pageNum: 1, pageSize: 5 },
  },
];

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
  /** Share of one core this process (autocannon and signing) used during the measured run. */
  clientCpu: number;
  /** Share of the whole machine (all cores) busy during the measured run: the server, this process, the
   * kernel's loopback networking, PostgreSQL and anything else running. */
  machineBusy: number | null;
}

function expectedCode(path: string): number {
  return isMaterialsPath(path) ? ResponseCode.MATERIALS_OK : ResponseCode.OK;
}

/** Sign every request as it is sent: a fresh timestamp, nonce and signature each time, as a real client does. */
function requestSpec(route: BenchRoute, settings: LoadSettings): RequestSpec {
  if (!route.signed) return { method: route.method, path: route.path };
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${settings.token}` };
  return {
    method: route.method,
    path: route.path,
    headers,
    setupRequest: (request: RequestData): RequestData => ({
      ...request,
      headers,
      body: JSON.stringify(signParams(route.method, route.path, route.body ?? {}, settings.key)),
    }),
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
    verifyBody,
  });
  const clientUsed = process.cpuUsage(clientBefore);
  const serverAfter = processCpuSeconds(settings.serverPid);
  const machineBusy = busyShare(machineBefore, machineCpuTimes());
  const seconds = result.duration || durationSec;
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
    serverCpu: serverBefore === null || serverAfter === null ? null : (serverAfter - serverBefore) / seconds,
    clientCpu: (clientUsed.user + clientUsed.system) / 1e6 / seconds,
    machineBusy,
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
