import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CarbonLine, defaultDistance, shipmentCarbon, transportFactor } from './trace-carbon.ts';
import { transportTypes } from './units.ts';

/**
 * The transport carbon arithmetic of GB/T 51366-2019 §4.3 (C = Σ M · D · T) as properties: linear in distance and in
 * mass, equal to the formula, null (never a guess) when a mass is missing, and the standard's 16 factors.
 */

/** GB/T 51366-2019 appendix D, kgCO2e/(t·km), types 1–16 in the standard's order (typed here from the standard). */
const STANDARD_FACTORS = [
  '0.334',
  '0.115',
  '0.104',
  '0.104',
  '0.286',
  '0.179',
  '0.162',
  '0.129',
  '0.078',
  '0.057',
  '0.010',
  '0.011',
  '0.010',
  '0.019',
  '0.015',
  '0.012',
];

const quantity = fc.integer({ min: 1, max: 10_000_000 }).map((m) => m / 1000);
const mass = fc.integer({ min: 1, max: 5_000_000 }).map((m) => m / 10_000);
const known = fc.array(fc.record({ quantity, massPerUnitKg: mass }), { minLength: 1, maxLength: 8 });
const distance = fc.integer({ min: 1, max: 200_000 }).map((d) => d / 10);
const transport = fc.integer({ min: 1, max: 16 });

/** The formula, unrounded. */
const exact = (lines: CarbonLine[], km: number, type: number) =>
  (lines.reduce((s, l) => s + l.quantity * (l.massPerUnitKg as number), 0) / 1000) * km * Number(transportFactor(type));
/** Results are rounded to 3 decimals, and floating point adds its own last bits. */
const close = (a: number, b: number, slack = 0.0006) => Math.abs(a - b) <= slack + Math.abs(b) * 1e-12;

describe('transport carbon (GB/T 51366-2019)', () => {
  it('has the 16 transport types with the standard’s factors', () => {
    expect(transportTypes.map((t) => t.id)).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    expect(transportTypes.map((t) => transportFactor(t.id))).toEqual(STANDARD_FACTORS);
    expect(() => transportFactor(17)).toThrow(RangeError);
  });

  it('is mass (t) × distance (km) × factor', () => {
    fc.assert(
      fc.property(known, distance, transport, (lines, km, type) => {
        const c = shipmentCarbon(lines, km, type);
        expect(c.missingMassLines).toBe(0);
        expect(c.factor).toBe(STANDARD_FACTORS[type - 1]);
        expect(
          close(
            c.massKg as number,
            lines.reduce((s, l) => s + l.quantity * l.massPerUnitKg, 0),
          ),
        ).toBe(true);
        expect(close(c.kgCO2e as number, exact(lines, km, type))).toBe(true);
      }),
    );
  });

  it('is linear in distance', () => {
    fc.assert(
      fc.property(known, distance, transport, fc.integer({ min: 2, max: 20 }), (lines, km, type, k) => {
        const one = shipmentCarbon(lines, km, type).kgCO2e as number;
        const many = shipmentCarbon(lines, km * k, type).kgCO2e as number;
        expect(close(many, one * k, 0.0006 * (k + 1))).toBe(true);
      }),
    );
  });

  it('is linear in mass (every quantity scaled)', () => {
    fc.assert(
      fc.property(known, distance, transport, fc.integer({ min: 2, max: 20 }), (lines, km, type, k) => {
        const one = shipmentCarbon(lines, km, type);
        const scaled = shipmentCarbon(
          lines.map((l) => ({ ...l, quantity: l.quantity * k })),
          km,
          type,
        );
        expect(close(scaled.massKg as number, (one.massKg as number) * k, 0.0006 * (k + 1))).toBe(true);
        expect(close(scaled.kgCO2e as number, (one.kgCO2e as number) * k, 0.0006 * (k + 1))).toBe(true);
      }),
    );
  });

  it('is additive over lines', () => {
    fc.assert(
      fc.property(known, known, distance, transport, (a, b, km, type) => {
        const sum = (shipmentCarbon(a, km, type).kgCO2e as number) + (shipmentCarbon(b, km, type).kgCO2e as number);
        expect(close(shipmentCarbon([...a, ...b], km, type).kgCO2e as number, sum, 0.0016)).toBe(true);
      }),
    );
  });

  it('is null with the count of lines missing their mass, never a guess', () => {
    const line = fc.record({ quantity, massPerUnitKg: fc.option(mass, { nil: null }) });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 8 }), distance, transport, (lines, km, type) => {
        const missing = lines.filter((l) => l.massPerUnitKg === null).length;
        const c = shipmentCarbon(lines, km, type);
        expect(c.missingMassLines).toBe(missing);
        if (missing > 0) {
          expect(c.massKg).toBeNull();
          expect(c.kgCO2e).toBeNull();
        } else expect(c.kgCO2e).not.toBeNull();
      }),
    );
  });

  it('defaults the distance to 40 km for ready-mixed concrete only, else 500 km', () => {
    expect(defaultDistance(['0106'])).toEqual({ km: 40, source: 'default_40' });
    expect(defaultDistance(['010601', '0106'])).toEqual({ km: 40, source: 'default_40' });
    expect(defaultDistance(['0106', '0104'])).toEqual({ km: 500, source: 'default_500' });
    expect(defaultDistance(['0104'])).toEqual({ km: 500, source: 'default_500' });
    expect(defaultDistance([])).toEqual({ km: 500, source: 'default_500' });
  });
});
