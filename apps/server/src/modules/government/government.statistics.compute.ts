import {
  COUNTED_FILING_STATUSES,
  type Compliance,
  type ComplianceLine,
  type ComplianceRule,
  complianceOf,
  FilingStatus,
  filingDueOn,
  PROGRESS_PAYMENT_MIN_PCT,
  type StandardKindValue,
  StarBucket,
} from '@jcbb/contract';

/**
 * The statistics' rules, pure (docs/government.md, "Definitions (JCBB-STAT-2026.1)"): a project's quarter judged by
 * the contract's `complianceOf` over its filing's facts, the late flag, the progress payment, shares and the
 * year-to-date trend, the suppliers' concentration. The service reads the rows (government.statistics.repository.ts)
 * and hands them here; the unit tests build the rows by hand.
 */

/** A rule that requires nothing beyond the mandatory lines (an edition with no rule row). */
const NO_RULE: ComplianceRule = { mandatoryGreenPct: 100, optionalCoverageMinPct: null, testReportMaxAgeDays: null };

/**
 * The filings' statuses the figures count (definition `counted_filings`): submitted or later; with confirmedOnly,
 * confirmed or locked. Drafts and returned filings never count.
 */
export function countedStatuses(confirmedOnly: boolean | undefined): readonly string[] {
  return confirmedOnly ? [FilingStatus.CONFIRMED, FilingStatus.LOCKED] : COUNTED_FILING_STATUSES;
}

/** part ÷ whole in basis points (10 000 = 100 %), rounded down; null when the whole is 0. */
export function shareBp(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.floor((part * 10_000) / whole);
}

/**
 * One fact row of a project's quarter as the rule reads it: a category and kind, green or not (its star bucket is
 * not 'none'), its amount. The repository merges a category's green buckets into one row: the same verdicts.
 */
export interface FactLine {
  categoryCode: string;
  kind: StandardKindValue;
  green: boolean;
  amountFen: number;
}

/** Is a fact row's star bucket green ('1', '2', '3', 'report')? */
export const greenBucket = (bucket: string) => bucket !== StarBucket.NONE;

/**
 * A project's quarter under its edition's rule: one synthetic line per fact row ('outside' is no category). Null
 * when the project has no counted facts.
 */
export function projectCompliance(facts: readonly FactLine[], rule: ComplianceRule | null): Compliance | null {
  if (facts.length === 0) return null;
  const lines: ComplianceLine[] = facts.map((f, i) => ({
    lineId: i + 1,
    categoryCode: f.kind === 'outside' || f.categoryCode === 'outside' ? null : f.categoryCode,
    kind: f.kind,
    green: f.green,
    amountFen: f.amountFen,
  }));
  return complianceOf(lines, rule ?? NO_RULE);
}

/**
 * A project's quarter summed as `filing_summaries` keeps it (one row per filing, kept with its facts): the spend in
 * the standard and its green part, the mandatory fact rows and those green, the optional categories used and those
 * with a green row.
 */
export interface FactSummary {
  standardAmountFen: number;
  greenAmountFen: number;
  mandatoryRows: number;
  mandatoryGreenRows: number;
  optionalKinds: number;
  optionalGreenKinds: number;
}

/** The summary of fact rows (what `filing_summaries` holds for them). */
export function summaryOf(facts: readonly FactLine[]): FactSummary {
  const standard = facts.filter((f) => f.kind !== 'outside');
  const mandatory = facts.filter((f) => f.kind === 'mandatory');
  const optional = facts.filter((f) => f.kind === 'optional' && f.categoryCode !== 'outside');
  return {
    standardAmountFen: standard.reduce((s, f) => s + f.amountFen, 0),
    greenAmountFen: standard.filter((f) => f.green).reduce((s, f) => s + f.amountFen, 0),
    mandatoryRows: mandatory.length,
    mandatoryGreenRows: mandatory.filter((f) => f.green).length,
    optionalKinds: new Set(optional.map((f) => f.categoryCode)).size,
    optionalGreenKinds: new Set(optional.filter((f) => f.green).map((f) => f.categoryCode)).size,
  };
}

/**
 * The same verdicts as `projectCompliance` over the fact rows, from their summary: the contract's `complianceOf` fed
 * synthetic lines with the same counts — the mandatory rows (green and not), one line per optional category used
 * (green for as many as have a green row) — and the amounts on the first green and first other line.
 */
export function summaryCompliance(s: FactSummary, rule: ComplianceRule | null): Compliance {
  const lines: ComplianceLine[] = [];
  const add = (kind: StandardKindValue, categoryCode: string | null, green: boolean) =>
    lines.push({ lineId: lines.length + 1, categoryCode, kind, green, amountFen: 0 });
  for (let i = 0; i < s.mandatoryRows; i += 1) add('mandatory', `m${i}`, i < s.mandatoryGreenRows);
  for (let i = 0; i < s.optionalKinds; i += 1) add('optional', `o${i}`, i < s.optionalGreenKinds);
  const green = lines.find((l) => l.green);
  const other = lines.find((l) => !l.green);
  const otherFen = s.standardAmountFen - s.greenAmountFen;
  // Amounts without a line to carry them (green spend in no kind a summary counts) get a line of their own.
  if (green) green.amountFen = s.greenAmountFen;
  else if (s.greenAmountFen > 0)
    lines.push({ lineId: 0, categoryCode: null, kind: 'optional', green: true, amountFen: s.greenAmountFen });
  if (other) other.amountFen = otherFen;
  else if (otherFen > 0)
    lines.push({ lineId: -1, categoryCode: null, kind: 'optional', green: false, amountFen: otherFen });
  return complianceOf(lines, rule ?? NO_RULE);
}

