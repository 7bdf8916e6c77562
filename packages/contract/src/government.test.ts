import { describe, expect, it } from 'vitest';
import {
  filingDueOn,
  nextPeriod,
  parsePeriod,
  periodOfDay,
  periodRange,
  previousPeriod,
  reportingPeriod,
  yearToDate,
} from './government.ts';

/** The quarter arithmetic every part of the government module shares (docs/government.md). */
describe('quarters', () => {
  it('reads a period and refuses anything else', () => {
    expect(parsePeriod('2026-Q3')).toEqual({ year: 2026, quarter: 3 });
    for (const bad of ['2026-Q0', '2026-Q5', '2026Q3', '26-Q3', '2026-q3', '']) expect(parsePeriod(bad)).toBeNull();
  });

  it('places a day in its quarter at the quarter boundaries', () => {
    expect(periodOfDay('2026-03-31')).toBe('2026-Q1');
    expect(periodOfDay('2026-04-01')).toBe('2026-Q2');
    expect(periodOfDay('2026-09-30')).toBe('2026-Q3');
    expect(periodOfDay('2026-12-31')).toBe('2026-Q4');
  });

  it('gives a quarter its first and last day, February of a leap year included', () => {
    expect(periodRange('2028-Q1')).toEqual({ from: '2028-01-01', to: '2028-03-31' });
    expect(periodRange('2026-Q2')).toEqual({ from: '2026-04-01', to: '2026-06-30' });
    expect(periodRange('2026-Q4')).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(() => periodRange('2026-Q5')).toThrow();
  });

  it('steps across a year', () => {
    expect(nextPeriod('2026-Q4')).toBe('2027-Q1');
    expect(previousPeriod('2027-Q1')).toBe('2026-Q4');
    expect(nextPeriod(previousPeriod('2026-Q3'))).toBe('2026-Q3');
  });

  it('puts the deadline on the 5th of the next quarter’s first month', () => {
    expect(filingDueOn('2026-Q3')).toBe('2026-10-05');
    expect(filingDueOn('2026-Q4')).toBe('2027-01-05');
  });

  it('reports the quarter before the one under way', () => {
    expect(reportingPeriod('2026-11-28')).toBe('2026-Q3');
    expect(reportingPeriod('2027-01-01')).toBe('2026-Q4');
    expect(reportingPeriod('2026-03-31')).toBe('2025-Q4');
  });

  it('accumulates the year to date', () => {
    expect(yearToDate('2026-Q1')).toEqual(['2026-Q1']);
    expect(yearToDate('2026-Q3')).toEqual(['2026-Q1', '2026-Q2', '2026-Q3']);
  });
});
