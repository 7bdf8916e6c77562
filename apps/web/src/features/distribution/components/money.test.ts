import { describe, expect, it } from 'vitest';
import { fenToYuanText, yuan, yuanToFen } from './money.ts';

describe('yuan and fen', () => {
  it('turns typed yuan into fen without float rounding', () => {
    expect(yuanToFen('48.5')).toBe(4850);
    expect(yuanToFen('0.07')).toBe(7);
    expect(yuanToFen('1234')).toBe(123_400);
    expect(yuanToFen('19.99')).toBe(1999);
  });

  it('shows fen as yuan', () => {
    expect(fenToYuanText(4850)).toBe('48.50');
    expect(fenToYuanText(123_400)).toBe('1234');
    expect(yuan(884_422)).toBe('¥8,844.22');
  });
});
