/**
 * `npm run bench:procurement-summary`: the materials summary through HTTP on PostgreSQL (docs/performance.md,
 * "Procurement summaries"; goal: p95 ≤ 200 ms for a project of 5 000 lines with 50 000 delivered receipt lines).
 * Not part of `npm run bench` nor of `npm test`.
 *
 * 1. A throwaway database on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres) and
 *    the real server on it (a child process, demo data seeded).
 * 2. Filled with SQL (generate_series) for the developer's 2025 project (建邺区青少年体育中心): a confirmed list of
 *    BENCH_SUMMARY_LINES lines (default 5 000) over every category of the edition, the chosen product one of 南京绿筑's;
 *    50 confirmed orders with one line per list line; 5 000 shipments of 10 lines each (50 000 shipment lines, each
 *    against an order line, with an evidence snapshot: certificates ending on one of four days), each received two
 *    days after its ship date (50 000 receipt lines, all accepted); ANALYZE.
 * 3. BENCH_SUMMARY_ROUNDS rounds (default 60, the first 5 not counted), one request at a time, of: the project's
 *    summary; the summary of all the developer's projects; one category's detail. p50/p95/max of each.
 *
 * BENCH_SUMMARY_KEEP=1 keeps the database (its name is printed; drop it by hand) to read the statements' plans.
 */
import { performance } from 'node:perf_hooks';
import { procurementSummaryEndpoints as api, type SigningKey, signParams } from '@jcbb/contract';
import pg from 'pg';
import { DEV_AUTH_KEY, DEV_AUTH_SECRET } from '../src/config.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { login, send } from './client.ts';
import { machineInfo } from './machine.ts';
import { createThrowawayDatabase, DEFAULT_ADMIN_URL, redactUrl } from './postgres.ts';
import { startServer } from './server-process.ts';

const LINES = Number(process.env.BENCH_SUMMARY_LINES || 5_000);
const ROUNDS = Number(process.env.BENCH_SUMMARY_ROUNDS || 60);
const SHIPMENTS = 5_000;
const LINES_PER_SHIPMENT = 10;
const WARM_UP = 5;
const GOAL_MS = 200;
const key: SigningKey = { appCode: 'jcbb', authKey: DEV_AUTH_KEY, secret: DEV_AUTH_SECRET };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round1 = (n: number) => Math.round(n * 10) / 10;

