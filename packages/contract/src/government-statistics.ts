import { PERIOD_PATTERN, starBucketValues } from './government.ts';
import { blankToUndefined, cityCodeField, flagFilter, optionalId, takeSkip } from './params.ts';
import { standardKindValues } from './procurement.ts';
import { z } from './zod.ts';

/**
 * Government statistics (spec §2 statisticsList; docs/government.md, "Statistics"): a city's figures for a quarter
 * with the year to date, computed from the platform's records (projects, filings, receipts, stock moves, witness
 * sampling, spot checks, certificates, alerts), each figure named by its definition key and the definitions' version
 * (`STATISTICS_DEFINITION_VERSION`), every figure drilling down to its projects and lines. A committee reads its own
 * city; the platform operator any city (or all); a filer (developer, construction unit) the projects it files for.
 * Money is in fen, shares in basis points (10 000 = 100 %), mass in kg CO₂e.
 */

const periodField = z.preprocess(
  blankToUndefined,
  z.string({ error: '季度应为文本' }).trim().regex(PERIOD_PATTERN, '季度应为 年-Q季度，如 2026-Q3').optional(),
);

const optionalCode = (label: string, pattern: RegExp, hint: string) =>
  z.preprocess(
    blankToUndefined,
    z
      .string({ error: `${label}应为文本` })
      .trim()
      .regex(pattern, hint)
      .optional(),
  );

/** The dashboard's filters (DOMAIN §6.1: period, district, project type, batch, category). */
export const statisticsFilters = {
  /** The quarter; empty = the quarter last reported (`reportingPeriod`: the one before the quarter under way). Figures are that quarter's, the trend the year to date. */
  period: periodField,
  /** The city (platform operator only; a committee always gets its own; empty for the operator = every city). */
  cityCode: z.preprocess(blankToUndefined, cityCodeField.optional()),
  /** A county/district of the city (GB/T 2260, 6 digits). */
  regionCode: optionalCode('区县', /^\d{6}$/, '区县代码应为 6 位数字'),
  /** Project type 1–9. */
  projectType: z.preprocess(
    (v) => (typeof v === 'string' && /^\d$/.test(v.trim()) ? Number(v) : blankToUndefined(v)),
    z.number({ error: '项目类型必须是数字' }).int().min(1, '项目类型不存在').max(9, '项目类型不存在').optional(),
  ),
  /** Policy batch code. */
  batch: optionalCode('政策批次', /^[0-9A-Za-z_-]{1,20}$/, '政策批次不存在'),
  /** A demand-standard category code. */
  categoryCode: optionalCode('品类', /^[0-9A-Za-z_.-]{1,20}$/, '品类代码不正确'),
  /** Count only filings the committee confirmed (default: every filing submitted or later). */
  confirmedOnly: flagFilter('仅统计已确认'),
};
export const statisticsQuery = z.object(statisticsFilters);
export type StatisticsInput = z.input<typeof statisticsQuery>;

const money = z.number().int();
const share = z.number().int().nullable();

/** A figure's definition as the page states it (the full text is in docs/government.md under the same key). */
export const statisticDefinitionView = z.object({
  key: z.string(),
  name: z.string(),
  nameEn: z.string(),
  definition: z.string(),
  definitionEn: z.string(),
  /** Where the figure's records come from. */
  source: z.string(),
});
export type StatisticDefinitionView = z.infer<typeof statisticDefinitionView>;

