/** China Standard Time has been UTC+8 all year since 1991 (no daylight saving), so a fixed offset is exact. */
const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

/** A moment as Asia/Shanghai wall-clock time, `YYYY-MM-DD HH:mm:ss` (DESIGN.md §2). */
export function formatShanghaiTime(moment: Date): string {
  return new Date(moment.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

export function formatOptionalShanghaiTime(moment: Date | null | undefined): string | null {
  return moment ? formatShanghaiTime(moment) : null;
}
