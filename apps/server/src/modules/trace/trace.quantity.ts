/**
 * Quantities have three decimals (numeric(18,3)); the services add and compare them as integer thousandths so sums
 * are exact (docs/traceability.md, "Stock"), and turn them back into numbers or numeric text at the edges.
 */
export const milli = (q: number | string | null | undefined): number => Math.round(Number(q ?? 0) * 1000);
export const fromMilli = (m: number): number => m / 1000;
export const milliText = (m: number): string => (m / 1000).toFixed(3);
