/**
 * `npm run bench:trace`: the public scan page, GET /open/trace/{code}, at 1 000 000 trace codes on PostgreSQL
 * (docs/traceability.md, "The public scan page"; not part of `npm run bench` nor of `npm test`).
 *
 * 1. A throwaway database on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres); the
 *    real server (apps/server/src/main.ts) starts on it and seeds the demo.
 * 2. Filled with SQL generate_series, in bulk: BENCH_TRACE_LOTS lots (default 1 000) of the demo maker's
 *    specifications, each with 100 packages of 9 items (1 000 codes a lot: 1 000 000 codes), a commissioning event
 *    naming every code, a shipment of the packages to the demo dealer with its shipping and receiving events
 *    (1.2 M trace_event_codes rows, 100 000 shipment_codes rows); 1 % of the items are installed, so their first
 *    scan raises the after_installed alert and messages the maker.
 * 3. A latency probe (BENCH_TRACE_PROBE_CLIENTS clients, default 4, for BENCH_TRACE_PROBE_SEC seconds, default 15)
 *    scans random codes — items, packages, installed ones — each request signed afresh: p50/p95/p99 and req/s.
 * 4. autocannon at BENCH_CONNECTIONS (default 50) for BENCH_DURATION seconds (default 10): throughput at saturation.
 * 5. Sequential scans on the trace tables during the runs (pg_stat_user_tables): the lookups must use indexes only.
 * 6. A shipment of 10 000 codes, BENCH_TRACE_SHIPMENTS times (default 3) through the API as the console sends it:
 *    a lot of 10 000 units, its 10 000 item codes generated, then the timed part — the draft saved with every code
 *    (`POST /api/track/shipment/save`) and shipped (`POST /api/track/shipment/ship`) — into a database that already
 *    holds the million codes above.
 * BENCH_CPU_PROF=1 runs the server with `node --cpu-prof` (profiles in apps/server/bench/results/profiles/);
 * BENCH_TRACE_KEEP_DB=1 keeps the filled database for a look at its plans (drop it by hand afterwards), and
 * BENCH_TRACE_REUSE_URL=<its URL> runs again on it without filling (same BENCH_TRACE_LOTS).
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type SigningKey, signParams } from '@jcbb/contract';
import autocannon from 'autocannon';
import pg from 'pg';
import { DEV_AUTH_KEY, DEV_AUTH_SECRET } from '../src/config.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { login, send } from './client.ts';
import { createThrowawayDatabase, DEFAULT_ADMIN_URL, redactUrl } from './postgres.ts';
import { type ServerProcess, startServer } from './server-process.ts';

const LOTS = Number(process.env.BENCH_TRACE_LOTS || 1_000);
const PACKAGES_PER_LOT = 100;
const ITEMS_PER_PACKAGE = 9;
const CODES_PER_LOT = PACKAGES_PER_LOT * (1 + ITEMS_PER_PACKAGE);
const PROBE_CLIENTS = Number(process.env.BENCH_TRACE_PROBE_CLIENTS || 4);
const PROBE_SEC = Number(process.env.BENCH_TRACE_PROBE_SEC || 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 50);
const DURATION_SEC = Number(process.env.BENCH_DURATION || 10);
const SHIPMENTS = Number(process.env.BENCH_TRACE_SHIPMENTS || 3);
const PROFILES_DIR = path.join(import.meta.dirname, 'results', 'profiles');
/** Codes in the benchmark's shipment (the API's limit per call, CODES_PER_CALL_MAX). */
const SHIPMENT_CODES = 10_000;
const key: SigningKey = { appCode: 'jcbb', authKey: DEV_AUTH_KEY, secret: DEV_AUTH_SECRET };

/** The tables the page reads by index; a sequential scan on one of them at this size is a bug. */
const WATCHED = [
  'trace_codes',
  'trace_event_codes',
  'trace_events',
  'shipment_codes',
  'shipments',
  'trace_scan_counts',
  'trace_alerts',
  'lots',
];

/**
 * Code number n (1-based) as the SQL below writes it: the first 20 hex digits of md5(n) spelled with A–P (valid
 * base32 letters), so this process knows every code without reading a million rows back.
 */
