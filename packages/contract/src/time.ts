/**
 * Asia/Shanghai dates and times, the one copy the server and the web console share (docs/design.md §2: users read
 * Beijing time, whatever zone the server or the browser runs in). China Standard Time has been UTC+8 all year
 * since 1991 (no daylight saving), so a fixed offset is exact and needs no time-zone database. No I/O, no zod.
 */

/** UTC+8 in milliseconds. */
export const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

type Moment = Date | number;
const millis = (moment: Moment): number => (typeof moment === 'number' ? moment : moment.getTime());

/** A moment (a Date or milliseconds since the epoch) as Asia/Shanghai wall-clock time, `YYYY-MM-DD HH:mm:ss`. */
export function formatShanghaiTime(moment: Moment): string {
  return new Date(millis(moment) + SHANGHAI_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

/** As {@link formatShanghaiTime}, and `null` for no moment. */
export function formatOptionalShanghaiTime(moment: Moment | null | undefined): string | null {
  return moment === null || moment === undefined ? null : formatShanghaiTime(moment);
}

/** The calendar date of a moment in Asia/Shanghai, `YYYY-MM-DD`. */
export function shanghaiDate(moment: Moment): string {
  return formatShanghaiTime(moment).slice(0, 10);
}

/** Today's date in Asia/Shanghai, `YYYY-MM-DD`: certificates are valid by the calendar of the users. */
export function shanghaiToday(now: Moment = new Date()): string {
  return shanghaiDate(now);
}

/** A date `days` after a `YYYY-MM-DD` date (negative: before). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`); negative when `to` comes first. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/** A moment as an ISO 8601 time in Asia/Shanghai's offset, `YYYY-MM-DDTHH:mm:ss.sss+08:00` (EPCIS eventTime). */
export function shanghaiIso(moment: Moment): string {
  return `${new Date(millis(moment) + SHANGHAI_OFFSET_MS).toISOString().slice(0, 23)}+08:00`;
}

/**
 * When something happened on a business date that a user states (a ship date, an arrival date), recorded at `at`:
 * the moment of recording when that is on the date itself; else (recorded later, or earlier for a date to come) the
 * end of that day in Asia/Shanghai, 23:59:59 — the day is what the user vouches for, the time of day is not known.
 * The end of the day keeps a back-dated step after anything recorded on that day before it (docs/traceability.md,
 * "Event time").
 */
export function businessMoment(date: string, at: Moment): Date {
  if (shanghaiDate(at) === date) return new Date(millis(at));
  return new Date(Date.parse(`${date}T23:59:59.000+08:00`));
}
