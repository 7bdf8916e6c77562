/**
 * Quantities are numeric(18,3) on the server, which works in thousandths so sums are exact
 * (docs/traceability.md, "Stock"); the screens add and subtract in thousandths too, never in floats.
 */
export const toMilli = (value: number | string | null | undefined): number => {
  const n = typeof value === 'string' ? Number(value.trim() === '' ? Number.NaN : value) : (value ?? Number.NaN);
  return Number.isFinite(n) ? Math.round(n * 1000) : 0;
};
export const fromMilli = (milli: number): number => milli / 1000;

/** A quantity as people read it: digit grouping, up to three decimals, no trailing zeros. */
export const formatQuantity = (n: number): string => n.toLocaleString('zh-CN', { maximumFractionDigits: 3 });

/** A carbon or mass figure: up to one decimal beyond 100, three below. */
export const formatFigure = (n: number): string =>
  n.toLocaleString('zh-CN', { maximumFractionDigits: Math.abs(n) >= 100 ? 1 : 3 });
