/**
 * `npm run bench:government`: the government statistics dashboard through HTTP on PostgreSQL (docs/performance.md,
 * "Government statistics"; goal: p95 ≤ 300 ms for a city of 1 000 projects and 1 000 000 filed lines). Not part of
 * `npm run bench` nor of `npm test`.
 *
 * 1. A throwaway database on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres) and
 *    the real server on it (a child process, demo data seeded).
 * 2. Filled set-based with SQL (generate_series) in 南京 (320100): BENCH_GOV_PROJECTS projects (default 1 000) of the
 *    demo developer over the city's districts, types 1–9 and steps 0–3, edition 2025; one filing per project and
 *    quarter of 2026 (statuses mixed: a tenth drafts, a tenth returned, some late, progress payments around 80 %);
 *    BENCH_GOV_LINES_PER_FILING lines each (default 250: 1 000 000 lines) over 30 of the edition's categories, 70 %
 *    green (certificates of 1–3 stars, a quarter test reports), each category of a project bought from one supplier:
 *    the demo maker, the demo dealer or one of 200 off the platform; 3 000 risk alerts. The facts are then built set-based (`rebuildFilingFacts`), one filing's
 *    checked against `refreshFilingFacts`, and ANALYZE.
 * 3. BENCH_GOV_ROUNDS rounds (default 35, the first 5 not counted), one request at a time, as the city committee:
 *    the dashboard for 2026-Q4; the same with a category; the drill-down's first page of projects; a page of lines.
 *    p50/p95/max of each.
 *
 * BENCH_GOV_KEEP=1 keeps the database (its name is printed; drop it by hand) to read the statements' plans.
 */
import { performance } from 'node:perf_hooks';
import { governmentStatisticsEndpoints as api, type SigningKey, signParams } from '@jcbb/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { DEV_AUTH_KEY, DEV_AUTH_SECRET } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { rebuildFilingFacts, refreshFilingFacts } from '../src/modules/government/index.ts';
import { login, send } from './client.ts';
import { machineInfo } from './machine.ts';
import { createThrowawayDatabase, DEFAULT_ADMIN_URL, redactUrl } from './postgres.ts';
import { startServer } from './server-process.ts';

const PROJECTS = Number(process.env.BENCH_GOV_PROJECTS || 1_000);
const LINES_PER_FILING = Number(process.env.BENCH_GOV_LINES_PER_FILING || 250);
const ROUNDS = Number(process.env.BENCH_GOV_ROUNDS || 35);
/** Categories a project's quarter uses (of the edition's), each bought from one supplier. */
const CATEGORIES_PER_FILING = 30;
const WARM_UP = 5;
const GOAL_MS = 300;
const PERIOD = '2026-Q4';
const QUARTERS = [
  ['2026-Q1', '2026-04-05', '2026-01-01'],
  ['2026-Q2', '2026-07-05', '2026-04-01'],
  ['2026-Q3', '2026-10-05', '2026-07-01'],
  ['2026-Q4', '2027-01-05', '2026-10-01'],
] as const;
const key: SigningKey = { appCode: 'jcbb', authKey: DEV_AUTH_KEY, secret: DEV_AUTH_SECRET };

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round1 = (n: number) => Math.round(n * 10) / 10;

