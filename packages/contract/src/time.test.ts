import { describe, expect, it } from 'vitest';
import {
  addDays,
  businessMoment,
  daysBetween,
  formatOptionalShanghaiTime,
  formatShanghaiTime,
  shanghaiDate,
  shanghaiIso,
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

  it('writes a moment in the Shanghai offset, as EPCIS event times are written', () => {
    expect(shanghaiIso(new Date('2026-11-21T15:59:59.123Z'))).toBe('2026-11-21T23:59:59.123+08:00');
    expect(shanghaiIso(atMidnight)).toBe('2026-11-22T00:00:00.000+08:00');
  });

  it('dates a business step by its stated day: the moment recorded on that day, else the end of the day', () => {
    const recorded = new Date('2026-11-21T02:30:00Z'); // 10:30 in Shanghai, 2026-11-21
    expect(businessMoment('2026-11-21', recorded).toISOString()).toBe(recorded.toISOString());
    // Recorded the next day for the day before: the day the user states, its time unknown.
    expect(shanghaiIso(businessMoment('2026-11-20', recorded))).toBe('2026-11-20T23:59:59.000+08:00');
    // Just after midnight in Shanghai (still the 21st in UTC) is already the 22nd.
    expect(shanghaiIso(businessMoment('2026-11-21', atMidnight))).toBe('2026-11-21T23:59:59.000+08:00');
    expect(businessMoment('2026-11-22', atMidnight).getTime()).toBe(atMidnight.getTime());
  });
});
