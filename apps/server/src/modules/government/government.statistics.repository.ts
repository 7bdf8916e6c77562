import {
  ListingStatus,
  MembershipStatus,
  ProductDocumentKind,
  type StandardKindValue,
  type statisticsLineRow,
} from '@jcbb/contract';
import { plainQuantity, toMilli } from '@jcbb/contract/quantity';
import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Tx } from '../../db/client.ts';
import { shanghaiDay } from '../../lib/shanghai-day.ts';
import type { FactSummary, FilingRow, SupplierRow } from './government.statistics.compute.ts';

/**
 * The statistics' SQL (docs/government.md, "Statistics"): the scope's projects, then sums over the small fact tables
 * kept per filing (`filing_facts`, `filing_supplier_facts`), never over the filed lines, except for the lines'
 * drill-down. Every statement takes the scope's project ids, so one rule decides what a caller sees.
 */

/** Whose projects: a city (null: every city), a developer's own, or those an organisation has joined. */
export type StatisticsScope =
  | { kind: 'city'; cityCode: string | null }
  | { kind: 'developer'; orgId: number; cityCode: string | null }
  | { kind: 'member'; orgId: number; cityCode: string | null };

export interface ProjectFilters {
  regionCode?: string;
  projectType?: number;
  batch?: string;
}

export interface FactFilters {
  /** The filings' statuses that count. */
  statuses: readonly string[];
  categoryCode?: string;
}

const rowsOf = async <T>(tx: Tx, query: SQL): Promise<T[]> =>
  ((await tx.execute(query)) as unknown as { rows: T[] }).rows;

/** An int[] parameter (one parameter whatever the number of ids). */
const intArray = (ids: readonly number[]) =>
  ids.length === 0 ? sql`array[]::int[]` : sql`string_to_array(${ids.join(',')}, ',')::int[]`;
const textArray = (values: readonly string[]) =>
  values.length === 0 ? sql`array[]::text[]` : sql`string_to_array(${values.join(',')}, ',')`;

export interface ScopeProject {
  id: number;
  name: string;
  cityCode: string;
  regionCode: string;
  type: number;
  step: number;
  floorAreaM2: number;
  standardEdition: string | null;
}

/** The scope's projects in the policy scope, with the filters, oldest first. */
export async function scopeProjects(tx: Tx, scope: StatisticsScope, f: ProjectFilters): Promise<ScopeProject[]> {
  const where: SQL[] = [sql`p.in_policy_scope`];
  if (scope.cityCode) where.push(sql`p.city_code = ${scope.cityCode}`);
  if (scope.kind === 'developer') where.push(sql`p.developer_org_id = ${scope.orgId}`);
  if (scope.kind === 'member') {
    where.push(sql`exists (select 1 from project_orgs po where po.project_id = p.id and po.org_id = ${scope.orgId}
      and po.status = ${MembershipStatus.ACCEPTED})`);
  }
  if (f.regionCode) where.push(sql`p.region_code = ${f.regionCode}`);
  if (f.projectType !== undefined) where.push(sql`p.type = ${f.projectType}`);
  if (f.batch) where.push(sql`p.policy_batch = ${f.batch}`);
  const rows = await rowsOf<ScopeProject & { floorAreaM2: string }>(
    tx,
    sql`select p.id, p.name, p.city_code as "cityCode", p.region_code as "regionCode", p.type, p.step,
          p.gross_floor_area::text as "floorAreaM2", p.standard_edition as "standardEdition"
        from projects p where ${sql.join(where, sql` and `)} order by p.id`,
  );
  return rows.map((r) => ({ ...r, floorAreaM2: Number(r.floorAreaM2) }));
}

/** The rule parameters of the editions named (`standard_rules`, as procurement's `policyOf` reads them). */
export async function editionRules(tx: Tx, editions: readonly string[]) {
  return rowsOf<{
    editionCode: string;
    mandatoryGreenPct: number;
    optionalCoverageMinPct: number | null;
    testReportMaxAgeDays: number | null;
  }>(
    tx,
    sql`select edition_code as "editionCode", mandatory_green_pct as "mandatoryGreenPct",
          optional_coverage_min_pct as "optionalCoverageMinPct", test_report_max_age_days as "testReportMaxAgeDays"
        from standard_rules where edition_code = any(${textArray(editions)})`,
  );
}

