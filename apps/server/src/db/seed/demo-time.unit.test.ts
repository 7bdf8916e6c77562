import { describe, expect, it } from 'vitest';
import { daysAgoAtOfficeHour } from './demo-time.ts';

const beijingHour = (d: Date) => (d.getUTCHours() + 8) % 24;

describe('daysAgoAtOfficeHour', () => {
  const now = new Date('2026-11-24T22:05:00Z'); // 06:05 on the 25th in Beijing

  it('lands in Beijing office hours, on varied clock times', () => {
    const times = Array.from({ length: 20 }, (_, i) => daysAgoAtOfficeHour(now, 30 - i, i));
    for (const t of times) {
      expect(beijingHour(t)).toBeGreaterThanOrEqual(9);
      expect(beijingHour(t)).toBeLessThan(17);
    }
    const clocks = new Set(times.map((t) => t.toISOString().slice(11, 19)));
    expect(clocks.size).toBeGreaterThan(10);
  });

  it('keeps the day: N days back, never after now, and later days stay later', () => {
    const ten = daysAgoAtOfficeHour(now, 10, 3);
    const nine = daysAgoAtOfficeHour(now, 9, 4);
    expect(ten.getTime()).toBeLessThan(nine.getTime());
    expect(nine.getTime()).toBeLessThan(now.getTime());
    const days = (now.getTime() - ten.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(9);
    expect(days).toBeLessThan(11);
  });
});