async function fill(client: pg.Client): Promise<{ categoryCode: string }> {
  const one = async <T>(q: string, params: unknown[] = []) => (await client.query(q, params)).rows[0] as T;
  const q = (text: string, params: unknown[] = []) => client.query(text, params);
  const ids = async (mobile: string) =>
    one<{ user_id: number; org_id: number }>(`select id as user_id, org_id from users where mobile = $1`, [mobile]);
  const dev = await ids('13800000005');
  const maker = await ids('13800000001');
  const dealer = await ids('13800000002');
  await q(`create temporary table bench_districts as
    select code, row_number() over (order by code) - 1 as k from administrative_divisions where parent_code = '320100'`);
  const { n: nDistricts } = await one<{ n: number }>(`select count(*)::int as n from bench_districts`);
  await q(`create temporary table bench_cats as
    select code, kind, row_number() over (order by code) - 1 as k from standard_categories where edition_code = '2025'`);
  const { n: nCats } = await one<{ n: number }>(`select count(*)::int as n from bench_cats`);
  await q(
    `insert into projects (developer_org_id, name, code, type, region_code, city_code, address, gross_floor_area,
       investment_fen, step, planned_start, planned_finish, in_policy_scope, policy_batch, standard_edition, created_by)
     select $1::int, '基准项目 ' || g, 'BENCHGOV-' || g, 1 + g % 9, d.code, '320100', '南京市基准路 ' || g || ' 号',
       5000 + (g % 50) * 1000, 100000000, g % 4, date '2026-01-01', date '2027-12-31', true, '2025', '2025', $2::int
     from generate_series(1, $3::int) g join bench_districts d on d.k = g % $4::int`,
    [dev.org_id, dev.user_id, PROJECTS, nDistricts],
  );
  await q(`create temporary table bench_quarters (period text, due date, first date)`);
  for (const [period, due, first] of QUARTERS) {
    await q(`insert into bench_quarters values ($1, $2, $3)`, [period, due, first]);
  }
  await q(
    `insert into procurement_filings (project_id, developer_org_id, city_code, filer_org_id, period, status, due_on,
       first_submitted_at, submitted_at, completed_value_fen, progress_paid_fen, created_by)
     select p.id, $1::int, '320100', $1::int, bq.period, s.status, bq.due,
       case when s.status <> 'draft' then (bq.due - 10 + (p.id % 14))::timestamp at time zone 'Asia/Shanghai' end,
       case when s.status <> 'draft' then (bq.due - 10 + (p.id % 14))::timestamp at time zone 'Asia/Shanghai' end,
       10000000 + p.id * 1000, (10000000 + p.id * 1000) * (70 + p.id % 20) / 100, $2::int
     from projects p cross join bench_quarters bq
     cross join lateral (select case (p.id + ascii(right(bq.period, 1))) % 10 when 0 then 'draft' when 1 then 'returned'
       when 6 then 'confirmed' when 7 then 'confirmed' when 8 then 'locked' when 9 then 'resubmitted'
       else 'submitted' end as status) s
     where p.code like 'BENCHGOV-%'`,
    [dev.org_id, dev.user_id],
  );
  await q(
    `insert into procurement_filing_lines (filing_id, line_no, source, edition_code, category_code, standard_kind,
       classify_code, common_name, spec, quantity, unit, amount_fen, supplier_org_id, supplier_name,
       supplier_credit_code, procurement_method, is_green, evidence_kind, certificate_no, star, report_no, report_date,
       delivery_date)
     select f.id, i, case when i % 7 = 0 then 'typed' else 'system' end, '2025', c.code, c.kind, c.code,
       '基准材料', '标准规格', 10, '吨', 1000 + ((f.id * 31 + i * 17) % 100000),
       case (f.project_id + c.k) % 5 when 0 then $1::int when 1 then $2::int end,
       case (f.project_id + c.k) % 5 when 0 then '南京绿筑' when 1 then '恒通'
         else '场外供应商 ' || ((f.project_id * 7 + c.k) % 200) end,
       case when (f.project_id + c.k) % 5 > 1
         then '91320100BENCH' || lpad(((f.project_id * 7 + c.k) % 200)::text, 5, '0') end,
       'inquiry', x.green,
       case when not x.green then 'none' when x.report then 'test_report' else 'external_certificate' end,
       case when x.green and not x.report then 'CERT-' || i end,
       case when x.green and not x.report then 1 + i % 3 end,
       case when x.green and x.report then 'RPT-' || i end,
       case when x.green and x.report then bq.first - 30 end,
       bq.first + (i % 80)
     from procurement_filings f
     join bench_quarters bq on bq.period = f.period
     cross join generate_series(1, $3::int) i
     join bench_cats c on c.k = (f.project_id + i % ${CATEGORIES_PER_FILING}) % $4::int
     cross join lateral (select ((f.id * 7 + i) % 10) < 7 as green, (f.id + i) % 4 = 0 as report) x
     where f.developer_org_id = $5::int and f.project_id in (select id from projects where code like 'BENCHGOV-%')`,
    [maker.org_id, dealer.org_id, LINES_PER_FILING, nCats, dev.org_id],
  );
  await q(
    `insert into risk_alerts (rule_code, rule_version, fingerprint, city_code, project_id, subject_kind, subject_id,
       subject_label, evidence, summary, severity, status)
     select 'GBM-12', 1, 'bench:' || g, '320100', p.id, 'project', p.id::text, p.name, '[]'::jsonb, '基准预警',
       (array['low', 'medium', 'high'])[1 + g % 3], case when g % 6 = 0 then 'closed' else 'open' end
     from generate_series(1, 3000) g
     join (select id, name, row_number() over (order by id) - 1 as k from projects where code like 'BENCHGOV-%') p
       on p.k = g % $1::int`,
    [PROJECTS],
  );
  const counts = await one<Record<string, number>>(
    `select (select count(*)::int from procurement_filings where project_id in
              (select id from projects where code like 'BENCHGOV-%')) as filings,
            (select count(*)::int from procurement_filing_lines) as lines`,
  );
  console.log(`filled: ${PROJECTS} projects, ${counts.filings} filings, ${counts.lines} filed lines`);
  const { code } = await one<{ code: string }>(`select code from bench_cats where k = 0`);
  return { categoryCode: code };
}

