import { shanghaiToday } from '@jcbb/contract/time';
import type { Tx } from '../../db/client.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import { conflict } from '../../lib/errors.ts';
import * as repo from './trace.shipment.repository.ts';

/**
 * The next document number, `FH`/`SH` + yyyymmdd (Asia/Shanghai) + a 4-digit sequence of the day, written by
 * `insert` inside a savepoint: two transactions that pick the same number meet at the unique index, and the loser
 * takes the next one (its savepoint rolled back, its transaction intact).
 */
export async function withNumber<T>(
  tx: Tx,
  table: 'shipments' | 'receipts',
  prefix: 'FH' | 'SH',
  insert: (sp: Tx, number: string) => Promise<T>,
): Promise<T> {
  const day = shanghaiToday().replaceAll('-', '');
  const constraint = table === 'shipments' ? 'shipments_number_uq' : 'receipts_number_uq';
  for (let attempt = 0; attempt < 50; attempt++) {
    const last = await repo.lastNumber(tx, table, `${prefix}${day}`);
    const seq = (last ? Number(last.slice(prefix.length + 8)) : 0) + 1;
    const number = `${prefix}${day}${String(seq).padStart(4, '0')}`;
    try {
      return await tx.transaction((sp) => insert(sp, number));
    } catch (e) {
      if (!isUniqueViolation(e, constraint)) throw e;
    }
  }
  throw conflict('单号生成繁忙，请稍后重试');
}
