import { describe, expect, it } from 'vitest';
import { parseSnapshotAt, productSnapshotQuery } from './public-record.ts';

describe('the snapshot moment', () => {
  it('reads a date as the end of that day in Asia/Shanghai, a time with its offset, a bare time as Beijing time', () => {
    expect(parseSnapshotAt('2025-06-30')).toBe(Date.parse('2025-06-30T23:59:59.999+08:00'));
    expect(parseSnapshotAt('2025-06-30T12:00:00Z')).toBe(Date.parse('2025-06-30T12:00:00Z'));
    expect(parseSnapshotAt('2025-06-30T12:00+02:00')).toBe(Date.parse('2025-06-30T10:00:00Z'));
    expect(parseSnapshotAt('2025-06-30 08:30')).toBe(Date.parse('2025-06-30T00:30:00Z'));
    expect(parseSnapshotAt('2025-06-30T08:30:15.5')).toBe(Date.parse('2025-06-30T00:30:15.500Z'));
  });

  it('refuses impossible dates and anything else', () => {
    for (const text of ['2025-02-30', '2025-13-01', '2025-06-30T24:00', 'yesterday', '20250630', '2025-6-3', ''])
      expect(parseSnapshotAt(text), text).toBeNull();
  });

  it('allows today’s date (its end is still to come), refuses a later moment, and defaults to now', () => {
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const parsed = productSnapshotQuery.parse({ productId: '7', at: today });
    expect(parsed.at).toBeLessThanOrEqual(Date.now());
    expect(productSnapshotQuery.safeParse({ productId: 7, at: '2999-01-01' }).success).toBe(false);
    expect(productSnapshotQuery.parse({ productId: 7, at: '' }).at).toBeUndefined();
  });
});
