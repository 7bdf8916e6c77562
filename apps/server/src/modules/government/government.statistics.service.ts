import {
  COUNTED_FILING_STATUSES,
  type Compliance,
  type ComplianceRule,
  OrgType,
  periodRange,
  Role,
  reportingPeriod,
  STATISTICS_DEFINITION_VERSION,
  type StandardKindValue,
  type StatisticsData,
  StatisticsSlice,
  standardKindLabels,
  starBucketValues,
  type statisticsLinesQuery,
  type statisticsProjectsQuery,
  type statisticsQuery,
  yearToDate,
} from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { cityNames, committeeCity } from '../listing/index.ts';
import {
  countedStatuses,
  type FactSummary,
  type FilingRow,
  greenBucket,
  isLate,
  paymentOf,
  shareBp,
  summaryCompliance,
  suppliersOf,
  trendOf,
} from './government.statistics.compute.ts';
import { STATISTIC_DEFINITIONS } from './government.statistics.definitions.ts';
import * as repo from './government.statistics.repository.ts';

/**
 * The statistics (docs/government.md, "Statistics"): who sees which projects (`scopeOf`), the dashboard's figures
 * from the fact tables, the drill-down to projects and lines, and the same figures for the exports and the open
 * data. Reads only: no audit row, no message. Every definition is in government.statistics.definitions.ts.
 */

type Filters = z.output<typeof statisticsQuery>;
type ProjectsQuery = z.output<typeof statisticsProjectsQuery>;
type LinesQuery = z.output<typeof statisticsLinesQuery>;