export const statisticsKpis = z.object({
  /** Projects in scope (in the policy, in the city and filters), and their gross floor area in m². */
  projects: z.number().int(),
  floorAreaM2: z.number(),
  /** Projects with a counted filing for the quarter, and those whose filing is late or missing after the deadline. */
  filedProjects: z.number().int(),
  overdueProjects: z.number().int(),
  greenSpendFen: money,
  standardSpendFen: money,
  greenShareBp: share,
  /** Projects whose mandatory lines are all green, of the projects with mandatory lines. */
  mandatoryProjects: z.number().int(),
  mandatoryFailingProjects: z.number().int(),
  mandatoryComplianceBp: share,
  /** Projects whose optional coverage meets the edition's minimum, of those using optional categories. */
  optionalProjects: z.number().int(),
  optionalFailingProjects: z.number().int(),
  /** Products listed in the city's catalogue with a certificate valid today. */
  certifiedProducts: z.number().int(),
  /** Certificates of products listed in the city that end within 90 days. */
  certificatesExpiring90: z.number().int(),
  /** Alerts not yet closed on the city's subjects, by severity. */
  openAlerts: z.object({ high: z.number().int(), medium: z.number().int(), low: z.number().int() }),
  /** Filings stating completed value and progress paid; those paying under 80 %. */
  paymentFiled: z.number().int(),
  paymentBelowMin: z.number().int(),
});
export type StatisticsKpis = z.infer<typeof statisticsKpis>;

export const statisticsDistrictView = z.object({
  regionCode: z.string(),
  name: z.string(),
  projects: z.number().int(),
  greenSpendFen: money,
  standardSpendFen: money,
  greenShareBp: share,
});

export const statisticsCategoryView = z.object({
  categoryCode: z.string(),
  name: z.string(),
  kind: z.enum(standardKindValues),
  lines: z.number().int(),
  amountFen: money,
  greenAmountFen: money,
  greenShareBp: share,
  /** Green spend by star bucket ('1', '2', '3', 'report'). */
  stars: z.record(z.string(), money),
});

export const statisticsTrendPoint = z.object({
  period: z.string(),
  greenSpendFen: money,
  standardSpendFen: money,
  greenShareBp: share,
  /** Year to date up to and including this quarter (TI Ukraine's accumulation). */
  ytdGreenSpendFen: money,
  ytdStandardSpendFen: money,
  ytdGreenShareBp: share,
});

export const statisticsSupplierView = z.object({
  orgId: z.number().int().nullable(),
  name: z.string(),
  creditCode: z.string().nullable(),
  greenSpendFen: money,
  amountFen: money,
  shareBp: share,
  /** The supplier's registered region is in the city. null = not known (a supplier off the platform). */
  local: z.boolean().nullable(),
});

export const statisticsData = z.object({
  definitionVersion: z.string(),
  cityCode: z.string().nullable(),
  cityName: z.string().nullable(),
  period: z.string(),
  /** The quarters of the trend (the year to date). */
  periods: z.array(z.string()),
  /** When the figures were read (filings' facts are kept current in each filing's transaction). */
  computedAt: z.string(),
  kpis: statisticsKpis,
  districts: z.array(statisticsDistrictView),
  categories: z.array(statisticsCategoryView),
  starMix: z.array(z.object({ bucket: z.enum(starBucketValues), amountFen: money })),
  trend: z.array(statisticsTrendPoint),
  projectsByType: z.array(z.object({ type: z.number().int(), projects: z.number().int(), floorAreaM2: z.number() })),
  projectsByStep: z.array(z.object({ step: z.number().int(), projects: z.number().int() })),
  suppliers: z.object({
    top: z.array(statisticsSupplierView),
    /** Share of green spend with the five largest suppliers, and with local ones. */
    top5ShareBp: share,
    localShareBp: share,
  }),
  carbon: z.object({
    /** Transport kg CO₂e of deliveries received on the scope's projects in the quarter (GB/T 51366 factors). */
    totalKg: z.number(),
    byMode: z.array(z.object({ mode: z.string(), name: z.string(), kg: z.number() })),
    deliveries: z.number().int(),
    averageDistanceKm: z.number().nullable(),
    /** Deliveries whose distance is the standard's default rather than measured. */
    defaultDistanceShareBp: share,
    /** Deliveries with no mass per unit (their carbon is not counted). */
    missingMass: z.number().int(),
  }),
  inspections: z.object({
    spotChecks: z.number().int(),
    spotChecksPassed: z.number().int(),
    /** Site inspections requiring a retest, and those with a witnessed sample. */
    retestsRequired: z.number().int(),
    witnessed: z.number().int(),
    witnessShareBp: share,
    samplesPassed: z.number().int(),
    samplesFailed: z.number().int(),
  }),
  definitions: z.array(statisticDefinitionView),
});
export type StatisticsData = z.infer<typeof statisticsData>;

