import type { ComplianceRule } from '@jcbb/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  countedStatuses,
  type FactLine,
  greenBucket,
  isLate,
  paymentOf,
  projectCompliance,
  shareBp,
  summaryCompliance,
  summaryOf,
  suppliersOf,
  trendOf,
} from './government.statistics.compute.ts';

/** The definitions of JCBB-STAT-2026.1 on hand-built cases, boundaries first (docs/government.md, "Definitions"). */

const RULE_2025: ComplianceRule = { mandatoryGreenPct: 100, optionalCoverageMinPct: 40, testReportMaxAgeDays: 365 };
const optional = (n: number, green: number): FactLine[] =>
  Array.from({ length: n }, (_, i) => ({
    categoryCode: `O${i}`,
    kind: 'optional',
    green: i < green,
    amountFen: 100,
  }));

describe('optional coverage (optional_coverage, optional_failing)', () => {
  it('meets at exactly 40 % of the optional kinds used', () => {
    const c = projectCompliance(optional(5, 2), RULE_2025);
    expect(c?.optional).toMatchObject({ kindsUsed: 5, greenKinds: 2, coverageBp: 4000, met: true, applicable: true });
  });

  it('fails at 39.9 %', () => {
    const c = projectCompliance(optional(1000, 399), RULE_2025);
    expect(c?.optional).toMatchObject({ coverageBp: 3990, met: false });
  });

  it('counts a kind green when any of its rows is green (two buckets of one category)', () => {
    const rows: FactLine[] = [
      { categoryCode: 'O1', kind: 'optional', green: false, amountFen: 100 },
      { categoryCode: 'O1', kind: 'optional', green: true, amountFen: 100 },
      { categoryCode: 'O2', kind: 'optional', green: false, amountFen: 100 },
    ];
    expect(projectCompliance(rows, RULE_2025)?.optional).toMatchObject({ kindsUsed: 2, greenKinds: 1, met: true });
  });

  it('takes no part where the edition has no optional rule', () => {
    const c = projectCompliance(optional(5, 0), { ...RULE_2025, optionalCoverageMinPct: null });
    expect(c?.optional.applicable).toBe(false);
  });
});

describe('mandatory compliance (mandatory_compliance, mandatory_failing)', () => {
  it('fails when one mandatory row is not green, and reads outside lines as no category', () => {
    const rows: FactLine[] = [
      { categoryCode: 'M1', kind: 'mandatory', green: true, amountFen: 1_000 },
      { categoryCode: 'M2', kind: 'mandatory', green: false, amountFen: 10 },
      { categoryCode: 'outside', kind: 'outside', green: false, amountFen: 99_999 },
    ];
    const c = projectCompliance(rows, RULE_2025);
    expect(c?.mandatory).toMatchObject({ applicable: true, met: false });
    // Spend in the standard leaves the outside line out (standard_spend, green_spend).
    expect(c).toMatchObject({ standardAmountFen: 1_010, greenAmountFen: 1_000 });
  });

  it('has no verdict without counted facts, and applies the mandatory rule when an edition has no rule row', () => {
    expect(projectCompliance([], RULE_2025)).toBeNull();
    const c = projectCompliance([{ categoryCode: 'M1', kind: 'mandatory', green: false, amountFen: 1 }], null);
    expect(c?.mandatory.met).toBe(false);
  });
});

describe('which filings count (counted_filings)', () => {
  it('counts submitted or later; confirmed and locked only with confirmedOnly; never a draft or a returned one', () => {
    expect([...countedStatuses(false)].sort()).toEqual(['confirmed', 'locked', 'resubmitted', 'submitted']);
    expect([...countedStatuses(true)].sort()).toEqual(['confirmed', 'locked']);
    for (const confirmedOnly of [false, true]) {
      expect(countedStatuses(confirmedOnly)).not.toContain('returned');
      expect(countedStatuses(confirmedOnly)).not.toContain('draft');
    }
  });

  it('puts a test report’s green in the report bucket, and only none is not green (star_mix)', () => {
    expect(greenBucket('report')).toBe(true);
    expect(['1', '2', '3'].every(greenBucket)).toBe(true);
    expect(greenBucket('none')).toBe(false);
  });
});

describe('lateness (overdue)', () => {
  const filing = (firstSubmittedOn: string | null) => ({
    id: 1,
    projectId: 1,
    period: '2026-Q3',
    status: 'submitted',
    firstSubmittedOn,
    completedValueFen: null,
    progressPaidFen: null,
  });
  it('is on time up to and including the 5th of the next quarter’s first month', () => {
    expect(isLate('2026-Q3', filing('2026-10-05'), '2026-11-01')).toBe(false);
    expect(isLate('2026-Q3', filing('2026-10-06'), '2026-11-01')).toBe(true);
  });
  it('is late with nothing sent only once the deadline has passed', () => {
    expect(isLate('2026-Q3', null, '2026-10-05')).toBe(false);
    expect(isLate('2026-Q3', null, '2026-10-06')).toBe(true);
  });
});