export function benchCode(n: number): string {
  const hex = createHash('md5').update(String(n)).digest('hex').slice(0, 20);
  return hex.replace(/[0-9a-f]/g, (c) => 'ABCDEFGHIJKLMNOP'.charAt(Number.parseInt(c, 16)));
}
const SQL_CODE = (n: string) => `translate(substr(md5((${n})::text), 1, 20), '0123456789abcdef', 'ABCDEFGHIJKLMNOP')`;

/** Code numbers: lot l (0-based) holds packages l*1000+1 … l*1000+100, then its items (9 per package). */
const packageNo = (lot: number, p: number) => lot * CODES_PER_LOT + p + 1;
const itemNo = (lot: number, p: number, i: number) =>
  lot * CODES_PER_LOT + PACKAGES_PER_LOT + p * ITEMS_PER_PACKAGE + i + 1;

async function fill(client: pg.Client, lots: number) {
  const t0 = performance.now();
  const step = async (label: string, text: string) => {
    const t = performance.now();
    const r = await client.query(text);
    console.log(`  ${label}: ${r.rowCount ?? 0} rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  };
  const one = async <T>(text: string) => (await client.query(text)).rows[0] as T;
  const maker = await one<{ org_id: number; user_id: number }>(
    `select o.id as org_id, u.id as user_id from organizations o join users u on u.org_id = o.id
     where u.mobile = '13800000001'`,
  );
  const dealer = await one<{ org_id: number }>(`select org_id from users where mobile = '13800000002'`);
  const specs = await client.query<{ spec_id: number; product_id: number; unit_id: number }>(
    `select s.id as spec_id, s.product_id, s.unit_id from product_specs s join products p on p.id = s.product_id
     where p.org_id = ${maker.org_id} order by s.id`,
  );
  if (specs.rows.length === 0) throw new Error('the demo maker has no specifications');
  await client.query(
    `create temporary table bench_specs as select row_number() over () - 1 as k, * from (values ${specs.rows
      .map((s) => `(${s.spec_id}, ${s.product_id}, ${s.unit_id})`)
      .join(',')}) as v(spec_id, product_id, unit_id)`,
  );
  const nSpecs = specs.rows.length;

  await step(
    'lots',
    `insert into lots (org_id, product_id, spec_id, batch_no, production_date, quantity, evidence, created_by)
     select ${maker.org_id}, s.product_id, s.spec_id, 'BENCH' || lpad(g::text, 6, '0'), date '2026-01-01' + (g % 90),
            ${CODES_PER_LOT}, '{}'::jsonb, ${maker.user_id}
     from generate_series(0, ${lots - 1}) g join bench_specs s on s.k = g % ${nSpecs}`,
  );
  await client.query(
    `create temporary table bench_lots as
     select (row_number() over (order by id) - 1)::int as k, id, spec_id, product_id from lots where batch_no like 'BENCH%'`,
  );
  await step(
    'trace_codes (packages)',
    `insert into trace_codes (code, org_id, lot_id, spec_id, level, quantity, status, holder_key)
     select ${SQL_CODE(`l.k * ${CODES_PER_LOT} + p + 1`)}, ${maker.org_id}, l.id, l.spec_id, 'package',
            ${ITEMS_PER_PACKAGE}, 'held', 'org:${dealer.org_id}'
     from bench_lots l cross join generate_series(0, ${PACKAGES_PER_LOT - 1}) p`,
  );
  await step(
    'trace_codes (items)',
    `insert into trace_codes (code, org_id, lot_id, spec_id, level, quantity, parent_code, status, holder_key)
     select ${SQL_CODE(`l.k * ${CODES_PER_LOT} + ${PACKAGES_PER_LOT} + p * ${ITEMS_PER_PACKAGE} + i + 1`)},
            ${maker.org_id}, l.id, l.spec_id, 'item', 1, ${SQL_CODE(`l.k * ${CODES_PER_LOT} + p + 1`)},
            case when i = 0 and p % 10 = 0 then 'installed' else 'held' end, 'org:${dealer.org_id}'
     from bench_lots l cross join generate_series(0, ${PACKAGES_PER_LOT - 1}) p
     cross join generate_series(0, ${ITEMS_PER_PACKAGE - 1}) i`,
  );
  await step(
    'shipments',
    `insert into shipments (number, from_org_id, from_holder_key, to_kind, to_org_id, to_holder_key,
       from_region_code, to_region_code, ship_date, transport_type, distance_km, distance_source, status,
       mass_kg, kg_co2e, created_by)
     select 'FHBENCH' || lpad(l.k::text, 6, '0'), ${maker.org_id}, 'org:${maker.org_id}', 'org', ${dealer.org_id},
            'org:${dealer.org_id}', '320115', '320102', date '2026-02-01' + (l.k % 60), 2,
            case when l.k % 3 = 0 then 500 else 40 + l.k % 200 end,
            case when l.k % 3 = 0 then 'default_500' else 'measured' end, 4,
            case when l.k % 7 = 0 then null else 25000 end, case when l.k % 7 = 0 then null else 140.5 end,
            ${maker.user_id}
     from bench_lots l`,
  );
  await step(
    'shipment_lines',
    `insert into shipment_lines (shipment_id, line_no, product_id, spec_id, lot_id, unit_id, quantity, accepted)
     select s.id, 1, l.product_id, l.spec_id, l.id, bs.unit_id, ${CODES_PER_LOT - PACKAGES_PER_LOT},
            ${CODES_PER_LOT - PACKAGES_PER_LOT}
     from bench_lots l join shipments s on s.number = 'FHBENCH' || lpad(l.k::text, 6, '0')
     join bench_specs bs on bs.spec_id = l.spec_id`,
  );
  await step(
    'shipment_codes',
    `insert into shipment_codes (shipment_id, line_id, code, open, outcome)
     select sl.shipment_id, sl.id, ${SQL_CODE(`l.k * ${CODES_PER_LOT} + p + 1`)}, false, 'accepted'
     from bench_lots l join shipment_lines sl on sl.lot_id = l.id
     cross join generate_series(0, ${PACKAGES_PER_LOT - 1}) p`,
  );
  // Events: small documents (the page reads none; the EPCIS export is not measured here), no ledger leaf.
  const event = (kind: string, bizStep: string, disposition: string, org: number, region: string, at: string) =>
    `insert into trace_events (event_id, event_type, biz_step, disposition, event_time, org_id, region_code, lot_id,
       shipment_id, document, content_sha256)
     select 'ni:///sha-256;' || encode(sha256(('${kind}' || l.id)::bytea), 'hex') || '?ver=CBV2.0', 'ObjectEvent',
            '${bizStep}', '${disposition}', ${at}, ${org}, '${region}', l.id,
            ${kind === 'c' ? 'null' : 's.id'},
            jsonb_build_object('type', 'ObjectEvent', 'bizStep', '${bizStep}', 'disposition', '${disposition}'),
            encode(sha256(('${kind}' || l.id)::bytea), 'hex')
     from bench_lots l join shipment_lines sl on sl.lot_id = l.id join shipments s on s.id = sl.shipment_id`;
  await step(
    'trace_events (commissioning)',
    event(
      'c',
      'commissioning',
      'active',
      maker.org_id,
      '320115',
      `timestamptz '2026-01-05 09:00+08' + l.k * interval '1 minute'`,
    ),
  );
  await step(
    'trace_events (shipping)',
    event('s', 'shipping', 'in_transit', maker.org_id, '320115', `s.ship_date + time '10:00'`),
  );
  await step(
    'trace_events (receiving)',
    event('r', 'receiving', 'in_progress', dealer.org_id, '320102', `s.ship_date + time '16:00'`),
  );
  await step(
    'trace_event_codes (commissioning: every code)',
    `insert into trace_event_codes (code, event_id)
     select c.code, e.id from trace_events e join trace_codes c on c.lot_id = e.lot_id
     where e.biz_step = 'commissioning' and e.lot_id in (select id from bench_lots)`,
  );
  await step(
    'trace_event_codes (shipping, receiving: the packages)',
    `insert into trace_event_codes (code, event_id)
     select sc.code, e.id from trace_events e join shipment_codes sc on sc.shipment_id = e.shipment_id
     where e.biz_step in ('shipping', 'receiving') and e.lot_id in (select id from bench_lots)`,
  );
  await step('analyze', 'analyze');
  const codes = await one<{ n: number }>('select count(*)::int as n from trace_codes');
  console.log(`  filled ${codes.n} codes in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
  return codes.n;
}

/** A random code of the fill: mostly items (what a buyer scans), some packages, the installed ones among items. */
function randomCode(lots: number): string {
  const lot = Math.floor(Math.random() * lots);
  const p = Math.floor(Math.random() * PACKAGES_PER_LOT);
  if (Math.random() < 0.2) return benchCode(packageNo(lot, p));
  return benchCode(itemNo(lot, p, Math.floor(Math.random() * ITEMS_PER_PACKAGE)));
}

function signedPath(code: string) {
  const path = `/open/trace/${code}`;
  const signed = signParams('GET', path, {}, key);
  const query = new URLSearchParams(Object.entries(signed).map(([k, v]): [string, string] => [k, String(v)]));
  return `${path}?${query}`;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number);

/** CPU seconds (user + system) a process has used so far, from /proc (Linux); 0 when it cannot be read. */
function cpuSeconds(pid: number): number {
  try {
    // Fields after the command (which may hold spaces, hence the last ')'): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** The pids of PostgreSQL's processes on this machine (the server is local in this benchmark). */
function postgresPids(): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/comm`, 'utf8').trim() === 'postgres';
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** CPU used by the server process, PostgreSQL's processes and this process between `start()` and `stop()`. */
function cpuMeter(serverPid: number) {
  const pg0 = new Map(postgresPids().map((pid) => [pid, cpuSeconds(pid)]));
  const server0 = cpuSeconds(serverPid);
  const self0 = process.cpuUsage();
  return () => {
    let postgres = 0;
    for (const pid of postgresPids()) postgres += cpuSeconds(pid) - (pg0.get(pid) ?? 0);
    const self = process.cpuUsage(self0);
    return { server: cpuSeconds(serverPid) - server0, postgres, bench: (self.user + self.system) / 1e6 };
  };
}

async function probe(baseUrl: string, lots: number, serverPid: number) {
  const meter = cpuMeter(serverPid);
  const times: number[] = [];
  let failed = 0;
  let sample: string | null = null;
  const started = performance.now();
  const end = started + PROBE_SEC * 1000;
  await Promise.all(
    Array.from({ length: PROBE_CLIENTS }, async () => {
      while (performance.now() < end) {
        const url = baseUrl + signedPath(randomCode(lots));
        const t = performance.now();
        try {
          const res = await fetch(url);
          const body = (await res.json()) as { code?: number; data?: { events?: unknown[] } };
          if (res.status !== 200 || body.code !== 0 || (body.data?.events?.length ?? 0) === 0) {
            failed++;
            sample ??= JSON.stringify(body).slice(0, 300);
          }
        } catch (error) {
          failed++;
          sample ??= String(error);
        }
        times.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = meter();
  const sorted = [...times].sort((a, b) => a - b);
  const perRequest = (s: number) => (s * 1000) / Math.max(1, times.length);
  return {
    cpuMs: { server: perRequest(cpu.server), postgres: perRequest(cpu.postgres), bench: perRequest(cpu.bench) },
    requests: times.length,
    failed,
    sample,
    rps: times.length / seconds,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
  };
}

async function saturate(baseUrl: string, lots: number) {
  let mismatchSample: string | null = null;
  const result = await autocannon({
    url: baseUrl,
    connections: CONNECTIONS,
    duration: DURATION_SEC,
    requests: [
      {
        method: 'GET',
        path: signedPath(randomCode(lots)),
        setupRequest: (request) => ({ ...request, method: 'GET', path: signedPath(randomCode(lots)) }),
      },
    ],
    verifyBody: (body) => {
      const ok = body.startsWith('{"code":0,');
      if (!ok) mismatchSample ??= body.slice(0, 300);
      return ok;
    },
  });
  return { result, mismatchSample };
}

async function seqScans(client: pg.Client) {
  await client.query('select pg_stat_clear_snapshot()');
  const r = await client.query<{ relname: string; seq_scan: string; idx_scan: string }>(
    `select relname, seq_scan, coalesce(idx_scan, 0) as idx_scan from pg_stat_user_tables where relname = any($1)`,
    [WATCHED],
  );
  return new Map(r.rows.map((x) => [x.relname, { seq: Number(x.seq_scan), idx: Number(x.idx_scan) }]));
}

/** One signed call as the demo maker; the answer's data, or an error naming the call. */
async function callAs(baseUrl: string, token: string, method: 'GET' | 'POST', path: string, params = {}) {
  const signed = signParams(method, path, params, key);
  const query = new URLSearchParams(Object.entries(signed).map(([k, v]): [string, string] => [k, String(v)]));
  const answer = await send(baseUrl, {
    method,
    path: method === 'GET' ? `${path}?${query}` : path,
    headers: { authorization: `Bearer ${token}`, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
    body: method === 'POST' ? JSON.stringify(signed) : undefined,
  });
  if (answer.status !== 200 || answer.code !== 0) throw new Error(`${path}: HTTP ${answer.status} ${answer.raw}`);
  return answer.data as Record<string, unknown>;
}

/**
 * Shipments of 10 000 codes (issue goal: ≤ 2 s): per round a fresh lot and its codes (not timed), then the draft
 * saved with every code and shipped, each timed from the request leaving to the answer read.
 */
async function shipTenThousand(client: pg.Client, baseUrl: string) {
  const token = await login(baseUrl, key, '13800000001', DEMO_PASSWORD);
  const spec = (
    await client.query<{ spec_id: number }>(
      `select s.id as spec_id from product_specs s join products p on p.id = s.product_id
       join users u on u.org_id = p.org_id where u.mobile = '13800000001' order by s.id limit 1`,
    )
  ).rows[0];
  const dealer = (await client.query<{ org_id: number }>(`select org_id from users where mobile = '13800000002'`))
    .rows[0];
  if (!spec || !dealer) throw new Error('the demo maker or dealer is missing');
  const from = (await callAs(baseUrl, token, 'POST', '/api/track/address/list', { take: 50 })) as {
    list: { id: number; kind: string }[];
  };
  const factory = from.list.find((a) => a.kind === 'factory') ?? from.list[0];
  if (!factory) throw new Error('the demo maker has no address');
  const rounds: { save: number; ship: number }[] = [];
  for (let round = 0; round < SHIPMENTS; round++) {
    const lot = await callAs(baseUrl, token, 'POST', '/api/track/lot/create', {
      specId: spec.spec_id,
      batchNo: `BENCHSHIP${Date.now() % 1_000_000}${round}`,
      productionDate: '2026-11-01',
      quantity: SHIPMENT_CODES,
    });
    const made = (await callAs(baseUrl, token, 'POST', '/api/track/code/generate', {
      lotId: lot.id,
      count: SHIPMENT_CODES,
      level: 'item',
    })) as { codes: string[] };
    let t = performance.now();
    const saved = await callAs(baseUrl, token, 'POST', '/api/track/shipment/save', {
      destination: { kind: 'org', orgId: dealer.org_id },
      fromAddressId: factory.id,
      shipDate: '2026-11-20',
      transportType: 8,
      distanceKm: 120,
      lines: [{ specId: spec.spec_id, lotId: lot.id, quantity: SHIPMENT_CODES, codes: made.codes }],
    });
    const save = performance.now() - t;
    t = performance.now();
    await callAs(baseUrl, token, 'POST', '/api/track/shipment/ship', { id: saved.id });
    const ship = performance.now() - t;
    rounds.push({ save, ship });
    console.log(
      `  round ${round + 1}: ${made.codes.length} codes; save ${save.toFixed(0)} ms, ship ${ship.toFixed(0)} ms, ` +
        `together ${(save + ship).toFixed(0)} ms`,
    );
  }
  return rounds;
}

async function main() {
  const cpus = os.cpus();
  console.log(`Trace scan page benchmark (${cpus.length} cores, ${cpus[0]?.model ?? 'unknown CPU'})`);
  const adminUrl = process.env.BENCH_DATABASE_URL ?? DEFAULT_ADMIN_URL;
  let throwaway: Awaited<ReturnType<typeof createThrowawayDatabase>>;
  // BENCH_TRACE_REUSE_URL: a database a run with BENCH_TRACE_KEEP_DB=1 filled and kept (no new fill; never dropped).
  const reuse = process.env.BENCH_TRACE_REUSE_URL;
  try {
    throwaway = reuse
      ? { url: reuse, version: 'PostgreSQL (reused database)', drop: async () => {} }
      : await createThrowawayDatabase(adminUrl);
  } catch (error) {
    console.log(`PostgreSQL at ${redactUrl(adminUrl)} not reachable (${String(error)}): nothing to measure.`);
    return 1;
  }
  let server: ServerProcess | null = null;
  const client = new pg.Client({ connectionString: throwaway.url });
  try {
    console.log(`PostgreSQL ${throwaway.version.split(' on ')[0]}; starting the server (migrations, demo seed)…`);
    server = await startServer({
      databaseUrl: throwaway.url,
      logLevel: 'warn',
      readyTimeoutMs: 300_000,
      // BENCH_CPU_PROF=1: a CPU profile of the server through the runs, as `npm run bench` writes them.
      nodeFlags: process.env.BENCH_CPU_PROF === '1' ? ['--cpu-prof', `--cpu-prof-dir=${PROFILES_DIR}`] : [],
    });
    await client.connect();
    console.log(`Filling ${LOTS} lots × ${CODES_PER_LOT} codes:`);
    const total = reuse
      ? ((await client.query<{ n: number }>('select count(*)::int as n from trace_codes')).rows[0]?.n ?? 0)
      : await fill(client, LOTS);

    // One call first: the answer must be a real page.
    const first = await fetch(server.baseUrl + signedPath(benchCode(itemNo(0, 0, 1))));
    const page = (await first.json()) as { code: number; data: { custody: unknown[]; carbon: unknown[] } };
    if (page.code !== 0) throw new Error(`GET /open/trace failed: ${JSON.stringify(page).slice(0, 300)}`);
    console.log(`  a page: ${page.data.custody.length} custody steps, ${page.data.carbon.length} shipment(s)`);

    const before = await seqScans(client);
    console.log(`\nLatency probe: ${PROBE_CLIENTS} clients, ${PROBE_SEC} s, random codes of ${total}:`);
    const p = await probe(server.baseUrl, LOTS, server.pid);
    console.log(
      `  ${p.requests} requests, ${p.failed} failed${p.sample ? ` (${p.sample})` : ''}, ${p.rps.toFixed(0)} req/s; ` +
        `p50 ${p.p50.toFixed(1)} ms, p95 ${p.p95.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms`,
    );
    console.log(
      `  CPU per request: server ${p.cpuMs.server.toFixed(1)} ms, PostgreSQL ${p.cpuMs.postgres.toFixed(1)} ms, ` +
        `this benchmark (signing, fetch) ${p.cpuMs.bench.toFixed(1)} ms`,
    );
    console.log(`\nautocannon: ${CONNECTIONS} connections, ${DURATION_SEC} s:`);
    const { result: a, mismatchSample } = await saturate(server.baseUrl, LOTS);
    const failed = Math.max(a.non2xx, a.mismatches) + a.errors + a.timeouts;
    console.log(
      `  ${a.requests.total} requests, ${failed} failed${mismatchSample ? ` (${mismatchSample})` : ''}, ` +
        `${a.requests.average.toFixed(0)} req/s; latency p50 ${a.latency.p50} ms, p90 ${a.latency.p90} ms, ` +
        `p99 ${a.latency.p99} ms`,
    );

    console.log(`\nShipments of ${SHIPMENT_CODES} codes (${SHIPMENTS} rounds; goal: saved and shipped in ≤ 2 s):`);
    const rounds = await shipTenThousand(client, server.baseUrl);
    const worst = Math.max(...rounds.map((r) => r.save + r.ship));
    console.log(`  slowest round ${worst.toFixed(0)} ms: ${worst <= 2_000 ? 'goal met' : 'over the goal'}`);

    await sleep(1_500); // statistics reach pg_stat_user_tables within a second
    const after = await seqScans(client);
    console.log('\nScans on the trace tables during the runs (sequential / index):');
    let scans = 0;
    for (const name of WATCHED) {
      const b = before.get(name);
      const x = after.get(name);
      const seq = (x?.seq ?? 0) - (b?.seq ?? 0);
      scans += seq;
      console.log(`  ${name.padEnd(18)} ${String(seq).padStart(6)} / ${(x?.idx ?? 0) - (b?.idx ?? 0)}`);
    }
    const counted = await client.query<{ n: number; alerts: number }>(
      `select (select coalesce(sum(count), 0)::int from trace_scan_counts) as n,
              (select count(*)::int from trace_alerts) as alerts`,
    );
    console.log(`  scans counted: ${counted.rows[0]?.n}, after_installed alerts raised: ${counted.rows[0]?.alerts}`);
    console.log(
      scans === 0 ? '\nNo sequential scan on the trace tables.' : `\n${scans} sequential scan(s): see above.`,
    );
    return 0;
  } finally {
    await client.end().catch(() => {});
    await server?.stop();
    if (process.env.BENCH_TRACE_KEEP_DB === '1') console.log(`\nKept the database: ${redactUrl(throwaway.url)}`);
    else await throwaway.drop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`trace benchmark failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
