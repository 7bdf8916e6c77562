import type { StockBucketValue, StockMoveReasonValue } from '@jcbb/contract';
import { fromMilli, milliText, toMilli } from '@jcbb/contract/quantity';
import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { stockBalances, stockMoves } from '../../db/schema/index.ts';
import { conflict, invalidInput } from '../../lib/errors.ts';

/**
 * The stock ledger's one way in (docs/traceability.md, "Stock"). Every change of stock is a move: the balance row
 * of (holder, lot, bucket) is locked with SELECT … FOR UPDATE, the new balance computed, the move
 * appended with its running balance, and the balance written — all in the caller's transaction. Two clients moving
 * the same stock serialise on the row lock; the CHECK (quantity >= 0) on stock_balances is the last guard.
 */

/** A stock holder: an organisation's own stock, or a project's site stock. */
export type Holder = { kind: 'org'; orgId: number } | { kind: 'project'; projectId: number };

export const holderKey = (h: Holder): string => (h.kind === 'org' ? `org:${h.orgId}` : `project:${h.projectId}`);

export function parseHolderKey(key: string): Holder {
  const [kind, id] = key.split(':');
  const n = Number(id);
  if (kind === 'org' && Number.isInteger(n)) return { kind: 'org', orgId: n };
  if (kind === 'project' && Number.isInteger(n)) return { kind: 'project', projectId: n };
  throw new Error(`not a holder key: ${key}`);
}

export interface StockMove {
  holder: Holder;
  /** The lot's specification; null for an external lot (recorded at a site, bought off the platform). */
  specId: number | null;
  lotId: number;
  bucket: StockBucketValue;
  /** Signed quantity in the specification's unit: + in, − out. Never 0. */
  quantity: number;
  reason: StockMoveReasonValue;
  docType: 'lot' | 'shipment' | 'receipt' | 'adjustment' | 'delivery' | 'inspection' | 'issue';
  docId: number | null;
  occurredAt: Date;
  userId: number | null;
  /** The input field a shortfall is reported on (`lines.0.quantity`): a 400 then, a 409 without one. */
  field?: string;
}

/** The message when a move would take more than the holder has. */
export const NOT_ENOUGH_STOCK = '库存不足';

/**
 * Apply moves in one transaction, in a fixed order (holder, lot, bucket: the balance's key) so that two transactions locking
 * several balance rows cannot deadlock. Returns the balances after each move, in the order given.
 * An outbound move beyond the balance throws: a 400 naming the move's `field` when it has one, else a 409.
 */
export async function moveStock(tx: Tx, moves: readonly StockMove[]): Promise<number[]> {
  const order = moves
    .map((m, i) => ({ m, i, key: `${holderKey(m.holder)}|${String(m.lotId).padStart(10, '0')}|${m.bucket}` }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.i - b.i));
  const after: number[] = new Array(moves.length);
  for (const { m, i } of order) {
    const key = holderKey(m.holder);
    const delta = toMilli(m.quantity);
    if (delta === 0) throw new Error('a stock move of 0');
    const where = and(
      eq(stockBalances.holderKey, key),
      eq(stockBalances.lotId, m.lotId),
      eq(stockBalances.bucket, m.bucket),
    );
    let [row] = await tx.select({ quantity: stockBalances.quantity }).from(stockBalances).where(where).for('update');
    if (!row) {
      // First move of this balance: create the row at 0 (another transaction may do the same: ON CONFLICT), then lock it.
      await tx
        .insert(stockBalances)
        .values({
          holderKey: key,
          holderOrgId: m.holder.kind === 'org' ? m.holder.orgId : null,
          holderProjectId: m.holder.kind === 'project' ? m.holder.projectId : null,
          specId: m.specId,
          lotId: m.lotId,
          bucket: m.bucket,
          quantity: '0',
        })
        .onConflictDoNothing();
      [row] = await tx.select({ quantity: stockBalances.quantity }).from(stockBalances).where(where).for('update');
    }
    const balance = toMilli(row?.quantity ?? 0) + delta;
    if (balance < 0) {
      throw m.field
        ? invalidInput([{ field: m.field, message: `${NOT_ENOUGH_STOCK}：现有 ${milliText(balance - delta)}` }])
        : conflict(NOT_ENOUGH_STOCK);
    }
    await tx
      .update(stockBalances)
      .set({ quantity: milliText(balance), updatedAt: sql`now()` })
      .where(where);
    await tx.insert(stockMoves).values({
      holderKey: key,
      holderOrgId: m.holder.kind === 'org' ? m.holder.orgId : null,
      holderProjectId: m.holder.kind === 'project' ? m.holder.projectId : null,
      specId: m.specId,
      lotId: m.lotId,
      bucket: m.bucket,
      quantity: milliText(delta),
      balanceAfter: milliText(balance),
      reason: m.reason,
      docType: m.docType,
      docId: m.docId,
      occurredAt: m.occurredAt,
      userId: m.userId,
    });
    after[i] = fromMilli(balance);
  }
  return after;
}
