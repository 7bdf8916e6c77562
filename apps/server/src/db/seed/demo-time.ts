const DAY = 24 * 60 * 60 * 1000;
/** China Standard Time is UTC+8 all year (no daylight saving). */
const CST_OFFSET_HOURS = 8;

/**
 * A moment `days` before `now`, during office hours in Beijing (09:00–16:59), its minute and second varied by
 * `seed`. Demo stories are told backwards from the seeding moment; without this every row of a list showed the same
 * clock time (the time of seeding), which no real record does. With `days` ≥ 1 the moment is never after `now`.
 */
export function daysAgoAtOfficeHour(now: Date, days: number, seed: number): Date {
  const at = new Date(now.getTime() - days * DAY);
  const hour = 9 + ((seed * 5) % 8);
  at.setUTCHours(hour - CST_OFFSET_HOURS, (seed * 23 + 7) % 60, (seed * 37 + 11) % 60, 0);
  return at;
}
