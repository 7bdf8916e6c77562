/**
 * Government procurement information (spec §2 /govProcurementInfo: materialFill, statisticsList; docs/government.md):
 * a project's quarterly procurement filing prefilled from the platform's records and confirmed by the city's
 * committee, the city's statistics computed from the platform's records with each figure's definition versioned,
 * risk rules as data with the alerts they raise, and the city's open figures. This file holds the module's code
 * tables and the quarter arithmetic every part shares; the sub-resources' schemas are in government-*.ts beside it.
 */

const labels = <K extends number | string>(m: Record<K, { zh: string; en: string }>) => m;
const valuesOf = <T extends Record<string, string>>(o: T) => Object.values(o) as [T[keyof T], ...T[keyof T][]];

// ---- quarters and the deadline ----

/** A quarter as filed: 'YYYY-Qn'. */
export const PERIOD_PATTERN = /^[0-9]{4}-Q[1-4]$/;

export interface Quarter {
  year: number;
  quarter: 1 | 2 | 3 | 4;
}

export function parsePeriod(period: string): Quarter | null {
  if (!PERIOD_PATTERN.test(period)) return null;
  return { year: Number(period.slice(0, 4)), quarter: Number(period.slice(6)) as Quarter['quarter'] };
}

export const periodOf = (q: Quarter) => `${q.year}-Q${q.quarter}`;

const pad = (n: number) => String(n).padStart(2, '0');

/** The quarter a day (yyyy-mm-dd) falls in. */
export function periodOfDay(day: string): string {
  const month = Number(day.slice(5, 7));
  return `${day.slice(0, 4)}-Q${Math.floor((month - 1) / 3) + 1}`;
}

/** The quarter's first and last day (yyyy-mm-dd, inclusive). */
export function periodRange(period: string): { from: string; to: string } {
  const q = parsePeriod(period);
  if (!q) throw new Error(`not a period: ${period}`);
  const firstMonth = (q.quarter - 1) * 3 + 1;
  const lastMonth = firstMonth + 2;
  const lastDay = new Date(Date.UTC(q.year, lastMonth, 0)).getUTCDate();
  return { from: `${q.year}-${pad(firstMonth)}-01`, to: `${q.year}-${pad(lastMonth)}-${pad(lastDay)}` };
}

/** The next quarter (2026-Q4 → 2027-Q1). */
export function nextPeriod(period: string): string {
  const q = parsePeriod(period);
  if (!q) throw new Error(`not a period: ${period}`);
  return q.quarter === 4 ? `${q.year + 1}-Q1` : `${q.year}-Q${q.quarter + 1}`;
}

/** The previous quarter (2027-Q1 → 2026-Q4). */
export function previousPeriod(period: string): string {
  const q = parsePeriod(period);
  if (!q) throw new Error(`not a period: ${period}`);
  return q.quarter === 1 ? `${q.year - 1}-Q4` : `${q.year}-Q${q.quarter - 1}`;
}

/**
 * The filing deadline of a quarter: the 5th of the first month of the next quarter (DOMAIN: 十堰's notice, member
 * units report by the 5th of each quarter's first month; docs/government.md). 2026-Q3 → 2026-10-05.
 */
export function filingDueOn(period: string): string {
  return `${periodRange(nextPeriod(period)).from.slice(0, 8)}05`;
}

/**
 * The quarter being reported on a day: the one before the day's quarter, whose filings fell due on the 5th of this
 * quarter's first month (docs/government.md, "The quarter and its deadline"). The committee's lists, the statistics
 * and the open data show it unless asked for another: the current quarter's filings are still being made.
 */
export function reportingPeriod(day: string): string {
  return previousPeriod(periodOfDay(day));
}

/** The quarters of a year up to and including `period` (year to date: 2026-Q3 → Q1, Q2, Q3). */
export function yearToDate(period: string): string[] {
  const q = parsePeriod(period);
  if (!q) throw new Error(`not a period: ${period}`);
  return Array.from({ length: q.quarter }, (_, i) => `${q.year}-Q${i + 1}`);
}

// ---- filings ----

/**
 * A filing's states (docs/government.md, "Filing"): draft → submitted → returned (with a reason) → resubmitted →
 * confirmed → locked (the committee closed the quarter). After locking only a correction: a new version with a
 * reason, starting as a draft.
 */