function factWhere(alias: string, ids: readonly number[], periods: readonly string[], f: FactFilters): SQL {
  const t = sql.raw(alias);
  const parts = [
    sql`${t}.project_id = any(${intArray(ids)})`,
    sql`${t}.period = any(${textArray(periods)})`,
    sql`${t}.status = any(${textArray(f.statuses)})`,
  ];
  if (f.categoryCode) parts.push(sql`${t}.category_code = ${f.categoryCode}`);
  return sql.join(parts, sql` and `);
}

/**
 * Each project's summary per quarter of the periods named (one filing in force each): `filing_summaries` as kept, or,
 * with a category, the same sums of that category's facts.
 */
export async function projectSummaries(
  tx: Tx,
  ids: readonly number[],
  periods: readonly string[],
  f: FactFilters,
): Promise<(FactSummary & { projectId: number; period: string })[]> {
  const query = f.categoryCode
    ? sql`select ff.project_id as "projectId", ff.period,
          coalesce(sum(ff.amount_fen) filter (where ff.standard_kind <> 'outside'), 0)::text as "standardAmountFen",
          coalesce(sum(ff.green_amount_fen) filter (where ff.standard_kind <> 'outside'), 0)::text as "greenAmountFen",
          (count(*) filter (where ff.standard_kind = 'mandatory'))::int as "mandatoryRows",
          (count(*) filter (where ff.standard_kind = 'mandatory' and ff.star_bucket <> 'none'))::int
            as "mandatoryGreenRows",
          (count(distinct ff.category_code) filter (where ff.standard_kind = 'optional'
            and ff.category_code <> 'outside'))::int as "optionalKinds",
          (count(distinct ff.category_code) filter (where ff.standard_kind = 'optional'
            and ff.category_code <> 'outside' and ff.star_bucket <> 'none'))::int as "optionalGreenKinds"
        from filing_facts ff where ${factWhere('ff', ids, periods, f)}
        group by 1, 2`
    : sql`select s.project_id as "projectId", s.period, s.standard_amount_fen::text as "standardAmountFen",
          s.green_amount_fen::text as "greenAmountFen", s.mandatory_rows as "mandatoryRows",
          s.mandatory_green_rows as "mandatoryGreenRows", s.optional_kinds as "optionalKinds",
          s.optional_green_kinds as "optionalGreenKinds"
        from filing_summaries s where ${factWhere('s', ids, periods, { statuses: f.statuses })}`;
  const rows = await rowsOf<
    Omit<FactSummary, 'standardAmountFen' | 'greenAmountFen'> & {
      projectId: number;
      period: string;
      standardAmountFen: string;
      greenAmountFen: string;
    }
  >(tx, query);
  return rows.map((r) => ({
    ...r,
    standardAmountFen: Number(r.standardAmountFen),
    greenAmountFen: Number(r.greenAmountFen),
  }));
}

/**
 * Where a whole city's (or every city's) sums are read from its quarter's rollup (`city_quarter_*`) instead of each
 * filing's facts: the cities, 'all', or null for the scope's projects.
 */
export type Rollup = readonly string[] | 'all' | null;

/** The rollup's rows of the cities, quarter, statuses and category. */
function rollupWhere(alias: string, cities: readonly string[] | 'all', period: string, f: FactFilters): SQL {
  const r = sql.raw(alias);
  const parts = [sql`${r}.period = ${period}`, sql`${r}.status = any(${textArray(f.statuses)})`, sql`${r}.lines > 0`];
  if (cities !== 'all') parts.push(sql`${r}.city_code = any(${textArray(cities)})`);
  if (f.categoryCode) parts.push(sql`${r}.category_code = ${f.categoryCode}`);
  return sql.join(parts, sql` and `);
}

