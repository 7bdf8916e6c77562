/**
 * `npm run bench:scope`: the shipment gate's scope check (docs/performance.md, "Shipping under authorisation"; goal:
 * a 500-line shipment checked in ≤ 50 ms p95 with 10 000 authorisations in force, on PostgreSQL). Not part of
 * `npm run bench` nor of `npm test`.
 *
 * 1. A throwaway database on BENCH_DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres),
 *    migrated; no server, no demo: the gate is called in-process, as the shipment service calls it.
 * 2. Filled with SQL: 20 manufacturers with 50 products of one specification each (1 000 products), 200
 *    distributors, BENCH_SCOPE_LETTERS authorisations in force (default 10 000; half of them of the distributor the
 *    shipment is from, the rest spread over the others), each naming 2 products (every other with a cap), for a
 *    province, a city or a county; one letter in ten a project letter, one in twenty suspended.
 * 3. A draft shipment of BENCH_SCOPE_LINES lines (default 500), each a different product, to a county the letters
 *    cover; BENCH_SCOPE_ROUNDS rounds (default 60, the first 5 not counted) of:
 *    - the scope rule alone (`coverageOf`, no transaction);
 *    - the draft's check (`ShipmentGate.check`: coverage without locks, what each line relies on, makers' names);
 *    - the ship (`ShipmentGate.ship`: coverage with the items locked, caps drawn down, 500 rows of
 *      shipment_line_authorisations written), in a transaction rolled back afterwards so every round is the same.
 *    p50/p95/max of each.
 * BENCH_SCOPE_KEEP_DB=1 keeps the filled database for a look at its plans (drop it by hand afterwards).
 */
import { performance } from 'node:perf_hooks';
import { OrgType, ShipmentStatus } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase } from '../src/db/client.ts';
import { seedReferenceData } from '../src/db/seed/reference.ts';
import { coverageOf, distributionShipmentGate } from '../src/modules/distribution/index.ts';
import type { GateShipment } from '../src/modules/trace/index.ts';
import { machineInfo } from './machine.ts';
import { createThrowawayDatabase, DEFAULT_ADMIN_URL, redactUrl } from './postgres.ts';

const LETTERS = Number(process.env.BENCH_SCOPE_LETTERS || 10_000);
const LINES = Number(process.env.BENCH_SCOPE_LINES || 500);
const ROUNDS = Number(process.env.BENCH_SCOPE_ROUNDS || 60);
const WARM_UP = 5;
const GOAL_MS = 50;
const MAKERS = 20;
const PRODUCTS_PER_MAKER = 50;
const DISTRIBUTORS = 200;