export const FilingStatus = {
  DRAFT: 'draft',
  SUBMITTED: 'submitted',
  RETURNED: 'returned',
  RESUBMITTED: 'resubmitted',
  CONFIRMED: 'confirmed',
  LOCKED: 'locked',
} as const;
export type FilingStatusValue = (typeof FilingStatus)[keyof typeof FilingStatus];
export const filingStatusValues = valuesOf(FilingStatus);
export const filingStatusLabels = labels<FilingStatusValue>({
  draft: { zh: '草稿', en: 'Draft' },
  submitted: { zh: '已报送', en: 'Submitted' },
  returned: { zh: '已退回', en: 'Returned' },
  resubmitted: { zh: '重新报送', en: 'Resubmitted' },
  confirmed: { zh: '已确认', en: 'Confirmed' },
  locked: { zh: '已锁定', en: 'Locked' },
});

/** The states the statistics count: what the filer has sent, whether or not the committee confirmed it yet. */
export const COUNTED_FILING_STATUSES: readonly FilingStatusValue[] = [
  FilingStatus.SUBMITTED,
  FilingStatus.RESUBMITTED,
  FilingStatus.CONFIRMED,
  FilingStatus.LOCKED,
];

/** Where a filed line came from: prefilled from the platform's records, or typed by the filer. */
export const FilingLineSource = { SYSTEM: 'system', TYPED: 'typed' } as const;
export type FilingLineSourceValue = (typeof FilingLineSource)[keyof typeof FilingLineSource];
export const filingLineSourceValues = valuesOf(FilingLineSource);
export const filingLineSourceLabels = labels<FilingLineSourceValue>({
  system: { zh: '平台数据', en: 'Platform data' },
  typed: { zh: '手工填报', en: 'Typed' },
});

/** What proves a filed line green (DOMAIN §1.3). */
export const FilingEvidenceKind = {
  PLATFORM_CERTIFICATE: 'platform_certificate',
  EXTERNAL_CERTIFICATE: 'external_certificate',
  TEST_REPORT: 'test_report',
  NONE: 'none',
} as const;
export type FilingEvidenceKindValue = (typeof FilingEvidenceKind)[keyof typeof FilingEvidenceKind];
export const filingEvidenceKindValues = valuesOf(FilingEvidenceKind);
export const filingEvidenceKindLabels = labels<FilingEvidenceKindValue>({
  platform_certificate: { zh: '平台认证证书', en: 'Platform certificate' },
  external_certificate: { zh: '其他机构认证证书', en: 'External certificate' },
  test_report: { zh: '检验检测报告', en: 'Test report' },
  none: { zh: '无', en: 'None' },
});

/** Procurement methods a filing names (DOMAIN §7(e)). */
export const ProcurementMethod = {
  OPEN_TENDER: 'open_tender',
  INVITED_TENDER: 'invited_tender',
  NEGOTIATION: 'negotiation',
  INQUIRY: 'inquiry',
  FRAMEWORK: 'framework',
  VOLUME_PURCHASE: 'volume_purchase',
  E_MALL: 'e_mall',
} as const;
export type ProcurementMethodValue = (typeof ProcurementMethod)[keyof typeof ProcurementMethod];
export const procurementMethodValues = valuesOf(ProcurementMethod);
export const procurementMethodLabels = labels<ProcurementMethodValue>({
  open_tender: { zh: '公开招标', en: 'Open tender' },
  invited_tender: { zh: '邀请招标', en: 'Invited tender' },
  negotiation: { zh: '竞争性谈判/磋商', en: 'Competitive negotiation' },
  inquiry: { zh: '询价', en: 'Request for quotation' },
  framework: { zh: '框架协议', en: 'Framework agreement' },
  volume_purchase: { zh: '集中带量采购', en: 'Volume-based purchase' },
  e_mall: { zh: '电子卖场', en: 'E-mall' },
});

/** The share of completed work's value a progress payment must reach (财库〔2022〕35号: ≥ 80 %). */
export const PROGRESS_PAYMENT_MIN_PCT = 80;

// ---- risk alerts ----

/** An alert's workflow (DOMAIN §6.2): open → acknowledged → explained → dismissed | confirmed → closed. */
export const AlertStatus = {
  OPEN: 'open',
  ACKNOWLEDGED: 'acknowledged',
  EXPLAINED: 'explained',
  DISMISSED: 'dismissed',
  CONFIRMED: 'confirmed',
  CLOSED: 'closed',
} as const;
export type AlertStatusValue = (typeof AlertStatus)[keyof typeof AlertStatus];
export const alertStatusValues = valuesOf(AlertStatus);
export const alertStatusLabels = labels<AlertStatusValue>({
  open: { zh: '待处理', en: 'Open' },
  acknowledged: { zh: '已受理', en: 'Acknowledged' },
  explained: { zh: '已说明', en: 'Explained' },
  dismissed: { zh: '已排除', en: 'Dismissed' },
  confirmed: { zh: '已确认问题', en: 'Confirmed' },
  closed: { zh: '已关闭', en: 'Closed' },
});