async function fill(client: pg.Client): Promise<{ projectId: number; categoryKey: string }> {
  const one = async <T>(q: string, params: unknown[] = []) => (await client.query(q, params)).rows[0] as T;
  const { project_id: projectId, developer_org_id: devOrg } = await one<{
    project_id: number;
    developer_org_id: number;
  }>(`select id as project_id, developer_org_id from projects where name = '建邺区青少年体育中心'`);
  const { id: makerOrg } = await one<{ id: number }>(`select org_id as id from users where mobile = '13800000001'`);
  const { id: builderOrg } = await one<{ id: number }>(`select org_id as id from users where mobile = '13800000003'`);
  const q = (text: string, params: unknown[] = []) => client.query(text, params);
  await q(
    `create temporary table bench_specs as
    select s.id as spec_id, s.product_id, row_number() over (order by s.id) - 1 as k
    from product_specs s join products p on p.id = s.product_id where p.org_id = $1`,
    [makerOrg],
  );
  const { n: nSpecs } = await one<{ n: number }>(`select count(*)::int as n from bench_specs`);
  await q(`create temporary table bench_classes as
    select classify_code, row_number() over (order by classify_code) - 1 as k
    from standard_category_classes where edition_code = '2025'`);
  const { n: nClasses } = await one<{ n: number }>(`select count(*)::int as n from bench_classes`);
  const { id: listId } = await one<{ id: number }>(
    `insert into material_lists (project_id, developer_org_id, status, confirmed_at, confirmed_by, created_by)
     values ($1, $2, 'confirmed', now(), 1, 1) returning id`,
    [projectId, devOrg],
  );
  await q(
    `insert into material_list_lines (list_id, project_id, line_no, classify_code, common_name, unit_id, quantity,
       required_by, budget_unit_price_fen, chosen_spec_id, created_by)
     select $1, $2, g, c.classify_code, '材料' || g, 32, 1000, date '2026-03-01' + (g % 365), 1000 + (g % 97) * 10,
       s.spec_id, 1
     from generate_series(1, $3) g
     join bench_classes c on c.k = g % $4
     join bench_specs s on s.k = g % $5`,
    [listId, projectId, LINES, nClasses, nSpecs],
  );
  await q(
    `insert into purchase_orders (number, project_id, buyer_org_id, supplier_org_id, origin, status, reason, created_by)
     select 'POBENCH-' || g, $1, $2, $3, 'direct', 'confirmed', '基准', 1 from generate_series(1, 50) g`,
    [projectId, devOrg, makerOrg],
  );
  await q(
    `insert into purchase_order_lines (order_id, line_no, list_line_id, product_id, spec_id, unit_id, quantity,
       unit_price_fen)
     select o.id, (l.line_no - 1) / 50 + 1, l.id, s.product_id, s.spec_id, 32, 1000, 950
     from material_list_lines l
     join bench_specs s on s.spec_id = l.chosen_spec_id
     join (select id, row_number() over (order by id) - 1 as k from purchase_orders where number like 'POBENCH-%') o
       on o.k = (l.line_no - 1) % 50
     where l.list_id = $1`,
    [listId],
  );
  await q(
    `insert into lots (org_id, product_id, spec_id, batch_no, production_date, quantity, evidence, created_by)
     select $1, product_id, spec_id, 'BENCH-' || spec_id, date '2026-01-01', 1000000,
       '{"kind":"none","name":null,"certNo":null,"valid":false,"validUntil":null,"leafIndex":null,"asOf":"2026-01-01"}', 1
     from bench_specs`,
    [makerOrg],
  );
  await q(
    `insert into shipments (number, from_org_id, from_holder_key, to_kind, to_project_id, to_holder_key, ship_date,
       transport_type, distance_km, distance_source, status, created_by, shipped_at)
     select 'SHBENCH-' || g, $1::int, 'org:' || $1::int, 'project', $2::int, 'project:' || $2::int, date '2026-02-01' + (g % 300), 1, 40,
       'default_40', 4, 1, now()
     from generate_series(1, $3) g`,
    [makerOrg, projectId, SHIPMENTS],
  );
  // Shipment line i of shipment g takes from order line ((g - 1) * 10 + i) mod LINES: 10 deliveries per list line.
  await q(
    `create temporary table bench_ship as
     select sh.id as shipment_id, sh.ship_date, i as line_no, pol.id as order_line_id, pol.order_id, pol.product_id,
       pol.spec_id, lot.id as lot_id, ((sh.k * ${LINES_PER_SHIPMENT} + i) % 4) as ev
     from (select id, ship_date, row_number() over (order by id) - 1 as k from shipments where number like 'SHBENCH-%') sh
     cross join generate_series(1, ${LINES_PER_SHIPMENT}) i
     join material_list_lines l on l.list_id = $1 and l.line_no = ((sh.k * ${LINES_PER_SHIPMENT} + i - 1) % $2) + 1
     join purchase_order_lines pol on pol.list_line_id = l.id
     join lots lot on lot.spec_id = pol.spec_id and lot.batch_no like 'BENCH-%'`,
    [listId, LINES],
  );
  await q(
    `insert into shipment_lines (shipment_id, line_no, product_id, spec_id, lot_id, unit_id, quantity, accepted,
       evidence)
     select shipment_id, line_no, product_id, spec_id, lot_id, 32, 10, 10,
       jsonb_build_object('kind', 'certificate', 'name', 'CERT-' || ev, 'certNo', 'CERT-' || ev, 'valid', true,
         'validUntil', (date '2026-06-30' + (ev * 90)::int)::text, 'leafIndex', null, 'asOf', ship_date::text)
     from bench_ship`,
  );
  await q(
    `insert into purchase_order_shipments (shipment_id, order_id)
     select distinct on (shipment_id) shipment_id, order_id from bench_ship order by shipment_id`,
  );
  await q(
    `insert into purchase_order_shipment_lines (shipment_line_id, shipment_id, order_id, order_line_id, quantity)
     select sl.id, b.shipment_id, b.order_id, b.order_line_id, 10
     from bench_ship b join shipment_lines sl on sl.shipment_id = b.shipment_id and sl.line_no = b.line_no`,
  );
  await q(
    `insert into receipts (number, shipment_id, receiver_org_id, holder_key, arrived_on, created_by)
     select 'RCBENCH-' || id, id, $1::int, 'project:' || $2::int, ship_date + 2, 1 from shipments where number like 'SHBENCH-%'`,
    [builderOrg, projectId],
  );
  await q(
    `insert into receipt_lines (receipt_id, shipment_line_id, received, accepted, rejected)
     select r.id, sl.id, 10, 10, 0 from receipts r join shipment_lines sl on sl.shipment_id = r.shipment_id
     where r.number like 'RCBENCH-%'`,
  );
  await q('analyze');
  const counts = await one<Record<string, number>>(
    `select (select count(*)::int from material_list_lines where list_id = $1) as lines,
            (select count(*)::int from receipt_lines rl join receipts r on r.id = rl.receipt_id
              where r.number like 'RCBENCH-%') as receipt_lines`,
    [listId],
  );
  console.log(`filled: ${counts.lines} lines, ${counts.receipt_lines} receipt lines`);
  const { code } = await one<{ code: string }>(`select classify_code as code from bench_classes where k = 0`);
  return { projectId, categoryKey: code };
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL || DEFAULT_ADMIN_URL;
  console.log(`PostgreSQL: ${redactUrl(adminUrl)}`);
  const database = await createThrowawayDatabase(adminUrl);
  let stopServer: (() => Promise<void>) | null = null;
  try {
    const server = await startServer({
      databaseUrl: database.url,
      logLevel: 'warn',
      onCreated: (stop) => {
        stopServer = stop;
      },
    });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    const started = performance.now();
    const { projectId, categoryKey } = await fill(client).finally(() => client.end());
    console.log(`fill: ${Math.round(performance.now() - started)} ms`);
    const token = await login(server.baseUrl, key, '13800000005', DEMO_PASSWORD);
    const post = async (path: string, body: Record<string, unknown>) => {
      const t = performance.now();
      const answer = await send(server.baseUrl, {
        method: 'POST',
        path,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify(signParams('POST', path, body, key)),
      });
      if (answer.status !== 200 || answer.code !== 0) throw new Error(`${path}: HTTP ${answer.status} ${answer.raw}`);
      return performance.now() - t;
    };
    const cases = [
      { name: 'project summary (5 000 lines)', path: api.materialsSummary.path, body: { projectId } },
      { name: 'all projects summary', path: api.materialsSummary.path, body: {} },
      {
        name: `category detail (${categoryKey})`,
        path: api.materialsSummaryDetail.path,
        body: { projectId, categoryKey },
      },
    ];
    const machine = machineInfo();
    console.log(`machine: ${JSON.stringify(machine)}`);
    console.log(`PostgreSQL ${database.version.split(' ').slice(0, 2).join(' ')}; ${ROUNDS - WARM_UP} rounds each`);
    for (const c of cases) {
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i += 1) {
        const ms = await post(c.path, c.body);
        if (i >= WARM_UP) times.push(ms);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      console.log(
        `${c.name}: p50 ${round1(percentile(times, 50))} ms, p95 ${round1(p95)} ms, max ${round1(times.at(-1) ?? 0)} ms` +
          (c.path === api.materialsSummary.path
            ? ` (goal ≤ ${GOAL_MS} ms: ${p95 <= GOAL_MS ? 'met' : 'NOT met'})`
            : ''),
      );
    }
  } finally {
    await (stopServer as (() => Promise<void>) | null)?.();
    if (process.env.BENCH_SUMMARY_KEEP === '1') console.log(`kept: ${redactUrl(database.url)}`);
    else await database.drop();
  }
}

await main();
