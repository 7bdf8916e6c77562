/** Money is kept in fen (integers): ¥ with grouping and two decimals. */
export const yuan = (fen: number): string =>
  `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

/** Basis points → a percentage with at most one decimal ("37.5%"); null → the dash. */
export const pct = (bp: number | null, none = '—'): string =>
  bp === null ? none : `${(bp / 100).toLocaleString('zh-CN', { maximumFractionDigits: 1 })}%`;
