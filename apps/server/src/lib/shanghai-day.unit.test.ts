import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { shanghaiDay, shanghaiDayStart, shanghaiMonth, shanghaiTodaySql } from './shanghai-day.ts';

const dialect = new PgDialect();
const text = (q: Parameters<PgDialect['sqlToQuery']>[0]) => dialect.sqlToQuery(q).sql;

describe('Shanghai days', () => {
  it('a day starts at 16:00 UTC the day before', () => {
    expect(shanghaiDayStart('2026-11-28').toISOString()).toBe('2026-11-27T16:00:00.000Z');
    expect(shanghaiDayStart('2026-01-01').toISOString()).toBe('2025-12-31T16:00:00.000Z');
  });

  it('names the zone to PostgreSQL for a column, a month and today', () => {
    expect(text(shanghaiDay(sql`shipped_at`))).toBe("((shipped_at) at time zone 'Asia/Shanghai')::date");
    expect(text(shanghaiMonth(sql`shipped_at`))).toBe("to_char((shipped_at) at time zone 'Asia/Shanghai', 'YYYY-MM')");
    expect(text(shanghaiTodaySql())).toBe("((now()) at time zone 'Asia/Shanghai')::date");
  });
});
