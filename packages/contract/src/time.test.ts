import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysBetween,
  formatOptionalShanghaiTime,
  formatShanghaiTime,
  shanghaiDate,
  shanghaiToday,
} from './time.ts';

// Midnight in Shanghai is 16:00 UTC the day before.
const beforeMidnight = new Date('2026-11-21T15:59:59Z');
const atMidnight = new Date('2026-11-21T16:00:00Z');

describe('Asia/Shanghai time', () => {
  it('formats a moment as Beijing wall-clock time, whatever the process zone', () => {
    expect(formatShanghaiTime(new Date('2026-11-22T03:24:58Z'))).toBe('2026-11-22 11:24:58');
    expect(formatShanghaiTime(beforeMidnight)).toBe('2026-11-21 23:59:59');
    expect(formatShanghaiTime(atMidnight)).toBe('2026-11-22 00:00:00');
    expect(formatShanghaiTime(Date.UTC(2026, 0, 1, 16, 0, 0))).toBe('2026-01-02 00:00:00');
    expect(formatShanghaiTime(Date.UTC(2026, 11, 31, 16, 0, 0))).toBe('2027-01-01 00:00:00');
  });

  it('gives null for no moment', () => {
    expect(formatOptionalShanghaiTime(null)).toBeNull();
    expect(formatOptionalShanghaiTime(undefined)).toBeNull();
    expect(formatOptionalShanghaiTime(0)).toBe('1970-01-01 08:00:00');
  });

  it("turns the date over at Shanghai's midnight, not UTC's", () => {
    expect(shanghaiToday(beforeMidnight)).toBe('2026-11-21');
    expect(shanghaiToday(atMidnight)).toBe('2026-11-22');
    expect(shanghaiDate(new Date('2026-11-22T15:59:59.999Z'))).toBe('2026-11-22');
    expect(shanghaiDate(new Date('2024-02-28T16:00:00Z'))).toBe('2024-02-29');
    expect(shanghaiToday()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('adds and counts whole days across months, leap days and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2026-11-22', 0)).toBe('2026-11-22');
    expect(daysBetween('2026-11-22', '2026-12-22')).toBe(30);
    expect(daysBetween('2026-12-22', '2026-11-22')).toBe(-30);
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2);
  });
});