/** The rows of a statement (the Db type leaves the driver's result shape open). */
async function rowsOf<T>(database: Database, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round1 = (n: number) => Math.round(n * 10) / 10;

async function fill(database: Database) {
  const db = database.db;
  const today = shanghaiToday();
  const run = (q: ReturnType<typeof sql>) => db.execute(q);
  await run(sql`insert into organizations (name, type, region_code, cert_status)
    select '厂家' || g, ${OrgType.MANUFACTURER}, '320115', 2 from generate_series(1, ${MAKERS}) g`);
  await run(sql`insert into organizations (name, type, region_code, cert_status)
    select '经销商' || g, ${OrgType.DISTRIBUTOR}, '320113', 2 from generate_series(1, ${DISTRIBUTORS}) g`);
  await run(sql`create temporary table bench_orgs as
    select id, type, row_number() over (partition by type order by id) - 1 as k from organizations`);
  await run(sql`insert into products (org_id, name, classify_code, created_by)
    select m.id, '产品' || m.k || '-' || p, '0104', 1
    from bench_orgs m cross join generate_series(0, ${PRODUCTS_PER_MAKER - 1}) p where m.type = ${OrgType.MANUFACTURER}`);
  await run(sql`insert into product_specs (product_id, name, model, unit_id)
    select id, '规格', 'M-' || id, 32 from products`);
  await run(sql`create temporary table bench_products as
    select p.id, p.org_id, s.id as spec_id, row_number() over (order by p.id) - 1 as k
    from products p join product_specs s on s.product_id = p.id`);
  const nProducts = MAKERS * PRODUCTS_PER_MAKER;
  // Letter g: of distributor 0 when g is even, else of another; first product (g / 2) % n, so each product has 10
  // letters, 5 of distributor 0; its round j = g / 2n: j = 0 a letter for an outside project (no shipment on the
  // platform), j = 1 suspended, the rest general and active for a province, a city or two counties.
  await run(sql`create temporary table bench_letters as
    select g, (g / 2) % ${nProducts} as pk, g / ${2 * nProducts} as j from generate_series(0, ${LETTERS - 1}) g`);
  await run(sql`insert into authorisations (public_id, number, maker_org_id, distributor_org_id, kind, project_name,
      region_codes, valid_from, valid_until, status, content, signature, created_by)
    select 'bench' || l.g, 'AUBENCH-' || l.g, p.org_id, d.id,
      case when l.j = 0 then 'project' else 'general' end,
      case when l.j = 0 then '招标项目' || l.g else null end,
      case l.j % 3 when 0 then array['320000'] when 1 then array['320100'] else array['320106', '320113'] end,
      ${today}::date - 200 + (l.g % 100), ${today}::date + 30 + (l.g % 300),
      case when l.j = 1 then 'suspended' else 'active' end, '{}', '00', 1
    from bench_letters l
    join bench_products p on p.k = l.pk
    join bench_orgs d on d.type = ${OrgType.DISTRIBUTOR}
      and d.k = case when l.g % 2 = 0 then 0 else 1 + l.g % ${DISTRIBUTORS - 1} end`);
  // Two items a letter: its product (one letter in four for its specification only) and another of the same maker;
  // every other item capped.
  await run(sql`insert into authorisation_items (authorisation_id, product_id, spec_id, quantity_cap)
    select a.id, p.id, case when l.g % 4 = 0 then p.spec_id else null end,
      case when l.g % 2 = 0 then 1000000 else null end
    from authorisations a join bench_letters l on a.public_id = 'bench' || l.g join bench_products p on p.k = l.pk
    union all
    select a.id, q.id, null, case when l.g % 3 = 0 then 1000000 else null end
    from authorisations a join bench_letters l on a.public_id = 'bench' || l.g join bench_products p on p.k = l.pk
    join lateral (select id from bench_products q where q.org_id = p.org_id and q.id <> p.id
                  order by q.id offset (l.g % 40) limit 1) q on true`);
  const [dealer] = await rowsOf<{ id: number }>(
    database,
    sql`select id from bench_orgs where type = ${OrgType.DISTRIBUTOR} and k = 0`,
  );
  const dealerId = Number(dealer?.id);
  await run(sql`insert into lots (org_id, product_id, spec_id, batch_no, production_date, quantity, evidence, created_by)
    select org_id, id, spec_id, 'BENCH' || k, ${today}::date - 10, 1000, '{}'::jsonb, 1
    from bench_products where k < ${LINES}`);
  await run(sql`insert into shipments (number, from_org_id, from_holder_key, to_kind, to_org_id, to_holder_key,
      from_region_code, to_region_code, ship_date, transport_type, distance_km, distance_source, status, created_by)
    values ('FHBENCHSCOPE', ${dealerId}, ${`org:${dealerId}`}, 'org', ${dealerId + 1}, ${`org:${dealerId + 1}`},
      '320113', '320106', ${today}, 2, 40, 'measured', ${ShipmentStatus.DRAFT}, 1)`);
  await run(sql`insert into shipment_lines (shipment_id, line_no, product_id, spec_id, lot_id, unit_id, quantity)
    select (select id from shipments where number = 'FHBENCHSCOPE'), p.k + 1, p.id, p.spec_id, l.id, 32, 2
    from bench_products p join lots l on l.batch_no = 'BENCH' || p.k where p.k < ${LINES}`);
  await run(sql`analyze`);
  const [counts] = await rowsOf<{ letters: number; items: number; mine: number }>(
    database,
    sql`select
      (select count(*) from authorisations)::int as letters, (select count(*) from authorisation_items)::int as items,
      (select count(*) from authorisations where distributor_org_id = ${dealerId})::int as mine`,
  );
  return { dealerId, today, counts };
}

async function shipmentOf(database: Database, dealerId: number, today: string): Promise<GateShipment> {
  const lines = await rowsOf<{ id: number; product_id: number; spec_id: number; lot_id: number; quantity: string }>(
    database,
    sql`select l.id, l.product_id, l.spec_id, l.lot_id, l.quantity from shipment_lines l
      join shipments s on s.id = l.shipment_id where s.number = 'FHBENCHSCOPE' order by l.line_no`,
  );
  const [s] = await rowsOf<{ id: number }>(database, sql`select id from shipments where number = 'FHBENCHSCOPE'`);
  return {
    shipmentId: Number(s?.id),
    shipperOrgId: dealerId,
    shipperOrgType: OrgType.DISTRIBUTOR,
    isReturn: false,
    regionCode: '320106',
    projectId: null,
    shipDate: today,
    lines: lines.map((l) => ({
      lineId: Number(l.id),
      productId: Number(l.product_id),
      specId: Number(l.spec_id),
      lotId: Number(l.lot_id),
      quantity: String(l.quantity),
    })),
  };
}

class Rollback extends Error {}

async function time(fn: () => Promise<unknown>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const t0 = performance.now();
    await fn();
    if (i >= WARM_UP) ms.push(performance.now() - t0);
  }
  return ms.sort((a, b) => a - b);
}