/** The quarter's facts by category, kind and star bucket. */
export async function categoryFacts(tx: Tx, ids: readonly number[], period: string, f: FactFilters, rollup: Rollup) {
  const rows = await rowsOf<{
    categoryCode: string;
    kind: StandardKindValue;
    starBucket: string;
    lines: number;
    amountFen: string;
    greenAmountFen: string;
  }>(
    tx,
    sql`select ff.category_code as "categoryCode", ff.standard_kind as kind, ff.star_bucket as "starBucket",
          sum(ff.lines)::int as lines, sum(ff.amount_fen)::text as "amountFen",
          sum(ff.green_amount_fen)::text as "greenAmountFen"
        from ${
          rollup === null
            ? sql`filing_facts ff where ${factWhere('ff', ids, [period], f)}`
            : sql`city_quarter_facts ff where ${rollupWhere('ff', rollup, period, f)}`
        }
        group by 1, 2, 3`,
  );
  return rows.map((r) => ({ ...r, amountFen: Number(r.amountFen), greenAmountFen: Number(r.greenAmountFen) }));
}

/** The quarter's supplier sums in the standard, per supplier and project city, with the supplier's city. */
export async function supplierFacts(
  tx: Tx,
  ids: readonly number[],
  period: string,
  f: FactFilters,
  rollup: Rollup,
): Promise<SupplierRow[]> {
  const rows = await rowsOf<
    Omit<SupplierRow, 'amountFen' | 'greenSpendFen'> & { amountFen: string; greenSpendFen: string }
  >(
    tx,
    sql`with s as (
          select sf.supplier_key, sf.city_code, min(sf.supplier_org_id) as org_id, min(sf.supplier_name) as name,
            min(sf.supplier_credit_code) as credit_code, sum(sf.amount_fen) as amount,
            sum(sf.green_amount_fen) as green
          from ${
            rollup === null
              ? sql`filing_supplier_facts sf where ${factWhere('sf', ids, [period], f)}`
              : sql`city_quarter_supplier_facts sf where ${rollupWhere('sf', rollup, period, f)}`
          } and sf.standard_kind <> 'outside'
          group by 1, 2)
        select s.supplier_key as "supplierKey", s.org_id as "orgId", coalesce(o.name, s.name) as name,
          coalesce(o.credit_code, s.credit_code) as "creditCode", s.city_code as "cityCode",
          case when length(o.region_code) >= 4 then substr(o.region_code, 1, 4) || '00' end as "orgCityCode",
          s.amount::text as "amountFen", s.green::text as "greenSpendFen"
        from s left join organizations o on o.id = s.org_id`,
  );
  return rows.map((r) => ({ ...r, amountFen: Number(r.amountFen), greenSpendFen: Number(r.greenSpendFen) }));
}

/** The scope's filings in force for the quarter (any status), one per project. */
export async function quarterFilings(tx: Tx, ids: readonly number[], period: string): Promise<FilingRow[]> {
  const rows = await rowsOf<
    Omit<FilingRow, 'completedValueFen' | 'progressPaidFen'> & {
      completedValueFen: string | null;
      progressPaidFen: string | null;
    }
  >(
    tx,
    sql`select f.id, f.project_id as "projectId", f.period, f.status,
          ${shanghaiDay(sql`f.first_submitted_at`)}::text as "firstSubmittedOn",
          f.completed_value_fen::text as "completedValueFen", f.progress_paid_fen::text as "progressPaidFen"
        from procurement_filings f
        where f.project_id = any(${intArray(ids)}) and f.period = ${period} and f.superseded_at is null`,
  );
  return rows.map((r) => ({
    ...r,
    completedValueFen: r.completedValueFen === null ? null : Number(r.completedValueFen),
    progressPaidFen: r.progressPaidFen === null ? null : Number(r.progressPaidFen),
  }));
}

/**
 * Alerts not closed, by project (null: on no project) and severity: the scope's projects', plus the cities' alerts
 * on no project when `cityWide` names the cities (a whole city without project filters).
 */
export async function openAlerts(tx: Tx, ids: readonly number[], cityWide: readonly string[] | 'all' | null) {
  const onCity =
    cityWide === null
      ? sql`false`
      : cityWide === 'all'
        ? sql`a.project_id is null`
        : sql`(a.project_id is null and a.city_code = any(${textArray(cityWide)}))`;
  return rowsOf<{ projectId: number | null; severity: string; n: number }>(
    tx,
    sql`select a.project_id as "projectId", a.severity, count(*)::int as n
        from risk_alerts a
        where a.status <> 'closed' and (a.project_id = any(${intArray(ids)}) or ${onCity})
        group by 1, 2`,
  );
}

