/** Investment is stored in fen (integer, docs/design.md §2); the console shows and enters 万元 (1 万元 = 1 000 000 fen). */
const FEN_PER_WAN = 1_000_000;

/** 万元 as typed (digits, at most one point) → fen, on the text itself so no float rounding creeps in. */
export function wanToFen(text: string): number {
  const [whole = '0', frac = ''] = text.trim().split('.');
  return Number(whole || '0') * FEN_PER_WAN + Number(`${frac}000000`.slice(0, 6));
}

/** Fen → 万元 as form text (no grouping). */
export const fenToWanText = (fen: number): string => String(fen / FEN_PER_WAN);

/** Fen → 万元 for display, grouped, up to two decimals. */
export const fenToWan = (fen: number): string =>
  (fen / FEN_PER_WAN).toLocaleString('zh-CN', { maximumFractionDigits: 2 });