const summary = (ms: number[]) => ({
  p50: round1(percentile(ms, 50)),
  p95: round1(percentile(ms, 95)),
  max: round1(ms[ms.length - 1] ?? 0),
});

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL || DEFAULT_ADMIN_URL;
  const throwaway = await createThrowawayDatabase(adminUrl);
  console.log(`scope bench on ${redactUrl(throwaway.url)} (${throwaway.version.split(',')[0]})`);
  const database = await openDatabase({ databaseUrl: throwaway.url, dataDir: '' });
  try {
    await database.migrate();
    await seedReferenceData(database.db);
    const t0 = performance.now();
    const { dealerId, today, counts } = await fill(database);
    console.log(`filled in ${Math.round(performance.now() - t0)} ms:`, counts);
    const shipment = await shipmentOf(database, dealerId, today);
    const checked = await distributionShipmentGate.check(database.db, shipment);
    const covered = (checked ?? []).filter((l) => l?.covered).length;
    console.log(`${shipment.lines.length} lines, ${covered} covered`);

    const question = {
      distributorOrgId: dealerId,
      regionCode: shipment.regionCode,
      date: today,
      projectId: null,
      lines: shipment.lines.map((l) => ({ productId: l.productId, specId: l.specId, quantity: l.quantity })),
    };
    const coverage = await time(() => coverageOf(database.db, question));
    const check = await time(() => database.db.transaction((tx) => distributionShipmentGate.check(tx, shipment)));
    const ship = await time(() =>
      database.db
        .transaction(async (tx) => {
          await distributionShipmentGate.ship(tx, shipment);
          throw new Rollback();
        })
        .catch((e) => {
          if (!(e instanceof Rollback)) throw e;
        }),
    );
    const result = {
      machine: machineInfo(),
      letters: counts,
      lines: shipment.lines.length,
      covered,
      rounds: ROUNDS - WARM_UP,
      coverageMs: summary(coverage),
      checkMs: summary(check),
      shipMs: summary(ship),
      goalMs: GOAL_MS,
    };
    console.log(JSON.stringify(result, null, 2));
    const met = result.checkMs.p95 <= GOAL_MS && result.shipMs.p95 <= GOAL_MS;
    console.log(met ? `goal met: p95 ≤ ${GOAL_MS} ms` : `goal MISSED: p95 > ${GOAL_MS} ms`);
  } finally {
    await database.close();
    if (process.env.BENCH_SCOPE_KEEP_DB === '1') console.log(`kept ${redactUrl(throwaway.url)}: drop it by hand`);
    else await throwaway.drop();
  }
}

await main();
