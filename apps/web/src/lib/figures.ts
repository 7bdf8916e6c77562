/** Money is kept in fen (integers): ¥ with grouping and two decimals. */
export const yuan = (fen: number): string =>
  `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Basis points → a percentage with at most one decimal ("37.5%"); null → the dash. */
export const pct = (bp: number | null, none = '—'): string =>
  bp === null ? none : `${(bp / 100).toLocaleString('zh-CN', { maximumFractionDigits: 1 })}%`;

/** Large sums in 万元 (¥12.35 万), smaller ones in full (¥9,800.00): a figure stays short on a phone. */
export const money = (fen: number): string =>
  Math.abs(fen) >= 1_000_000
    ? `¥${(fen / 1_000_000).toLocaleString('zh-CN', { maximumFractionDigits: 2 })} 万`
    : yuan(fen);
