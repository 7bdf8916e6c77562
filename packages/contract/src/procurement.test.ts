import { describe, expect, it } from 'vitest';
import { type ComplianceLine, type ComplianceRule, complianceOf, greenOn } from './procurement.ts';

const rule2025: ComplianceRule = { mandatoryGreenPct: 100, optionalCoverageMinPct: 40, testReportMaxAgeDays: 365 };
const rule2022: ComplianceRule = { mandatoryGreenPct: 100, optionalCoverageMinPct: null, testReportMaxAgeDays: 365 };

let nextId = 1;
const line = (kind: ComplianceLine['kind'], categoryCode: string | null, green: boolean, amountFen = 100) => ({
  lineId: nextId++,
  kind,
  categoryCode,
  green,
  amountFen,
});

/** n optional kinds used, `green` of them with a green line (each kind also has a non-green line). */
function optionalKinds(n: number, green: number): ComplianceLine[] {
  return Array.from({ length: n }, (_, i) => [
    line('optional', `O${i}`, i < green),
    line('optional', `O${i}`, false),
  ]).flat();
}

describe('complianceOf: mandatory (必选类 all green)', () => {
  it('is met when every mandatory line is green, and names the lines that are not', () => {
    const green = [line('mandatory', 'M1', true), line('mandatory', 'M2', true)];
    expect(complianceOf(green, rule2025).mandatory).toMatchObject({ met: true, lines: 2, greenLines: 2 });
    const oneOff = line('mandatory', 'M2', false);
    const result = complianceOf([...green, oneOff], rule2025).mandatory;
    expect(result.met).toBe(false);
    expect(result.failingLineIds).toEqual([oneOff.lineId]);
  });

  it('is met and not applicable when the project uses no mandatory category', () => {
    const result = complianceOf([line('optional', 'O1', false), line('outside', null, false)], rule2025);
    expect(result.mandatory).toMatchObject({ met: true, applicable: false, lines: 0 });
  });

  it('follows the edition’s percentage (data, not code)', () => {
    const lines = [line('mandatory', 'M1', true), line('mandatory', 'M2', false)];
    expect(complianceOf(lines, { ...rule2025, mandatoryGreenPct: 50 }).mandatory.met).toBe(true);
    expect(complianceOf(lines, { ...rule2025, mandatoryGreenPct: 51 }).mandatory.met).toBe(false);
  });
});

describe('complianceOf: optional coverage (可选类 green kinds ≥ 40 %)', () => {
  it('meets the rule at exactly 40 % and fails just below it', () => {
    expect(complianceOf(optionalKinds(5, 2), rule2025).optional).toMatchObject({
      kindsUsed: 5,
      greenKinds: 2,
      coverageBp: 4000,
      met: true,
    });
    // 3 of 8 = 37.5 %: below, although it rounds to 38 %.
    expect(complianceOf(optionalKinds(8, 3), rule2025).optional).toMatchObject({ coverageBp: 3750, met: false });
    // 2 of 7 = 28.57 %; 3 of 7 = 42.86 %.
    expect(complianceOf(optionalKinds(7, 2), rule2025).optional.met).toBe(false);
    expect(complianceOf(optionalKinds(7, 3), rule2025).optional.met).toBe(true);
  });

  it('counts kinds, not lines: many green lines of one kind cover one kind', () => {
    const lines = [
      ...Array.from({ length: 10 }, () => line('optional', 'O1', true)),
      line('optional', 'O2', false),
      line('optional', 'O3', false),
    ];
    const result = complianceOf(lines, rule2025).optional;
    expect(result).toMatchObject({ kindsUsed: 3, greenKinds: 1, coverageBp: 3333, met: false });
    expect(result.failingCategoryCodes).toEqual(['O2', 'O3']);
    expect(result.failingLineIds).toHaveLength(2);
  });

  it('is met and not applicable with no optional kind used, or under an edition without the rule', () => {
    expect(complianceOf([line('mandatory', 'M1', true)], rule2025).optional).toMatchObject({
      applicable: false,
      met: true,
      coverageBp: 0,
    });
    expect(complianceOf(optionalKinds(5, 0), rule2022).optional).toMatchObject({ applicable: false, met: true });
  });

  it('is met overall only when both rules are', () => {
    const lines = [line('mandatory', 'M1', true), ...optionalKinds(5, 1)];
    expect(complianceOf(lines, rule2025).met).toBe(false);
    expect(complianceOf([line('mandatory', 'M1', true), ...optionalKinds(5, 2)], rule2025).met).toBe(true);
  });
});

describe('complianceOf: green shares', () => {
  it('shares value over the standard’s lines only (lines outside the standard do not count)', () => {
    const lines = [
      line('mandatory', 'M1', true, 300),
      line('optional', 'O1', false, 100),
      line('outside', null, true, 10_000),
    ];
    const result = complianceOf(lines, rule2025);
    expect(result.standardAmountFen).toBe(400);
    expect(result.greenAmountFen).toBe(300);
    expect(result.greenShareByValueBp).toBe(7500);
    expect(result.greenShareByKindBp).toBe(5000);
  });

  it('has no share when the standard’s lines have no amount', () => {
    expect(complianceOf([line('outside', null, true)], rule2025).greenShareByValueBp).toBeNull();
  });
});

describe('greenOn: evidence valid on a day', () => {
  const cert = { kind: 'certificate' as const, validFrom: '2024-01-01', validUntil: '2026-06-30' };

  it('counts a certificate on its first and last day, not after or before', () => {
    expect(greenOn(cert, '2024-01-01', rule2025)).toBe(true);
    expect(greenOn(cert, '2026-06-30', rule2025)).toBe(true);
    expect(greenOn(cert, '2026-07-01', rule2025)).toBe(false);
    expect(greenOn(cert, '2023-12-31', rule2025)).toBe(false);
  });

  it('stops counting a certificate from the day it is revoked', () => {
    const revoked = { ...cert, revokedOn: '2025-03-10' };
    expect(greenOn(revoked, '2025-03-09', rule2025)).toBe(true);
    expect(greenOn(revoked, '2025-03-10', rule2025)).toBe(false);
  });

  it('counts a test report from its date for the edition’s window', () => {
    const report = { kind: 'test_report' as const, validFrom: '2025-03-01' };
    expect(greenOn(report, '2025-02-28', rule2025)).toBe(false);
    expect(greenOn(report, '2025-03-01', rule2025)).toBe(true);
    expect(greenOn(report, '2026-03-01', rule2025)).toBe(true); // 365 days later
    expect(greenOn(report, '2026-03-02', rule2025)).toBe(false);
    expect(greenOn(report, '2025-06-01', { testReportMaxAgeDays: null })).toBe(false);
  });

  it('never counts no evidence', () => {
    expect(greenOn({ kind: 'none' }, '2025-01-01', rule2025)).toBe(false);
  });
});