/**
 * Products listed in the cities (null: every city) with a green certificate valid today, and those certificates ending
 * within 90 days. A product's green certificate is its document of kind 3 with a star of 1–3 and its dates (the
 * catalogue's green tag reads the same: product-tags.ts `isValidGreenCertificate`), whether the platform issued it
 * (its `certificate_id`, not revoked) or another body did.
 */
export async function certificateCounts(tx: Tx, cities: readonly string[] | null, today: string) {
  const inCities = cities === null ? sql`true` : sql`l.city_code = any(${textArray(cities)})`;
  const [row] = await rowsOf<{ certified: number; expiring: number }>(
    tx,
    sql`with listed as (
          select distinct l.product_id from product_listings l where l.status = ${ListingStatus.LISTED} and ${inCities}),
        green as (
          select d.product_id, d.valid_until from product_documents d
          join listed on listed.product_id = d.product_id
          left join certificates c on c.id = d.certificate_id
          where d.kind = ${ProductDocumentKind.GREEN_CERTIFICATE} and d.star_rating between 1 and 3
            and d.valid_until >= ${today}::date and (d.valid_from is null or d.valid_from <= ${today}::date)
            and c.revoked_at is null)
        select (select count(distinct product_id)::int from green) as certified,
          (select count(*)::int from green where valid_until <= ${today}::date + 90) as expiring`,
  );
  return row ?? { certified: 0, expiring: 0 };
}

/** Shipments to the scope's projects first received in the quarter, by transport mode. */
export async function carbonByMode(tx: Tx, ids: readonly number[], from: string, to: string) {
  const rows = await rowsOf<{
    mode: number;
    name: string | null;
    deliveries: number;
    kg: string;
    distanceKm: string;
    defaultDistance: number;
    missingMass: number;
  }>(
    tx,
    sql`with d as (
          select s.transport_type, s.kg_co2e, s.distance_km, s.distance_source, s.missing_mass_lines
          from shipments s
          join lateral (select min(r.arrived_on) as arrived from receipts r where r.shipment_id = s.id) r on true
          where s.to_kind = 'project' and s.to_project_id = any(${intArray(ids)})
            and r.arrived between ${from}::date and ${to}::date)
        select d.transport_type as mode, t.name, count(*)::int as deliveries,
          coalesce(sum(d.kg_co2e), 0)::text as kg, coalesce(sum(d.distance_km), 0)::text as "distanceKm",
          (count(*) filter (where d.distance_source <> 'measured'))::int as "defaultDistance",
          (count(*) filter (where d.missing_mass_lines > 0))::int as "missingMass"
        from d left join transport_types t on t.id = d.transport_type
        group by 1, 2 order by 1`,
  );
  return rows.map((r) => ({ ...r, kg: Number(r.kg), distanceKm: Number(r.distanceKm) }));
}

/** Spot checks, site inspections needing a retest and witnessed samples of the scope's projects in the quarter. */
export async function inspectionCounts(tx: Tx, ids: readonly number[], from: string, to: string) {
  const idList = intArray(ids);
  const [row] = await rowsOf<{
    spotChecks: number;
    spotChecksPassed: number;
    retestsRequired: number;
    witnessed: number;
    samplesPassed: number;
    samplesFailed: number;
  }>(
    tx,
    sql`select
          (select count(*)::int from spot_checks c where c.project_id = any(${idList})
            and c.checked_on between ${from}::date and ${to}::date) as "spotChecks",
          (select count(*)::int from spot_checks c where c.project_id = any(${idList})
            and c.checked_on between ${from}::date and ${to}::date and c.result = 'pass') as "spotChecksPassed",
          (select count(*)::int from site_inspections i where i.project_id = any(${idList}) and i.retest_required
            and ${shanghaiDay(sql`i.created_at`)} between ${from}::date and ${to}::date) as "retestsRequired",
          (select count(*)::int from site_inspections i where i.project_id = any(${idList}) and i.retest_required
            and ${shanghaiDay(sql`i.created_at`)} between ${from}::date and ${to}::date
            and exists (select 1 from witness_samples w where w.inspection_id = i.id)) as witnessed,
          (select count(*)::int from witness_samples w where w.project_id = any(${idList})
            and w.report_date between ${from}::date and ${to}::date and w.result = 'pass') as "samplesPassed",
          (select count(*)::int from witness_samples w where w.project_id = any(${idList})
            and w.report_date between ${from}::date and ${to}::date and w.result = 'fail') as "samplesFailed"`,
  );
  return (
    row ?? { spotChecks: 0, spotChecksPassed: 0, retestsRequired: 0, witnessed: 0, samplesPassed: 0, samplesFailed: 0 }
  );
}

