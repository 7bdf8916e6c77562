import { describe, expect, it } from 'vitest';
import { fenToWan, fenToWanText, wanToFen } from './money.ts';

describe('investment in 万元 and fen', () => {
  it.each([
    ['12800', 12_800_000_000],
    ['0.01', 10_000],
    ['12800.5', 12_800_500_000],
    ['0', 0],
    ['.5', 500_000],
    [' 3 ', 3_000_000],
  ])('%s 万元 is %d fen', (wan, fen) => {
    expect(wanToFen(wan)).toBe(fen);
  });

  it('does not round like floating point would', () => {
    // 0.1 + 0.2 style errors: 1.13 × 1 000 000 is 1129999.9999999998 in floating point.
    expect(wanToFen('1.13')).toBe(1_130_000);
    expect(Number.isInteger(wanToFen('8765.4321'))).toBe(true);
  });

  it('shows fen as 万元 again', () => {
    expect(fenToWanText(12_800_500_000)).toBe('12800.5');
    expect(fenToWan(21_500_000_000)).toBe('21,500');
    expect(wanToFen(fenToWanText(956_000_000_00))).toBe(95_600_000_000);
  });
});