// ---- drill-down ----

/** Which figure's projects to list (the keys of the definitions). */
export const StatisticsSlice = {
  ALL: 'all',
  FILED: 'filed',
  OVERDUE: 'overdue',
  MANDATORY_FAILING: 'mandatory_failing',
  OPTIONAL_FAILING: 'optional_failing',
  PAYMENT_BELOW: 'payment_below',
  WITH_ALERTS: 'with_alerts',
} as const;
export const statisticsSliceValues = Object.values(StatisticsSlice) as [string, ...string[]];

export const statisticsProjectsQuery = z.object({
  ...statisticsFilters,
  slice: z.preprocess(blankToUndefined, z.enum(statisticsSliceValues, { error: '统计口径不存在' }).default('all')),
  ...takeSkip(20, 100),
});

export const statisticsProjectRow = z.object({
  projectId: z.number().int(),
  name: z.string(),
  regionCode: z.string(),
  regionName: z.string().nullable(),
  type: z.number().int(),
  step: z.number().int(),
  floorAreaM2: z.number(),
  /** The quarter's filing in force (null: none yet), its status and whether it came after the deadline. */
  filingId: z.number().int().nullable(),
  filingStatus: z.string().nullable(),
  late: z.boolean(),
  greenSpendFen: money,
  standardSpendFen: money,
  greenShareBp: share,
  mandatoryMet: z.boolean().nullable(),
  optionalCoverageBp: share,
  optionalMet: z.boolean().nullable(),
  openAlerts: z.number().int(),
});
export const statisticsProjectsData = z.object({ list: z.array(statisticsProjectRow), total: z.number().int() });

export const statisticsLinesQuery = z.object({
  ...statisticsFilters,
  projectId: optionalId('项目'),
  /** Only lines of this star bucket (the star mix's drill-down); 'none' = not green. */
  starBucket: z.preprocess(blankToUndefined, z.enum(starBucketValues, { error: '星级不存在' }).optional()),
  /** Only lines of this supplier (an organisation on the platform). */
  supplierOrgId: optionalId('供应商'),
  greenOnly: flagFilter('仅绿色建材'),
  ...takeSkip(50, 200),
});

export const statisticsLineRow = z.object({
  lineId: z.number().int(),
  filingId: z.number().int(),
  projectId: z.number().int(),
  projectName: z.string(),
  period: z.string(),
  source: z.string(),
  categoryCode: z.string().nullable(),
  categoryName: z.string().nullable(),
  standardKind: z.string(),
  commonName: z.string(),
  spec: z.string(),
  quantity: z.string(),
  unit: z.string(),
  amountFen: money,
  supplierName: z.string(),
  isGreen: z.boolean(),
  evidenceKind: z.string(),
  certificateNo: z.string().nullable(),
  star: z.number().int().nullable(),
  reportNo: z.string().nullable(),
  deliveryDate: z.string(),
});
export const statisticsLinesData = z.object({ list: z.array(statisticsLineRow), total: z.number().int() });

/** The printable report's format. */
export const statisticsReportQuery = z.object({
  ...statisticsFilters,
  format: z.preprocess(
    blankToUndefined,
    z.enum(['pdf', 'docx'], { error: '报告格式只能是 pdf 或 docx' }).default('pdf'),
  ),
});

// ---- open data ----

export const openStatisticsParams = z.object({ cityCode: cityCodeField });
export const openStatisticsQuery = z.object({ period: periodField });