/** The facts set-based, then one filing's rows rebuilt by the per-filing refresh must be the same rows. */
async function buildFacts(url: string) {
  const database = await openDatabase({ databaseUrl: url, dataDir: '' });
  try {
    const t = performance.now();
    await database.db.transaction(async (tx) => {
      // A million lines take longer than the app's statement timeout (a bulk load, not a request).
      await tx.execute(sql`set local statement_timeout = 0`);
      await rebuildFilingFacts(tx);
    });
    const rows = async () =>
      (
        (await database.db.execute(sql`
          select (select count(*)::int from filing_facts) as facts,
                 (select count(*)::int from filing_supplier_facts) as supplier_facts`)) as unknown as {
          rows: { facts: number; supplier_facts: number }[];
        }
      ).rows[0];
    console.log(`facts (set-based): ${Math.round(performance.now() - t)} ms, ${JSON.stringify(await rows())}`);
    const snapshot = async (id: number) =>
      JSON.stringify(
        (
          (await database.db.execute(sql`
            select (select json_agg(x order by category_code, standard_kind, star_bucket) from filing_facts x
                     where filing_id = ${id}) as facts,
                   (select json_agg(y order by category_code, standard_kind, supplier_key) from filing_supplier_facts y
                     where filing_id = ${id}) as suppliers`)) as unknown as { rows: unknown[] }
        ).rows,
      );
    const [sample] = (
      (await database.db.execute(
        sql`select max(id) as id from procurement_filings where status = 'confirmed'`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    const id = Number(sample?.id);
    const before = await snapshot(id);
    const r = performance.now();
    await database.db.transaction((tx) => refreshFilingFacts(tx, id));
    const refreshMs = round1(performance.now() - r);
    if ((await snapshot(id)) !== before) throw new Error(`filing ${id}: refreshFilingFacts differs from the rebuild`);
    console.log(
      `refreshFilingFacts of one filing (${LINES_PER_FILING} lines): ${refreshMs} ms, same rows as the rebuild`,
    );
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local statement_timeout = 0`);
      await tx.execute(sql`analyze`);
    });
  } finally {
    await database.close();
  }
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
    const { categoryCode } = await fill(client).finally(() => client.end());
    console.log(`fill: ${Math.round(performance.now() - started)} ms`);
    await buildFacts(database.url);
    const token = await login(server.baseUrl, key, '13800000006', DEMO_PASSWORD);
    const get = async (path: string, params: Record<string, unknown>) => {
      const signed = signParams('GET', path, params, key);
      const query = new URLSearchParams(Object.entries(signed).map(([k, v]): [string, string] => [k, String(v)]));
      const t = performance.now();
      const answer = await send(server.baseUrl, {
        method: 'GET',
        path: `${path}?${query}`,
        headers: { authorization: `Bearer ${token}` },
      });
      const ms = performance.now() - t;
      if (answer.status !== 200 || answer.code !== 0) throw new Error(`${path}: HTTP ${answer.status} ${answer.raw}`);
      return { ms, data: answer.data as Record<string, unknown> };
    };
    const first = await get(api.statistics.path, { period: PERIOD });
    const kpis = first.data.kpis as Record<string, unknown>;
    console.log(
      `dashboard ${PERIOD}: ${kpis.projects} projects, ${kpis.filedProjects} filed, green share ${kpis.greenShareBp} bp`,
    );
    const cases = [
      {
        name: `dashboard (${PERIOD}, year to date)`,
        path: api.statistics.path,
        params: { period: PERIOD },
        goal: true,
      },
      {
        name: `dashboard, one category (${categoryCode})`,
        path: api.statistics.path,
        params: { period: PERIOD, categoryCode },
        goal: false,
      },
      {
        name: 'drill-down: mandatory failing projects, first page',
        path: api.statisticsProjects.path,
        params: { period: PERIOD, slice: 'mandatory_failing' },
        goal: false,
      },
      {
        name: 'drill-down: lines, 3 stars, first page',
        path: api.statisticsLines.path,
        params: { period: PERIOD, starBucket: '3' },
        goal: false,
      },
    ];
    console.log(`machine: ${JSON.stringify(machineInfo())}`);
    console.log(`PostgreSQL ${database.version.split(' ').slice(0, 2).join(' ')}; ${ROUNDS - WARM_UP} rounds each`);
    for (const c of cases) {
      const times: number[] = [];
      for (let i = 0; i < ROUNDS; i += 1) {
        const { ms } = await get(c.path, c.params);
        if (i >= WARM_UP) times.push(ms);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      console.log(
        `${c.name}: p50 ${round1(percentile(times, 50))} ms, p95 ${round1(p95)} ms, max ${round1(times.at(-1) ?? 0)} ms` +
          (c.goal ? ` (goal ≤ ${GOAL_MS} ms: ${p95 <= GOAL_MS ? 'met' : 'NOT met'})` : ''),
      );
    }
  } finally {
    await (stopServer as (() => Promise<void>) | null)?.();
    if (process.env.BENCH_GOV_KEEP === '1') console.log(`kept: ${redactUrl(database.url)}`);
    else await database.drop();
  }
}

await main();
