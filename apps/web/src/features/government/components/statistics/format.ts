/** An area or a mass with grouping and at most one decimal. */
export const amount = (n: number): string => n.toLocaleString('zh-CN', { maximumFractionDigits: 1 });

/** A share of a whole (a : b) in basis points, null when the whole is 0. */
export const shareBp = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part * 10_000) / whole) : null;

/** 2026-Q3 → 2026 年第三季度 (zh) / 2026 Q3 (en). */
export function periodName(period: string, english: boolean): string {
  const [year, q] = period.split('-Q');
  if (english) return `${year} Q${q}`;
  return `${year} 年第${['一', '二', '三', '四'][Number(q) - 1] ?? q}季度`;
}