/** A filing as the statistics read it. */
export interface FilingRow {
  id: number;
  projectId: number;
  period: string;
  status: string;
  firstSubmittedOn: string | null;
  completedValueFen: number | null;
  progressPaidFen: number | null;
}

/**
 * Late (definition `overdue`): the deadline has passed (today after it) with no counted filing, or the first
 * submission came after it. Days are China-time yyyy-mm-dd.
 */
export function isLate(period: string, counted: FilingRow | null, today: string): boolean {
  const due = filingDueOn(period);
  if (counted) return counted.firstSubmittedOn !== null && counted.firstSubmittedOn > due;
  return today > due;
}

/** Does the filing state a progress payment (definition `payment_filed`), and is it below the minimum? */
export function paymentOf(f: Pick<FilingRow, 'completedValueFen' | 'progressPaidFen'>) {
  const filed = f.completedValueFen !== null && f.completedValueFen > 0 && f.progressPaidFen !== null;
  const below =
    filed && (f.progressPaidFen as number) * 100 < PROGRESS_PAYMENT_MIN_PCT * (f.completedValueFen as number);
  return { filed, below };
}

/** A quarter's sums (of the standard's lines). */
export interface PeriodSums {
  period: string;
  greenSpendFen: number;
  standardSpendFen: number;
}

/** The trend over the year's quarters, each with its sums and the year to date up to it (definitions trend, year_to_date). */
export function trendOf(periods: readonly string[], sums: readonly PeriodSums[]) {
  let ytdGreen = 0;
  let ytdStandard = 0;
  return periods.map((period) => {
    const s = sums.find((x) => x.period === period);
    const green = s?.greenSpendFen ?? 0;
    const standard = s?.standardSpendFen ?? 0;
    ytdGreen += green;
    ytdStandard += standard;
    return {
      period,
      greenSpendFen: green,
      standardSpendFen: standard,
      greenShareBp: shareBp(green, standard),
      ytdGreenSpendFen: ytdGreen,
      ytdStandardSpendFen: ytdStandard,
      ytdGreenShareBp: shareBp(ytdGreen, ytdStandard),
    };
  });
}

/** A supplier's sums in one city (its organisation's city, when on the platform). */
export interface SupplierRow {
  supplierKey: string;
  orgId: number | null;
  name: string;
  creditCode: string | null;
  /** The project's city the spend is in, and the supplier organisation's (null: off the platform or unknown). */
  cityCode: string;
  orgCityCode: string | null;
  amountFen: number;
  greenSpendFen: number;
}

/** Top 10 by green spend, the top-5 concentration and the local share (definitions top_suppliers, top5_share, local_share). */
export function suppliersOf(rows: readonly SupplierRow[]) {
  const bySupplier = new Map<
    string,
    {
      orgId: number | null;
      name: string;
      creditCode: string | null;
      green: number;
      amount: number;
      local: boolean | null;
    }
  >();
  let totalGreen = 0;
  let localGreen = 0;
  for (const r of rows) {
    const local = r.orgId === null || r.orgCityCode === null ? null : r.orgCityCode === r.cityCode;
    totalGreen += r.greenSpendFen;
    if (local) localGreen += r.greenSpendFen;
    const s = bySupplier.get(r.supplierKey);
    if (s) {
      s.green += r.greenSpendFen;
      s.amount += r.amountFen;
      // Local for the answer when local in every city it supplied.
      if (s.local !== null && local !== null) s.local = s.local && local;
    } else {
      bySupplier.set(r.supplierKey, {
        orgId: r.orgId,
        name: r.name,
        creditCode: r.creditCode,
        green: r.greenSpendFen,
        amount: r.amountFen,
        local,
      });
    }
  }
  const ranked = [...bySupplier.values()].sort(
    (a, b) => b.green - a.green || b.amount - a.amount || a.name.localeCompare(b.name),
  );
  const top5 = ranked.slice(0, 5).reduce((s, x) => s + x.green, 0);
  return {
    top: ranked.slice(0, 10).map((s) => ({
      orgId: s.orgId,
      name: s.name,
      creditCode: s.creditCode,
      greenSpendFen: s.green,
      amountFen: s.amount,
      shareBp: shareBp(s.green, totalGreen),
      local: s.local,
    })),
    count: ranked.length,
    top5ShareBp: shareBp(top5, totalGreen),
    localShareBp: shareBp(localGreen, totalGreen),
  };
}
