import { shanghaiToday } from '@jcbb/contract/time';
import { desc, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client.ts';
import { isUniqueViolation } from './db-errors.ts';
import { conflict } from './errors.ts';

/** Where a kind of document keeps its numbers: the table, its number column and the unique index on it. */
export interface NumberSeries {
  table: PgTable;
  column: PgColumn;
  /** The unique index's name (a clash there means another transaction took the number). */
  constraint: string;
  /** Two capital letters: `JC` a site delivery, `LY` an issue order. */
  prefix: string;
}

/**
 * The next document number, prefix + yyyymmdd (Asia/Shanghai) + a 4-digit sequence of the day, written by `insert`
 * inside a savepoint: two transactions that pick the same number meet at the unique index, and the loser takes the
 * next one (its savepoint rolled back, its transaction intact). One way for every module's documents
 * (docs/adding-a-module.md, "One helper for each need").
 */
export async function withDocumentNumber<T>(
  tx: Tx,
  series: NumberSeries,
  insert: (sp: Tx, number: string) => Promise<T>,
): Promise<T> {
  return withDocumentNumbers(tx, series, 1, (sp, [number]) => insert(sp, number as string));
}

/**
 * `count` consecutive numbers of the day at once, for documents made in bulk (a site's import of a thousand
 * deliveries): the day's last number read once and the documents inserted together by `insert` in one savepoint; a
 * clash with another transaction's number retries the whole batch after the number that is now the last.
 */
export async function withDocumentNumbers<T>(
  tx: Tx,
  series: NumberSeries,
  count: number,
  insert: (sp: Tx, numbers: string[]) => Promise<T>,
): Promise<T> {
  const dayPrefix = `${series.prefix}${shanghaiToday().replaceAll('-', '')}`;
  for (let attempt = 0; attempt < 50; attempt++) {
    const [last] = await tx
      .select({ number: series.column })
      .from(series.table)
      .where(sql`${series.column} like ${`${dayPrefix}%`}`)
      // A day's 10 000th number has five digits: longer numbers are later ones.
      .orderBy(desc(sql`length(${series.column})`), desc(series.column))
      .limit(1);
    const lastNumber = (last?.number as string | undefined) ?? null;
    const seq = lastNumber ? Number(lastNumber.slice(dayPrefix.length)) : 0;
    const numbers = Array.from({ length: count }, (_, i) => `${dayPrefix}${String(seq + 1 + i).padStart(4, '0')}`);
    try {
      return await tx.transaction((sp) => insert(sp, numbers));
    } catch (e) {
      if (!isUniqueViolation(e, series.constraint)) throw e;
    }
  }
  throw conflict('单号生成繁忙，请稍后重试');
}
