/**
 * Quantities, the one copy the server and the web console share (issue 23, item 2). A quantity has at most three
 * decimals (numeric(18,3) on the server); code adds, subtracts and compares them as integer thousandths ("milli")
 * so sums are exact (docs/traceability.md, "Stock"), and turns them back into numbers, numeric text or words for
 * people only at the edges. No zod, no I/O.
 */

/** Decimals a quantity carries. */
export const QUANTITY_DECIMALS = 3;
const PER_UNIT = 1000;

/**
 * A quantity as it comes (a number, a numeric column's text, a form's text) → integer thousandths, rounded to the
 * nearest. Nothing, empty or blank text and anything not a finite number count as 0.
 */
export function toMilli(q: number | string | null | undefined): number {
  if (q === null || q === undefined) return 0;
  const n = typeof q === 'number' ? q : q.trim() === '' ? 0 : Number(q);
  return Number.isFinite(n) ? Math.round(n * PER_UNIT) : 0;
}

/** Thousandths → the quantity as a number (for the wire's numbers and arithmetic with factors). */
export const fromMilli = (m: number): number => m / PER_UNIT;

/** The exact sum of quantities, in thousandths. */
export const sumMilli = (qs: readonly (number | string)[]): number => qs.reduce<number>((s, q) => s + toMilli(q), 0);

function digits(m: number): { sign: string; whole: string; fraction: string } {
  if (!Number.isSafeInteger(m)) throw new RangeError(`not a whole number of thousandths: ${m}`);
  const abs = Math.abs(m);
  return {
    sign: m < 0 ? '-' : '',
    whole: String(Math.floor(abs / PER_UNIT)),
    fraction: String(abs % PER_UNIT).padStart(QUANTITY_DECIMALS, '0'),
  };
}

/** Thousandths as numeric text with all three decimals, `12.500`: what a numeric(18,3) column stores. */
export function milliText(m: number): string {
  const { sign, whole, fraction } = digits(m);
  return `${sign}${whole}.${fraction}`;
}

/** Thousandths as plain decimal text without trailing zeros, `12.5`, `12`: the contract's wire form. */
export function plainQuantity(m: number): string {
  const { sign, whole, fraction } = digits(m);
  const f = fraction.replace(/0+$/, '');
  return f === '' ? `${sign}${whole}` : `${sign}${whole}.${f}`;
}

/**
 * Decimal text (`12`, `12.5`, ` -0.125 `) → exact thousandths, without passing through a float; `null` for text
 * that is not a quantity (more than three decimals, exponents, hex, anything else).
 */
export function parseQuantity(text: string): number | null {
  const m = /^\s*(-?)(\d+)(?:\.(\d{1,3}))?\s*$/.exec(text);
  if (!m) return null;
  const value = Number(m[2]) * PER_UNIT + Number((m[3] ?? '').padEnd(QUANTITY_DECIMALS, '0'));
  if (!Number.isSafeInteger(value)) return null;
  return m[1] === '-' && value !== 0 ? -value : value;
}

export interface FormatQuantityOptions {
  /** The unit's name, after a space: `20 立方米`. */
  unit?: string | null;
  /** The reader's locale (digit grouping); default zh-CN. */
  locale?: string;
}

/**
 * A quantity as people read it: digit grouping, up to three decimals, no trailing zeros, and its unit if given;
 * `—` for none. A numeric column's text (`'20.000'`) reads as its number.
 */
export function formatQuantity(q: number | string | null | undefined, options: FormatQuantityOptions = {}): string {
  if (q === null || q === undefined || (typeof q === 'string' && q.trim() === '')) return '—';
  const n = typeof q === 'number' ? q : Number(q);
  const text = Number.isFinite(n)
    ? n.toLocaleString(options.locale ?? 'zh-CN', { maximumFractionDigits: QUANTITY_DECIMALS })
    : String(q);
  return options.unit ? `${text} ${options.unit}` : text;
}