export const Severity = { LOW: 'low', MEDIUM: 'medium', HIGH: 'high' } as const;
export type SeverityValue = (typeof Severity)[keyof typeof Severity];
export const severityValues = valuesOf(Severity);
export const severityLabels = labels<SeverityValue>({
  low: { zh: '低', en: 'Low' },
  medium: { zh: '中', en: 'Medium' },
  high: { zh: '高', en: 'High' },
});

/** What an alert is about. */
export const AlertSubjectKind = {
  PROJECT: 'project',
  FILING: 'filing',
  FILING_LINE: 'filing_line',
  SHIPMENT: 'shipment',
  RECEIPT: 'receipt',
  PRODUCT: 'product',
  ORGANIZATION: 'organization',
  TRACE_CODE: 'trace_code',
  REPORT: 'report',
} as const;
export type AlertSubjectKindValue = (typeof AlertSubjectKind)[keyof typeof AlertSubjectKind];
export const alertSubjectKindValues = valuesOf(AlertSubjectKind);
export const alertSubjectKindLabels = labels<AlertSubjectKindValue>({
  project: { zh: '项目', en: 'Project' },
  filing: { zh: '填报', en: 'Filing' },
  filing_line: { zh: '填报明细', en: 'Filing line' },
  shipment: { zh: '发货单', en: 'Shipment' },
  receipt: { zh: '收货单', en: 'Receipt' },
  product: { zh: '产品', en: 'Product' },
  organization: { zh: '单位', en: 'Organisation' },
  trace_code: { zh: '追溯码', en: 'Trace code' },
  report: { zh: '检测报告', en: 'Test report' },
});

/** What a committee member may follow (DOZORRO-style subscriptions). */
export const SubscriptionKind = { PROJECT: 'project', SUPPLIER: 'supplier', PRODUCT: 'product' } as const;
export type SubscriptionKindValue = (typeof SubscriptionKind)[keyof typeof SubscriptionKind];
export const subscriptionKindValues = valuesOf(SubscriptionKind);
export const subscriptionKindLabels = labels<SubscriptionKindValue>({
  project: { zh: '项目', en: 'Project' },
  supplier: { zh: '供应商', en: 'Supplier' },
  product: { zh: '产品', en: 'Product' },
});

/**
 * The risk rules the engine knows (docs/government.md, "Risk rules"; DOMAIN §6.2's ids). Each code's check is code
 * (`modules/government/government.risk.rules.ts`); its name, basis, definition, severity, parameters and version are
 * data (`risk_rules`).
 */
export const RiskRuleCode = {
  CERTIFICATE_INVALID_AT_DELIVERY: 'GBM-01',
  OUTSIDE_AUTHORISATION: 'GBM-02',
  REPORT_REUSED: 'GBM-03',
  CODE_AT_TWO_SITES: 'GBM-04',
  MANDATORY_NOT_GREEN: 'GBM-06A',
  OPTIONAL_COVERAGE_LOW: 'GBM-06B',
  WITNESS_SHARE_LOW: 'GBM-08',
  PROGRESS_PAYMENT_LOW: 'GBM-11',
  FILING_OVERDUE: 'GBM-12',
  TYPED_LINE_CONTRADICTS: 'GBM-16',
} as const;
export type RiskRuleCodeValue = (typeof RiskRuleCode)[keyof typeof RiskRuleCode];
export const riskRuleCodeValues = valuesOf(RiskRuleCode);

// ---- statistics ----

/**
 * The version of the statistics' definitions (docs/government.md, "Statistics: definitions"). Every figure the
 * dashboard, the exports and the open data answer names it; a change of a definition is a new version there.
 */
export const STATISTICS_DEFINITION_VERSION = 'JCBB-STAT-2026.1';

/** How a filed line's green spend is bucketed for the star mix. */
export const StarBucket = { ONE: '1', TWO: '2', THREE: '3', REPORT: 'report', NONE: 'none' } as const;
export type StarBucketValue = (typeof StarBucket)[keyof typeof StarBucket];
export const starBucketValues = valuesOf(StarBucket);
export const starBucketLabels = labels<StarBucketValue>({
  '1': { zh: '一星级', en: '1 star' },
  '2': { zh: '二星级', en: '2 stars' },
  '3': { zh: '三星级', en: '3 stars' },
  report: { zh: '仅检测报告', en: 'Test report only' },
  none: { zh: '非绿色', en: 'Not green' },
});
