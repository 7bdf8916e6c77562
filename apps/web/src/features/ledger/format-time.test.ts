import { describe, expect, it } from 'vitest';
import { formatShanghai } from './format-time.ts';

describe('formatShanghai', () => {
  it('writes China time whatever the browser’s zone', () => {
    expect(formatShanghai(Date.UTC(2026, 10, 22, 3, 24, 58))).toBe('2026-11-22 11:24:58');
    expect(formatShanghai(Date.UTC(2026, 0, 1, 16, 0, 0))).toBe('2026-01-02 00:00:00');
  });
});
