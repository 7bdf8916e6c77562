import { DEFAULT_DISTANCE_KM, type DistanceSourceValue, READY_MIXED_CONCRETE_CLASSES } from './trace.ts';
import { transportTypes } from './units.ts';

/**
 * Transport carbon of GB/T 51366-2019 §4.3 (docs/traceability.md, "Transport carbon"): C = Σ Mᵢ · D · T, mass in
 * tonnes × distance in km × the transport type's factor in kgCO2e/(t·km). Shared by the server (what is stored) and
 * the shipment wizard (the preview), so both say the same number. Mass is never guessed: one line without a mass
 * per unit makes the whole figure null ("missing mass").
 */

export interface CarbonLine {
  /** Quantity in the specification's unit. */
  quantity: number;
  /** kg per unit; null = unknown. */
  massPerUnitKg: number | null;
}

export interface CarbonFigure {
  factor: string;
  massKg: number | null;
  kgCO2e: number | null;
  missingMassLines: number;
}

/** The factor of a transport type (1–16), as the standard's digits. */
export function transportFactor(transportType: number): string {
  const t = transportTypes.find((x) => x.id === transportType);
  if (!t) throw new RangeError(`unknown transport type ${transportType}`);
  return t.factor;
}

/** The default distance when the real one is unknown: 40 km for ready-mixed concrete, 500 km otherwise. */
export function defaultDistance(classifyCodes: readonly string[]): { km: number; source: DistanceSourceValue } {
  const concrete =
    classifyCodes.length > 0 &&
    classifyCodes.every((c) => READY_MIXED_CONCRETE_CLASSES.some((prefix) => c.startsWith(prefix)));
  return concrete
    ? { km: DEFAULT_DISTANCE_KM.READY_MIXED_CONCRETE, source: 'default_40' }
    : { km: DEFAULT_DISTANCE_KM.OTHER, source: 'default_500' };
}

/** Round to three decimals (grams of CO2e, grams of mass): what is stored and shown. */
export const round3 = (n: number) => Math.round(n * 1000) / 1000;

export function shipmentCarbon(lines: readonly CarbonLine[], distanceKm: number, transportType: number): CarbonFigure {
  const factor = transportFactor(transportType);
  const missingMassLines = lines.filter((l) => l.massPerUnitKg === null).length;
  if (missingMassLines > 0) return { factor, massKg: null, kgCO2e: null, missingMassLines };
  const massKg = lines.reduce((sum, l) => sum + l.quantity * (l.massPerUnitKg as number), 0);
  const kgCO2e = (massKg / 1000) * distanceKm * Number(factor);
  return { factor, massKg: round3(massKg), kgCO2e: round3(kgCO2e), missingMassLines: 0 };
}
