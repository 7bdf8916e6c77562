import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';

/**
 * The statistics' facts of one filing (docs/government.md, "Statistics"): its lines summed by category, standard
 * kind and star bucket into `filing_facts`, with the project's place, type and batch and the filing's status. Called
 * in the transaction of every change to a filing (a save, a transition, a correction superseding it), so the
 * dashboard reads facts that are never older than the last committed change. A filing superseded by a correction
 * keeps no facts (its correction carries them). The same lines summed by supplier go to `filing_supplier_facts`
 * (the top suppliers, their concentration and the local share), and the facts summed into one row per filing to
 * `filing_summaries` (what the policy's rule reads of it, its spend).
 */
export async function refreshFilingFacts(tx: Tx, filingId: number): Promise<void> {
  const facts = sql`filing_facts x where x.filing_id = ${filingId}`;
  const supplierFacts = sql`filing_supplier_facts x where x.filing_id = ${filingId}`;
  await addToCity(tx, facts, supplierFacts, -1);
  await tx.execute(sql`delete from filing_facts where filing_id = ${filingId}`);
  await tx.execute(sql`delete from filing_supplier_facts where filing_id = ${filingId}`);
  await tx.execute(sql`delete from filing_summaries where filing_id = ${filingId}`);
  await insertFacts(tx, sql`f.id = ${filingId}`);
  await addToCity(tx, facts, supplierFacts, 1);
}

/**
 * A filing's facts added to (sign 1) or taken off (sign -1) its city's quarter (`city_quarter_facts`,
 * `city_quarter_supplier_facts`); rows left at zero lines are removed. Each row is one key of the city's quarter
 * (a filing has one row per key), so concurrent filings of a city lock the rows they share, in key order.
 */
async function addToCity(tx: Tx, facts: SQL, supplierFacts: SQL, sign: 1 | -1): Promise<void> {
  await tx.execute(sql`
    insert into city_quarter_facts as c (city_code, period, status, category_code, standard_kind, star_bucket, lines,
      amount_fen, green_amount_fen)
    select x.city_code, x.period, x.status, x.category_code, x.standard_kind, x.star_bucket, ${sign} * x.lines,
      ${sign} * x.amount_fen, ${sign} * x.green_amount_fen
    from ${facts}
    order by x.category_code, x.standard_kind, x.star_bucket
    on conflict (city_code, period, status, category_code, standard_kind, star_bucket) do update
      set lines = c.lines + excluded.lines, amount_fen = c.amount_fen + excluded.amount_fen,
        green_amount_fen = c.green_amount_fen + excluded.green_amount_fen`);
  await tx.execute(sql`
    insert into city_quarter_supplier_facts as c (city_code, period, status, category_code, standard_kind,
      supplier_key, supplier_org_id, supplier_name, supplier_credit_code, lines, amount_fen, green_amount_fen)
    select x.city_code, x.period, x.status, x.category_code, x.standard_kind, x.supplier_key, x.supplier_org_id,
      x.supplier_name, x.supplier_credit_code, ${sign} * x.lines, ${sign} * x.amount_fen, ${sign} * x.green_amount_fen
    from ${supplierFacts}
    order by x.category_code, x.standard_kind, x.supplier_key
    on conflict (city_code, period, status, category_code, standard_kind, supplier_key) do update
      set lines = c.lines + excluded.lines, amount_fen = c.amount_fen + excluded.amount_fen,
        green_amount_fen = c.green_amount_fen + excluded.green_amount_fen`);
  if (sign === -1) {
    await tx.execute(sql`delete from city_quarter_facts c using ${facts} and c.city_code = x.city_code
      and c.period = x.period and c.status = x.status and c.lines = 0`);
    await tx.execute(sql`delete from city_quarter_supplier_facts c using ${supplierFacts} and c.city_code = x.city_code
      and c.period = x.period and c.status = x.status and c.lines = 0`);
  }
}

/**
 * Every filing's facts rebuilt, set-based (docs/government.md, "Statistics"): after a bulk load (the benchmark) or a
 * change of how facts are summed. One statement per table, in the caller's transaction.
 */
