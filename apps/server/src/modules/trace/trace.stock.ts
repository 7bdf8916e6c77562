import type { StockBucketValue, StockMoveReasonValue } from '@jcbb/contract';
import { fromMilli, milliText, toMilli } from '@jcbb/contract/quantity';
import { sql } from 'drizzle-orm';
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
 * Apply moves in the caller's transaction, in five statements whatever their number (a site's import moves thousands):
 *
 * 1. the balance rows the moves need and lack are created at 0, inserted in the balances' key order (holder, lot,
 *    bucket; ON CONFLICT DO NOTHING: another transaction creating the same row makes this one wait for it);
 * 2. every balance row the moves touch is locked with one SELECT … FOR UPDATE in the same key order;
 * 3. the new balances are computed here, move by move in the order given (an outbound move beyond its balance throws:
 *    a 400 naming the move's `field` when it has one, else a 409);
 * 4. the balances, and 5. the moves with their running balance, are written with one statement each.
 *
 * Why this order and no other: a row another transaction has inserted but not committed is a lock held until it
 * commits. If each transaction first creates what it lacks, in key order, and then locks what it touches, in key order,
 * no two can wait on each other in a circle (a transaction still creating rows holds no row lock; one locking rows
 * only waits on rows with a greater key than any it holds). Creating and locking one key at a time, as this function
 * once did beside a batch form, deadlocked against the batch form (CI, stop 35): there is one writer now.
 * The rows travel as one JSON parameter (jsonb_to_recordset), not as a parameter per value. CHECK (quantity >= 0)
 * stays the last guard. Returns the balances after each move, in the order given.
 */
export async function moveStock(tx: Tx, moves: readonly StockMove[]): Promise<number[]> {
  if (moves.length === 0) return [];
  const keyOf = (m: StockMove) => `${holderKey(m.holder)}|${m.lotId}|${m.bucket}`;
  const balances = new Map<
    string,
    { k: string; o: number | null; p: number | null; s: number | null; l: number; b: string }
  >();
  for (const m of moves) {
    if (toMilli(m.quantity) === 0) throw new Error('a stock move of 0');
    const key = keyOf(m);
    if (!balances.has(key)) {
      balances.set(key, {
        k: holderKey(m.holder),
        o: m.holder.kind === 'org' ? m.holder.orgId : null,
        p: m.holder.kind === 'project' ? m.holder.projectId : null,
        s: m.specId,
        l: m.lotId,
        b: m.bucket,
      });
    }
  }
  const keys = JSON.stringify([...balances.values()]);
  await tx.execute(sql`insert into ${stockBalances}
      (holder_key, holder_org_id, holder_project_id, spec_id, lot_id, bucket, quantity)
    select x.k, x.o, x.p, x.s, x.l, x.b, 0
    from jsonb_to_recordset(${keys}::jsonb) as x(k text, o int, p int, s int, l int, b text)
    order by x.k collate "C", x.l, x.b collate "C"
    on conflict do nothing`);
  const locked = (await tx.execute(sql`
    select sb.holder_key, sb.lot_id, sb.bucket, sb.quantity
    from ${stockBalances} sb
    join jsonb_to_recordset(${keys}::jsonb) as x(k text, l int, b text)
      on sb.holder_key = x.k and sb.lot_id = x.l and sb.bucket = x.b
    order by sb.holder_key collate "C", sb.lot_id, sb.bucket collate "C"
    for update of sb`)) as unknown as {
    rows: { holder_key: string; lot_id: number; bucket: string; quantity: string }[];
  };
  const current = new Map<string, number>();
  for (const r of locked.rows) current.set(`${r.holder_key}|${r.lot_id}|${r.bucket}`, toMilli(r.quantity));
  const after: number[] = [];
  const rows: Record<string, unknown>[] = [];
  for (const [i, m] of moves.entries()) {
    const key = keyOf(m);
    const before = current.get(key);
    if (before === undefined) throw new Error(`stock balance ${key} was not locked`);
    const delta = toMilli(m.quantity);
    const balance = before + delta;
    if (balance < 0) {
      throw m.field
        ? invalidInput([{ field: m.field, message: `${NOT_ENOUGH_STOCK}：现有 ${milliText(before)}` }])
        : conflict(NOT_ENOUGH_STOCK);
    }
    current.set(key, balance);
    after.push(fromMilli(balance));
    const b = balances.get(key) as { k: string; o: number | null; p: number | null; s: number | null };
    rows.push({
      i,
      k: b.k,
      o: b.o,
      p: b.p,
      s: m.specId,
      l: m.lotId,
      b: m.bucket,
      q: milliText(delta),
      a: milliText(balance),
      r: m.reason,
      dt: m.docType,
      di: m.docId,
      at: m.occurredAt.toISOString(),
      u: m.userId,
    });
  }
  const finals = JSON.stringify(
    [...balances.entries()].map(([key, b]) => ({ k: b.k, l: b.l, b: b.b, q: milliText(current.get(key) ?? 0) })),
  );
  await tx.execute(sql`update ${stockBalances} sb set quantity = x.q, updated_at = now()
    from jsonb_to_recordset(${finals}::jsonb) as x(k text, l int, b text, q numeric)
    where sb.holder_key = x.k and sb.lot_id = x.l and sb.bucket = x.b`);
  await tx.execute(sql`insert into ${stockMoves}
      (holder_key, holder_org_id, holder_project_id, spec_id, lot_id, bucket, quantity, balance_after, reason,
       doc_type, doc_id, occurred_at, user_id)
    select x.k, x.o, x.p, x.s, x.l, x.b, x.q, x.a, x.r, x.dt, x.di, x.at, x.u
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(i int, k text, o int, p int, s int, l int, b text, q numeric, a numeric, r text, dt text, di int,
           at timestamptz, u int)
    order by x.i`);
  return after;
}
