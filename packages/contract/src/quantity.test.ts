import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatQuantity, fromMilli, milliText, parseQuantity, plainQuantity, sumMilli, toMilli } from './quantity.ts';

/** Thousandths of quantities a numeric(18,3) column holds (well inside the safe integers). */
const milliArb = fc.integer({ min: -1_000_000_000_000, max: 1_000_000_000_000 });

describe('quantities', () => {
  it('reads numbers, numeric text and nothing as thousandths', () => {
    expect(toMilli(12.5)).toBe(12_500);
    expect(toMilli('20.000')).toBe(20_000);
    expect(toMilli(' 0.125 ')).toBe(125);
    expect(toMilli(0.1 + 0.2)).toBe(300);
    expect(toMilli(null)).toBe(0);
    expect(toMilli(undefined)).toBe(0);
    expect(toMilli('')).toBe(0);
    expect(toMilli('abc')).toBe(0);
    expect(fromMilli(12_500)).toBe(12.5);
  });

  it('writes numeric text and the plain wire form', () => {
    expect(milliText(12_500)).toBe('12.500');
    expect(milliText(-5)).toBe('-0.005');
    expect(plainQuantity(12_500)).toBe('12.5');
    expect(plainQuantity(20_000)).toBe('20');
    expect(plainQuantity(-125)).toBe('-0.125');
    expect(() => plainQuantity(0.5)).toThrow(RangeError);
  });

  it('parses decimal text exactly, refusing what is not a quantity', () => {
    expect(parseQuantity('12')).toBe(12_000);
    expect(parseQuantity(' -0.125 ')).toBe(-125);
    expect(parseQuantity('-0')).toBe(0);
    for (const bad of ['', '1.2345', '1e3', '0x10', '1,000', '.5', 'Infinity']) expect(parseQuantity(bad)).toBeNull();
  });

  it('shows quantities grouped, without trailing zeros, with the unit; — for none', () => {
    expect(formatQuantity('20.000', { unit: '立方米' })).toBe('20 立方米');
    expect(formatQuantity('0.5')).toBe('0.5');
    expect(formatQuantity(12345.678)).toBe('12,345.678');
    expect(formatQuantity(null)).toBe('—');
    expect(formatQuantity('')).toBe('—');
  });

  it('parse ∘ format is the identity, for numeric text and the plain form', () => {
    fc.assert(
      fc.property(milliArb, (m) => {
        expect(parseQuantity(milliText(m))).toBe(m);
        expect(parseQuantity(plainQuantity(m))).toBe(m);
        expect(toMilli(milliText(m))).toBe(m);
        expect(toMilli(fromMilli(m))).toBe(m);
      }),
    );
  });

  it('sums are exact: the sum of the parts in thousandths, whatever the order', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), { maxLength: 50 }), (ms) => {
        const texts = ms.map(milliText);
        const total = ms.reduce((s, m) => s + m, 0);
        expect(sumMilli(texts)).toBe(total);
        expect(sumMilli([...texts].reverse())).toBe(total);
        expect(sumMilli(ms.map(fromMilli))).toBe(total);
      }),
    );
  });
});