describe('progress payment (payment_filed, payment_below)', () => {
  it('meets at exactly 80 % and is below under it, in integers', () => {
    expect(paymentOf({ completedValueFen: 1_000, progressPaidFen: 800 })).toEqual({ filed: true, below: false });
    expect(paymentOf({ completedValueFen: 100_000, progressPaidFen: 79_999 })).toEqual({ filed: true, below: true });
  });
  it('is not stated without a completed value above 0 or a payment', () => {
    expect(paymentOf({ completedValueFen: 0, progressPaidFen: 0 }).filed).toBe(false);
    expect(paymentOf({ completedValueFen: 1_000, progressPaidFen: null }).filed).toBe(false);
  });
});

describe('shares, trend and year to date (green_share, trend, year_to_date)', () => {
  it('answers null for a share of nothing and rounds down', () => {
    expect(shareBp(1, 0)).toBeNull();
    expect(shareBp(2, 3)).toBe(6666);
  });

  it('accumulates the year to date quarter by quarter, a quarter with no filing counting 0', () => {
    const t = trendOf(
      ['2026-Q1', '2026-Q2', '2026-Q3'],
      [
        { period: '2026-Q1', greenSpendFen: 100, standardSpendFen: 200 },
        { period: '2026-Q3', greenSpendFen: 300, standardSpendFen: 300 },
      ],
    );
    expect(t.map((p) => [p.greenShareBp, p.ytdGreenSpendFen, p.ytdStandardSpendFen, p.ytdGreenShareBp])).toEqual([
      [5000, 100, 200, 5000],
      [null, 100, 200, 5000],
      [10_000, 400, 500, 8000],
    ]);
  });
});

describe('suppliers (top_suppliers, top5_share, local_share)', () => {
  const row = (key: string, green: number, orgCity: string | null, orgId: number | null = 1) => ({
    supplierKey: key,
    orgId,
    name: key,
    creditCode: null,
    cityCode: '320100',
    orgCityCode: orgCity,
    amountFen: green * 2,
    greenSpendFen: green,
  });
  it('ranks by green spend, keeps 10, sums the five largest, and counts an unknown region in the whole only', () => {
    const rows = [
      ...Array.from({ length: 11 }, (_, i) => row(`org:${i}`, 100 + i, '320100')),
      row('name:场外', 1_000, null, null),
      row('org:far', 500, '330100'),
    ];
    const s = suppliersOf(rows);
    expect(s.count).toBe(13);
    expect(s.top).toHaveLength(10);
    expect(s.top[0]).toMatchObject({ name: 'name:场外', local: null });
    expect(s.top[1]).toMatchObject({ name: 'org:far', local: false });
    const total = rows.reduce((x, r) => x + r.greenSpendFen, 0);
    expect(s.top5ShareBp).toBe(shareBp(1_000 + 500 + 110 + 109 + 108, total));
    expect(s.localShareBp).toBe(shareBp(total - 1_500, total));
  });

  it('answers null shares with no green spend', () => {
    expect(suppliersOf([])).toMatchObject({ top: [], top5ShareBp: null, localShareBp: null });
  });
});

describe('a project judged from its filing summary (filing_summaries)', () => {
  const factLine = fc.record({
    categoryCode: fc.constantFrom('C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'outside'),
    kind: fc.constantFrom('mandatory' as const, 'optional' as const, 'outside' as const),
    green: fc.boolean(),
    amountFen: fc.integer({ min: 0, max: 1_000_000 }),
  });
  const rules = fc.record({
    mandatoryGreenPct: fc.integer({ min: 0, max: 100 }),
    optionalCoverageMinPct: fc.option(fc.integer({ min: 0, max: 100 }), { nil: null }),
    testReportMaxAgeDays: fc.constant(365),
  });

  it('gives the same verdicts and amounts as complianceOf over the fact rows', () => {
    fc.assert(
      fc.property(fc.array(factLine, { minLength: 1, maxLength: 40 }), rules, (rows, rule) => {
        // A fact row of kind outside has no category; one in the standard always has one.
        const facts = rows.map((r) =>
          r.kind === 'outside'
            ? { ...r, categoryCode: 'outside' }
            : { ...r, categoryCode: r.categoryCode === 'outside' ? 'C1' : r.categoryCode },
        );
        const full = projectCompliance(facts, rule);
        const short = summaryCompliance(summaryOf(facts), rule);
        const pick = (c: typeof short | null) => ({
          mandatory: { met: c?.mandatory.met, applicable: c?.mandatory.applicable },
          optional: {
            met: c?.optional.met,
            applicable: c?.optional.applicable,
            coverageBp: c?.optional.coverageBp,
          },
          greenAmountFen: c?.greenAmountFen,
          standardAmountFen: c?.standardAmountFen,
          greenShareByValueBp: c?.greenShareByValueBp,
        });
        expect(pick(short)).toEqual(pick(full));
      }),
      { numRuns: 500 },
    );
  });
});
