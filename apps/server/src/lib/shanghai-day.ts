import { SHANGHAI_OFFSET_MS } from '@jcbb/contract/time';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Asia/Shanghai days on the server's side of the wire (issue 23, item 2): in SQL, and the few places where a day or
 * the offset is written out in JavaScript. The JavaScript side of dates and times is `@jcbb/contract/time`; this is
 * the one place that names the zone to PostgreSQL (a session's `TimeZone` never matters: every conversion is
 * explicit).
 */

/** The Asia/Shanghai calendar day of a `timestamptz` column or expression, as an SQL `date`. */
export const shanghaiDay = (moment: SQLWrapper): SQL<string> =>
  sql<string>`((${moment}) at time zone 'Asia/Shanghai')::date`;

/** The Asia/Shanghai month of a `timestamptz` column or expression, as text `YYYY-MM`. */
export const shanghaiMonth = (moment: SQLWrapper): SQL<string> =>
  sql<string>`to_char((${moment}) at time zone 'Asia/Shanghai', 'YYYY-MM')`;

/** Today in Asia/Shanghai, as an SQL `date` (the database's clock). */
export const shanghaiTodaySql = (): SQL<string> => shanghaiDay(sql`now()`);

/** Asia/Shanghai's offset from UTC as ISO 8601 writes it (EPCIS `eventTimeZoneOffset`). */
export const SHANGHAI_UTC_OFFSET = '+08:00';

/** The moment a `YYYY-MM-DD` day begins in Asia/Shanghai. */
export const shanghaiDayStart = (day: string): Date => new Date(Date.parse(`${day}T00:00:00Z`) - SHANGHAI_OFFSET_MS);
