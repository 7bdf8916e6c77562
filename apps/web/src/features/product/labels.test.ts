import { describe, expect, it } from 'vitest';
import { certificateState, formatPrice } from './labels.ts';

describe('product labels', () => {
  it('writes prices in yuan with thousands separators and two decimals', () => {
    expect(formatPrice('1650.00')).toBe('¥1,650.00');
    expect(formatPrice('12.5')).toBe('¥12.50');
    expect(formatPrice('0')).toBe('¥0.00');
    expect(formatPrice(null)).toBe('—');
  });

  it('tells a certificate valid, expiring within 90 days, expired or not yet valid', () => {
    const today = '2026-11-22';
    expect(certificateState('2026-01-01', '2029-01-01', today)).toEqual({ state: 'valid', days: null });
    expect(certificateState('2026-01-01', '2027-01-31', today)).toEqual({ state: 'expiring', days: 70 });
    expect(certificateState('2026-01-01', '2026-11-22', today)).toEqual({ state: 'expiring', days: 0 });
    expect(certificateState('2020-01-01', '2026-11-21', today)).toEqual({ state: 'expired', days: null });
    expect(certificateState('2026-12-01', '2029-01-01', today)).toEqual({ state: 'notYetValid', days: null });
  });
});