export async function rebuildFilingFacts(tx: Tx): Promise<void> {
  await tx.execute(sql`delete from filing_facts`);
  await tx.execute(sql`delete from filing_supplier_facts`);
  await tx.execute(sql`delete from filing_summaries`);
  await tx.execute(sql`delete from city_quarter_facts`);
  await tx.execute(sql`delete from city_quarter_supplier_facts`);
  await insertFacts(tx, sql`true`);
  await tx.execute(sql`
    insert into city_quarter_facts (city_code, period, status, category_code, standard_kind, star_bucket, lines,
      amount_fen, green_amount_fen)
    select city_code, period, status, category_code, standard_kind, star_bucket, sum(lines), sum(amount_fen),
      sum(green_amount_fen)
    from filing_facts group by 1, 2, 3, 4, 5, 6`);
  await tx.execute(sql`
    insert into city_quarter_supplier_facts (city_code, period, status, category_code, standard_kind, supplier_key,
      supplier_org_id, supplier_name, supplier_credit_code, lines, amount_fen, green_amount_fen)
    select city_code, period, status, category_code, standard_kind, supplier_key, min(supplier_org_id),
      min(supplier_name), min(supplier_credit_code), sum(lines), sum(amount_fen), sum(green_amount_fen)
    from filing_supplier_facts group by 1, 2, 3, 4, 5, 6`);
}

/** The facts of the filings `which` selects (a condition on `f`, procurement_filings). */
async function insertFacts(tx: Tx, which: SQL): Promise<void> {
  await tx.execute(sql`
    insert into filing_facts (filing_id, project_id, city_code, region_code, project_type, policy_batch, period, status,
      category_code, standard_kind, star_bucket, lines, green_lines, typed_lines, amount_fen, green_amount_fen)
    select f.id, f.project_id, f.city_code, p.region_code, p.type, p.policy_batch, f.period, f.status,
      coalesce(l.category_code, 'outside'), l.standard_kind,
      case when not l.is_green then 'none'
           when l.star is not null then l.star::text
           when l.evidence_kind = 'test_report' then 'report'
           else 'none' end as star_bucket,
      count(*)::int, count(*) filter (where l.is_green)::int, count(*) filter (where l.source = 'typed')::int,
      coalesce(sum(l.amount_fen), 0)::bigint, coalesce(sum(l.amount_fen) filter (where l.is_green), 0)::bigint
    from procurement_filings f
    join projects p on p.id = f.project_id
    join procurement_filing_lines l on l.filing_id = f.id
    where ${which} and f.superseded_at is null
    group by f.id, f.project_id, f.city_code, p.region_code, p.type, p.policy_batch, f.period, f.status,
      coalesce(l.category_code, 'outside'), l.standard_kind, star_bucket`);
  await tx.execute(sql`
    insert into filing_supplier_facts (filing_id, project_id, city_code, region_code, project_type, policy_batch,
      period, status, category_code, standard_kind, supplier_key, supplier_org_id, supplier_name, supplier_credit_code,
      lines, amount_fen, green_amount_fen)
    select f.id, f.project_id, f.city_code, p.region_code, p.type, p.policy_batch, f.period, f.status,
      coalesce(l.category_code, 'outside'), l.standard_kind, s.supplier_key,
      min(l.supplier_org_id), min(l.supplier_name), min(l.supplier_credit_code),
      count(*)::int, coalesce(sum(l.amount_fen), 0)::bigint,
      coalesce(sum(l.amount_fen) filter (where l.is_green), 0)::bigint
    from procurement_filings f
    join projects p on p.id = f.project_id
    join procurement_filing_lines l on l.filing_id = f.id
    cross join lateral (select case when l.supplier_org_id is not null then 'org:' || l.supplier_org_id
      when l.supplier_credit_code is not null then 'uscc:' || upper(l.supplier_credit_code)
      else 'name:' || l.supplier_name end as supplier_key) s
    where ${which} and f.superseded_at is null
    group by f.id, f.project_id, f.city_code, p.region_code, p.type, p.policy_batch, f.period, f.status,
      coalesce(l.category_code, 'outside'), l.standard_kind, s.supplier_key`);
  await tx.execute(sql`
    insert into filing_summaries (filing_id, project_id, city_code, period, status, standard_amount_fen,
      green_amount_fen, mandatory_rows, mandatory_green_rows, optional_kinds, optional_green_kinds)
    select f.id, f.project_id, f.city_code, f.period, f.status,
      coalesce(sum(ff.amount_fen) filter (where ff.standard_kind <> 'outside'), 0)::bigint,
      coalesce(sum(ff.green_amount_fen) filter (where ff.standard_kind <> 'outside'), 0)::bigint,
      (count(*) filter (where ff.standard_kind = 'mandatory'))::int,
      (count(*) filter (where ff.standard_kind = 'mandatory' and ff.star_bucket <> 'none'))::int,
      (count(distinct ff.category_code) filter (where ff.standard_kind = 'optional' and ff.category_code <> 'outside'))::int,
      (count(distinct ff.category_code) filter (where ff.standard_kind = 'optional' and ff.category_code <> 'outside'
        and ff.star_bucket <> 'none'))::int
    from procurement_filings f
    join filing_facts ff on ff.filing_id = f.id
    where ${which} and f.superseded_at is null
    group by f.id, f.project_id, f.city_code, f.period, f.status`);
}