const round2 = (n: number) => Math.round(n * 100) / 100;
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Whose projects the caller's figures cover (definition `scope`): the platform operator the city given or every
 * city; a committee its own city (another city's code: 404, never its figures); a developer its own projects; a
 * construction or supervision unit the projects it has joined; anyone else 403. A cityCode from a filer narrows.
 */
export async function scopeOf(tx: Tx, user: SessionUser, cityCode?: string): Promise<repo.StatisticsScope> {
  if (user.roles.includes(Role.SUPER_ADMIN)) return { kind: 'city', cityCode: cityCode ?? null };
  const city = await committeeCity(tx, user);
  if (city !== null) {
    if (cityCode && cityCode !== city) throw notFound('该城市的统计数据不存在');
    return { kind: 'city', cityCode: city };
  }
  if (user.orgId !== null && user.orgType === OrgType.DEVELOPER) {
    return { kind: 'developer', orgId: user.orgId, cityCode: cityCode ?? null };
  }
  if (user.orgId !== null && (user.orgType === OrgType.CONSTRUCTION || user.orgType === OrgType.SUPERVISION)) {
    return { kind: 'member', orgId: user.orgId, cityCode: cityCode ?? null };
  }
  throw forbidden('只有住建委、建设单位、施工单位和监理单位可以查看采购统计');
}

interface Context {
  scope: repo.StatisticsScope;
  projects: repo.ScopeProject[];
  ids: number[];
  period: string;
  periods: string[];
  facts: repo.FactFilters;
  today: string;
  /** The whole city (or every city) without project filters: its alerts on no project count too. */
  cityWide: readonly string[] | 'all' | null;
}

async function contextOf(tx: Tx, scope: repo.StatisticsScope, q: Filters): Promise<Context> {
  const today = shanghaiToday();
  const period = q.period ?? reportingPeriod(today);
  const projects = await repo.scopeProjects(tx, scope, q);
  const projectFiltered = q.regionCode !== undefined || q.projectType !== undefined || q.batch !== undefined;
  return {
    scope,
    projects,
    ids: projects.map((p) => p.id),
    period,
    periods: yearToDate(period),
    facts: {
      statuses: countedStatuses(q.confirmedOnly),
      categoryCode: q.categoryCode,
    },
    today,
    cityWide: scope.kind !== 'city' || projectFiltered ? null : scope.cityCode === null ? 'all' : [scope.cityCode],
  };
}

interface JudgedProject {
  project: repo.ScopeProject;
  filing: FilingRow | null;
  counted: boolean;
  late: boolean;
  compliance: Compliance | null;
  payment: { filed: boolean; below: boolean };
  openAlerts: number;
}

/** Items grouped by a key, in the order first seen. */
function countBy<T, K>(items: readonly T[], key: (t: T) => K) {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

/** Each project of the scope judged for the quarter: its filing, lateness, the policy's rules, payment, alerts. */
async function judgeProjects(tx: Tx, ctx: Context) {
  const [filings, summaries, alerts] = await Promise.all([
    repo.quarterFilings(tx, ctx.ids, ctx.period),
    repo.projectSummaries(tx, ctx.ids, ctx.periods, ctx.facts),
    repo.openAlerts(tx, ctx.ids, ctx.cityWide),
  ]);
  const editions = [...new Set(ctx.projects.map((p) => p.standardEdition).filter((e): e is string => e !== null))];
  const rules = new Map<string, ComplianceRule>(
    (await repo.editionRules(tx, editions)).map(({ editionCode, ...rule }) => [editionCode, rule]),
  );
  const filingOf = new Map(filings.map((f) => [f.projectId, f]));
  const summaryOf = new Map(summaries.filter((x) => x.period === ctx.period).map((x) => [x.projectId, x]));
  const alertsOf = new Map<number, number>();
  for (const a of alerts) if (a.projectId !== null) alertsOf.set(a.projectId, (alertsOf.get(a.projectId) ?? 0) + a.n);
  const judged = ctx.projects.map((project): JudgedProject => {
    const filing = filingOf.get(project.id) ?? null;
    const counted = filing !== null && ctx.facts.statuses.includes(filing.status);
    // Lateness is the filer's: a submitted filing is on time whether or not the committee confirmed it yet.
    const sent = filing !== null && COUNTED_FILING_STATUSES.includes(filing.status as never) ? filing : null;
    const rule = project.standardEdition ? (rules.get(project.standardEdition) ?? null) : null;
    return {
      project,
      filing,
      counted,
      late: isLate(ctx.period, sent, ctx.today),
      compliance:
        counted && summaryOf.has(project.id) ? summaryCompliance(summaryOf.get(project.id) as FactSummary, rule) : null,
      payment: counted && filing ? paymentOf(filing) : { filed: false, below: false },
      openAlerts: alertsOf.get(project.id) ?? 0,
    };
  });
  return { judged, alerts, summaries };
}

const mandatoryMet = (c: Compliance | null) => (c?.mandatory.applicable ? c.mandatory.met : null);
const optionalMet = (c: Compliance | null) => (c?.optional.applicable ? c.optional.met : null);

function inSlice(j: JudgedProject, slice: string): boolean {
  switch (slice) {
    case StatisticsSlice.FILED:
      return j.counted;
    case StatisticsSlice.OVERDUE:
      return j.late;
    case StatisticsSlice.MANDATORY_FAILING:
      return mandatoryMet(j.compliance) === false;
    case StatisticsSlice.OPTIONAL_FAILING:
      return optionalMet(j.compliance) === false;
    case StatisticsSlice.PAYMENT_BELOW:
      return j.payment.below;
    case StatisticsSlice.WITH_ALERTS:
      return j.openAlerts > 0;
    default:
      return true;
  }
}

async function cityNameOf(tx: Tx, cityCode: string | null) {
  if (cityCode === null) return null;
  return (await cityNames(tx, [cityCode])).get(cityCode) ?? null;
}

/** The dashboard's figures for a context (definitions in government.statistics.definitions.ts). */
interface Figures {
  data: StatisticsData;
  judged: JudgedProject[];
  /** Distinct suppliers with spend in the standard (the open data names none, it counts them). */
  supplierCount: number;
}

async function figures(tx: Tx, ctx: Context): Promise<Figures> {
  const { from, to } = periodRange(ctx.period);
  const certificateCities =
    ctx.scope.kind === 'city'
      ? ctx.scope.cityCode === null
        ? null
        : [ctx.scope.cityCode]
      : [...new Set(ctx.projects.map((p) => p.cityCode))];
  const [{ judged, alerts, summaries }, categories, suppliers, certificates, carbon, inspections] = await Promise.all([
    judgeProjects(tx, ctx),
    repo.categoryFacts(tx, ctx.ids, ctx.period, ctx.facts, ctx.cityWide),
    repo.supplierFacts(tx, ctx.ids, ctx.period, ctx.facts, ctx.cityWide),
    repo.certificateCounts(tx, certificateCities, ctx.today),
    repo.carbonByMode(tx, ctx.ids, from, to),
    repo.inspectionCounts(tx, ctx.ids, from, to),
  ]);
  const regionCodes = [...new Set(ctx.projects.map((p) => p.regionCode))];
  const cityCode = ctx.scope.cityCode;
  const [names, categoryNames, cityName] = await Promise.all([
    cityNames(tx, regionCodes),
    repo.categoryNames(
      tx,
      categories.map((c) => c.categoryCode),
    ),
    cityNameOf(tx, cityCode),
  ]);

  const standard = categories.filter((c) => c.kind !== 'outside');
  const greenSpendFen = standard.reduce((s, c) => s + c.greenAmountFen, 0);
  const standardSpendFen = standard.reduce((s, c) => s + c.amountFen, 0);
  const mandatory = judged.filter((j) => mandatoryMet(j.compliance) !== null);
  const mandatoryFailing = mandatory.filter((j) => mandatoryMet(j.compliance) === false).length;
  const optional = judged.filter((j) => optionalMet(j.compliance) !== null);
  const severity = { high: 0, medium: 0, low: 0 };
  for (const a of alerts) if (a.severity in severity) severity[a.severity as keyof typeof severity] += a.n;

  const districts = [...countBy(judged, (j) => j.project.regionCode)].map(([regionCode, list]) => {
    const green = list.reduce((s, j) => s + (j.compliance?.greenAmountFen ?? 0), 0);
    const std = list.reduce((s, j) => s + (j.compliance?.standardAmountFen ?? 0), 0);
    return {
      regionCode,
      name: names.get(regionCode) ?? regionCode,
      projects: list.length,
      greenSpendFen: green,
      standardSpendFen: std,
      greenShareBp: shareBp(green, std),
    };
  });
  districts.sort((a, b) => a.regionCode.localeCompare(b.regionCode));

  const byCategory = countBy(categories, (c) => `${c.kind}|${c.categoryCode}`);
  const categoryRows = [...byCategory.values()].map((rows) => {
    const first = rows[0] as (typeof rows)[number];
    const amount = rows.reduce((s, r) => s + r.amountFen, 0);
    const green = rows.reduce((s, r) => s + r.greenAmountFen, 0);
    const stars: Record<string, number> = {};
    for (const r of rows)
      if (greenBucket(r.starBucket)) stars[r.starBucket] = (stars[r.starBucket] ?? 0) + r.greenAmountFen;
    return {
      categoryCode: first.categoryCode,
      name:
        first.categoryCode === 'outside'
          ? standardKindLabels.outside.zh
          : (categoryNames.get(first.categoryCode) ?? first.categoryCode),
      kind: first.kind as StandardKindValue,
      lines: rows.reduce((s, r) => s + r.lines, 0),
      amountFen: amount,
      greenAmountFen: green,
      greenShareBp: shareBp(green, amount),
      stars,
    };
  });
  categoryRows.sort((a, b) => b.amountFen - a.amountFen || a.categoryCode.localeCompare(b.categoryCode));

  const starMix = starBucketValues.map((bucket) => ({
    bucket,
    amountFen: standard.filter((c) => c.starBucket === bucket).reduce((s, c) => s + c.amountFen, 0),
  }));

  const byType = [...countBy(ctx.projects, (p) => p.type)]
    .map(([type, list]) => ({
      type,
      projects: list.length,
      floorAreaM2: round2(list.reduce((s, p) => s + p.floorAreaM2, 0)),
    }))
    .sort((a, b) => a.type - b.type);
  const byStep = [...countBy(ctx.projects, (p) => p.step)]
    .map(([step, list]) => ({ step, projects: list.length }))
    .sort((a, b) => a.step - b.step);

  const supplierFigures = suppliersOf(suppliers);
  const deliveries = carbon.reduce((s, m) => s + m.deliveries, 0);

  const data: StatisticsData = {
    definitionVersion: STATISTICS_DEFINITION_VERSION,
    cityCode,
    cityName,
    period: ctx.period,
    periods: ctx.periods,
    computedAt: new Date().toISOString(),
    kpis: {
      projects: ctx.projects.length,
      floorAreaM2: round2(ctx.projects.reduce((s, p) => s + p.floorAreaM2, 0)),
      filedProjects: judged.filter((j) => j.counted).length,
      overdueProjects: judged.filter((j) => j.late).length,
      greenSpendFen,
      standardSpendFen,
      greenShareBp: shareBp(greenSpendFen, standardSpendFen),
      mandatoryProjects: mandatory.length,
      mandatoryFailingProjects: mandatoryFailing,
      mandatoryComplianceBp: shareBp(mandatory.length - mandatoryFailing, mandatory.length),
      optionalProjects: optional.length,
      optionalFailingProjects: optional.filter((j) => optionalMet(j.compliance) === false).length,
      certifiedProducts: certificates.certified,
      certificatesExpiring90: certificates.expiring,
      openAlerts: severity,
      paymentFiled: judged.filter((j) => j.payment.filed).length,
      paymentBelowMin: judged.filter((j) => j.payment.below).length,
    },
    districts,
    categories: categoryRows,
    starMix,
    trend: trendOf(
      ctx.periods,
      ctx.periods.map((period) => {
        const of = summaries.filter((x) => x.period === period);
        return {
          period,
          greenSpendFen: of.reduce((sum, x) => sum + x.greenAmountFen, 0),
          standardSpendFen: of.reduce((sum, x) => sum + x.standardAmountFen, 0),
        };
      }),
    ),
    projectsByType: byType,
    projectsByStep: byStep,
    suppliers: {
      top: supplierFigures.top,
      top5ShareBp: supplierFigures.top5ShareBp,
      localShareBp: supplierFigures.localShareBp,
    },
    carbon: {
      totalKg: round2(carbon.reduce((s, m) => s + m.kg, 0)),
      byMode: carbon.map((m) => ({ mode: String(m.mode), name: m.name ?? String(m.mode), kg: round2(m.kg) })),
      deliveries,
      averageDistanceKm: deliveries === 0 ? null : round1(carbon.reduce((s, m) => s + m.distanceKm, 0) / deliveries),
      defaultDistanceShareBp: shareBp(
        carbon.reduce((s, m) => s + m.defaultDistance, 0),
        deliveries,
      ),
      missingMass: carbon.reduce((s, m) => s + m.missingMass, 0),
    },
    inspections: { ...inspections, witnessShareBp: shareBp(inspections.witnessed, inspections.retestsRequired) },
    definitions: [...STATISTIC_DEFINITIONS],
  };
  return { data, judged, supplierCount: supplierFigures.count };
}

function projectRow(j: JudgedProject, regionName: string | null) {
  const c = j.compliance;
  return {
    projectId: j.project.id,
    name: j.project.name,
    regionCode: j.project.regionCode,
    regionName,
    type: j.project.type,
    step: j.project.step,
    floorAreaM2: j.project.floorAreaM2,
    filingId: j.filing?.id ?? null,
    filingStatus: j.filing?.status ?? null,
    late: j.late,
    greenSpendFen: c?.greenAmountFen ?? 0,
    standardSpendFen: c?.standardAmountFen ?? 0,
    greenShareBp: c?.greenShareByValueBp ?? null,
    mandatoryMet: mandatoryMet(c),
    optionalCoverageBp: c?.optional.applicable ? c.optional.coverageBp : null,
    optionalMet: optionalMet(c),
    openAlerts: j.openAlerts,
  };
}

/** The open data's short cache: a city's quarter is computed at most once a minute. */
const OPEN_DATA_TTL_MS = 60_000;

export function createStatisticsService(deps: { db: Db }) {
  const { db } = deps;
  const openCache = new Map<string, { at: number; doc: Record<string, unknown> }>();

  async function dashboardOf(tx: Tx, user: SessionUser, q: Filters) {
    const scope = await scopeOf(tx, user, q.cityCode);
    const ctx = await contextOf(tx, scope, q);
    return figures(tx, ctx);
  }

  return {
    /** The dashboard (GET /api/gov/statistics). */
    async dashboard(user: SessionUser, q: Filters): Promise<StatisticsData> {
      return db.transaction(async (tx) => (await dashboardOf(tx, user, q)).data);
    },

    /** The dashboard with every project's row, for the workbook and the report. */
    async exportData(user: SessionUser, q: Filters) {
      return db.transaction(async (tx) => {
        const { data, judged } = await dashboardOf(tx, user, q);
        const names = await cityNames(tx, [...new Set(judged.map((j) => j.project.regionCode))]);
        return { data, projects: judged.map((j) => projectRow(j, names.get(j.project.regionCode) ?? null)) };
      });
    },

    /** A figure's projects (drill-down), paged in the order of the projects' ids. */
    async projects(user: SessionUser, q: ProjectsQuery) {
      return db.transaction(async (tx) => {
        const scope = await scopeOf(tx, user, q.cityCode);
        const ctx = await contextOf(tx, scope, q);
        const { judged } = await judgeProjects(tx, ctx);
        const matching = judged.filter((j) => inSlice(j, q.slice));
        const page = matching.slice(q.skip, q.skip + q.take);
        const names = await cityNames(tx, [...new Set(page.map((j) => j.project.regionCode))]);
        return {
          list: page.map((j) => projectRow(j, names.get(j.project.regionCode) ?? null)),
          total: matching.length,
        };
      });
    },

    /** The counted filings' lines behind a figure; a project outside the caller's scope answers 404. */
    async lines(user: SessionUser, q: LinesQuery) {
      return db.transaction(async (tx) => {
        const scope = await scopeOf(tx, user, q.cityCode);
        const ctx = await contextOf(tx, scope, q);
        if (q.projectId !== undefined && !ctx.ids.includes(q.projectId)) throw notFound('项目不存在');
        const { total, rows } = await repo.filedLines(tx, ctx.ids, {
          ...ctx.facts,
          periods: [ctx.period],
          projectId: q.projectId,
          starBucket: q.starBucket,
          supplierOrgId: q.supplierOrgId,
          greenOnly: q.greenOnly,
          take: q.take,
          skip: q.skip,
        });
        return { total, list: rows };
      });
    },

    /**
     * A platform city's aggregated figures as open data (docs/government.md, "Open data"): no person, no project,
     * no unit price, suppliers only as counts and shares; counted filings, no filter. Another code: 404.
     */
    async openData(cityCode: string, period: string | undefined) {
      const today = shanghaiToday();
      const quarter = period ?? reportingPeriod(today);
      const key = `${cityCode}|${quarter}`;
      const hit = openCache.get(key);
      if (hit && Date.now() - hit.at < OPEN_DATA_TTL_MS) return hit.doc;
      const doc = await db.transaction(async (tx) => {
        if (!(await repo.isPlatformCity(tx, cityCode))) throw notFound('该城市未开通平台');
        const scope: repo.StatisticsScope = { kind: 'city', cityCode };
        const ctx = await contextOf(tx, scope, { period: quarter } as Filters);
        const { data, supplierCount } = await figures(tx, ctx);
        return openDocument(data, supplierCount);
      });
      openCache.set(key, { at: Date.now(), doc });
      return doc;
    },
  };
}

/** The open data document (an OCDS-like JSON of its own; docs/government.md, "Open data"). */
function openDocument(d: StatisticsData, supplierCount: number): Record<string, unknown> {
  const k = d.kpis;
  return {
    uri: `/open/statistics/${d.cityCode}?period=${d.period}`,
    version: '1.0',
    publishedDate: d.computedAt,
    publisher: { name: '建材帮帮 绿色建材政府采购平台' },
    license: 'https://creativecommons.org/licenses/by/4.0/',
    definitionVersion: d.definitionVersion,
    city: { code: d.cityCode, name: d.cityName },
    period: d.period,
    periods: d.periods,
    figures: {
      projects: k.projects,
      floorAreaM2: k.floorAreaM2,
      filedProjects: k.filedProjects,
      overdueProjects: k.overdueProjects,
      greenSpendFen: k.greenSpendFen,
      standardSpendFen: k.standardSpendFen,
      greenShareBp: k.greenShareBp,
      mandatoryProjects: k.mandatoryProjects,
      mandatoryFailingProjects: k.mandatoryFailingProjects,
      mandatoryComplianceBp: k.mandatoryComplianceBp,
      optionalProjects: k.optionalProjects,
      optionalFailingProjects: k.optionalFailingProjects,
      paymentFiled: k.paymentFiled,
      paymentBelowMin: k.paymentBelowMin,
      certifiedProducts: k.certifiedProducts,
      certificatesExpiring90: k.certificatesExpiring90,
      openAlerts: k.openAlerts,
      starMix: d.starMix,
      projectsByType: d.projectsByType,
      projectsByStep: d.projectsByStep,
      suppliers: {
        count: supplierCount,
        top5ShareBp: d.suppliers.top5ShareBp,
        localShareBp: d.suppliers.localShareBp,
      },
      carbon: d.carbon,
      inspections: d.inspections,
    },
    districts: d.districts,
    categories: d.categories.map((c) => ({
      categoryCode: c.categoryCode,
      name: c.name,
      kind: c.kind,
      lines: c.lines,
      amountFen: c.amountFen,
      greenAmountFen: c.greenAmountFen,
      greenShareBp: c.greenShareBp,
      stars: c.stars,
    })),
    trend: d.trend,
    definitions: d.definitions,
  };
}
