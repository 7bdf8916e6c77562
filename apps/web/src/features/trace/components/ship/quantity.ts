/** A carbon or mass figure: up to one decimal beyond 100, three below. (Quantities: `@jcbb/contract/quantity`.) */
export const formatFigure = (n: number): string =>
  n.toLocaleString('zh-CN', { maximumFractionDigits: Math.abs(n) >= 100 ? 1 : 3 });
