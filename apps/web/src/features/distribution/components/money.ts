/** Money is kept in fen (integers); the distributor's pages show and enter yuan with two decimals. */

/** Yuan as typed (digits, at most one point, two decimals) → fen, on the text itself so no float rounding creeps in. */
export function yuanToFen(text: string): number {
  const [whole = '0', frac = ''] = text.trim().split('.');
  return Number(whole || '0') * 100 + Number(`${frac}00`.slice(0, 2));
}

/** Fen → yuan as form text (no grouping). */
export const fenToYuanText = (fen: number): string => (fen / 100).toFixed(2).replace(/\.00$/, '');

/** Fen → ¥ with grouping and two decimals. */
export const yuan = (fen: number): string =>
  `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