/** Category names by code (the newest edition's name where editions share a code). */
export async function categoryNames(tx: Tx, codes: readonly string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const rows = await rowsOf<{ code: string; name: string }>(
    tx,
    sql`select distinct on (c.code) c.code, c.name from standard_categories c
        left join demand_standard_editions e on e.code = c.edition_code
        where c.code = any(${textArray([...new Set(codes)])}) order by c.code, e.sort desc nulls last, c.id desc`,
  );
  return new Map(rows.map((r) => [r.code, r.name]));
}

/** Is the city one the platform runs (open data answers only for those)? */
export async function isPlatformCity(tx: Tx, cityCode: string): Promise<boolean> {
  const rows = await rowsOf<{ one: number }>(
    tx,
    sql`select 1 as one from platform_cities where city_code = ${cityCode}`,
  );
  return rows.length > 0;
}

export interface LineFilters extends FactFilters {
  periods: readonly string[];
  projectId?: number;
  starBucket?: string;
  supplierOrgId?: number;
  greenOnly?: boolean;
  take: number;
  skip: number;
}

const BUCKET = sql`case when not l.is_green then 'none' when l.star is not null then l.star::text
  when l.evidence_kind = 'test_report' then 'report' else 'none' end`;

/** The counted filings' lines of the scope's projects, with the filters, paged (filing, then line number). */
export async function filedLines(tx: Tx, ids: readonly number[], f: LineFilters) {
  const where: SQL[] = [
    sql`f.project_id = any(${intArray(ids)})`,
    sql`f.period = any(${textArray(f.periods)})`,
    sql`f.status = any(${textArray(f.statuses)})`,
    sql`f.superseded_at is null`,
  ];
  if (f.projectId !== undefined) where.push(sql`f.project_id = ${f.projectId}`);
  if (f.categoryCode) where.push(sql`coalesce(l.category_code, 'outside') = ${f.categoryCode}`);
  if (f.starBucket) where.push(sql`${BUCKET} = ${f.starBucket}`);
  if (f.supplierOrgId !== undefined) where.push(sql`l.supplier_org_id = ${f.supplierOrgId}`);
  if (f.greenOnly) where.push(sql`l.is_green`);
  const cond = sql.join(where, sql` and `);
  const [count] = await rowsOf<{ n: number }>(
    tx,
    sql`select count(*)::int as n from procurement_filing_lines l join procurement_filings f on f.id = l.filing_id
        where ${cond}`,
  );
  const rows = await rowsOf<Omit<z.infer<typeof statisticsLineRow>, 'amountFen'> & { amountFen: string }>(
    tx,
    sql`select l.id as "lineId", l.filing_id as "filingId", f.project_id as "projectId", p.name as "projectName",
          f.period, l.source, l.category_code as "categoryCode", c.name as "categoryName",
          l.standard_kind as "standardKind", l.common_name as "commonName", l.spec, l.quantity::text as quantity,
          l.unit, l.amount_fen::text as "amountFen", l.supplier_name as "supplierName", l.is_green as "isGreen",
          l.evidence_kind as "evidenceKind", l.certificate_no as "certificateNo", l.star::int as star,
          l.report_no as "reportNo", l.delivery_date::text as "deliveryDate"
        from procurement_filing_lines l
        join procurement_filings f on f.id = l.filing_id
        join projects p on p.id = f.project_id
        left join standard_categories c on c.edition_code = l.edition_code and c.code = l.category_code
        where ${cond}
        order by f.project_id, f.id, l.line_no
        limit ${f.take} offset ${f.skip}`,
  );
  return {
    total: count?.n ?? 0,
    rows: rows.map((r) => ({ ...r, quantity: plainQuantity(toMilli(r.quantity)), amountFen: Number(r.amountFen) })),
  };
}
