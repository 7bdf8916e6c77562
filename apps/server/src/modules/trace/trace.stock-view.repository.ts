import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { lots, productSpecs, products, receipts, shipments, stockMoves } from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/like.ts';

/**
 * SQL of the stock views (docs/traceability.md, "Stock"): a holder's balances per specification × lot with what is
 * on its way in (open shipments to it) and out (its drafts), and the stock card (its moves). Every function runs in
 * the caller's transaction.
 */

export interface StockRow {
  productId: number;
  productName: string;
  specId: number;
  specName: string;
  unitId: number;
  lotId: number;
  batchNo: string;
  usable: string;
  quarantined: string;
  rejected: string;
  pendingInbound: string;
  pendingOutbound: string;
  massPerUnitKg: string | null;
  classifyCode: string;
}

export interface StockFilter {
  holderKey: string;
  productId?: number;
  specId?: number;
  lotId?: number;
  keyword?: string;
  take?: number;
  skip?: number;
}

/** Balances, pending inbound and outbound of a holder per specification × lot (rows with anything in them). */
export async function stockRows(tx: Tx, f: StockFilter): Promise<{ rows: StockRow[]; total: number }> {
  const h = f.holderKey;
  const kw = f.keyword ? containsPattern(f.keyword) : null;
  const conditions: SQL[] = [
    sql`(a.usable <> 0 or a.quarantined <> 0 or a.rejected <> 0 or a.pending_in <> 0 or a.pending_out <> 0)`,
  ];
  if (f.productId !== undefined) conditions.push(sql`p.id = ${f.productId}`);
  if (f.specId !== undefined) conditions.push(sql`a.spec_id = ${f.specId}`);
  if (f.lotId !== undefined) conditions.push(sql`a.lot_id = ${f.lotId}`);
  if (kw) conditions.push(sql`(p.name ilike ${kw} or ps.name ilike ${kw} or l.batch_no ilike ${kw})`);
  const page = f.take === undefined ? sql`` : sql`limit ${f.take} offset ${f.skip ?? 0}`;
  const result = (await tx.execute(sql`
    with parts as (
      select spec_id, lot_id,
             sum(case when bucket = 'usable' then quantity else 0 end) as usable,
             sum(case when bucket = 'quarantined' then quantity else 0 end) as quarantined,
             sum(case when bucket = 'rejected' then quantity else 0 end) as rejected,
             0::numeric as pending_in, 0::numeric as pending_out
        from stock_balances where holder_key = ${h} and spec_id is not null group by spec_id, lot_id
      union all
      select sl.spec_id, sl.lot_id, 0, 0, 0, sum(sl.quantity - sl.accepted - sl.rejected - sl.cancelled), 0
        from shipment_lines sl join shipments s on s.id = sl.shipment_id
       where s.to_holder_key = ${h} and s.status in (2, 3) group by sl.spec_id, sl.lot_id
      union all
      select sl.spec_id, sl.lot_id, 0, 0, 0, 0, sum(sl.quantity)
        from shipment_lines sl join shipments s on s.id = sl.shipment_id
       where s.from_holder_key = ${h} and s.status = 1 group by sl.spec_id, sl.lot_id
    ), a as (
      select spec_id, lot_id, sum(usable) as usable, sum(quarantined) as quarantined, sum(rejected) as rejected,
             sum(pending_in) as pending_in, sum(pending_out) as pending_out
        from parts group by spec_id, lot_id
    )
    select p.id as "productId", p.name as "productName", a.spec_id as "specId", ps.name as "specName",
           ps.unit_id as "unitId", a.lot_id as "lotId", l.batch_no as "batchNo",
           a.usable::text as usable, a.quarantined::text as quarantined, a.rejected::text as rejected,
           a.pending_in::text as "pendingInbound", a.pending_out::text as "pendingOutbound",
           ps.mass_per_unit_kg::text as "massPerUnitKg", p.classify_code as "classifyCode",
           count(*) over () as total
      from a
      join product_specs ps on ps.id = a.spec_id
      join products p on p.id = ps.product_id
      join lots l on l.id = a.lot_id
     where ${sql.join(conditions, sql` and `)}
     order by p.name, ps.name, l.batch_no, a.lot_id
     ${page}`)) as unknown as { rows: (StockRow & { total: string | number })[] };
  const rows = result.rows.map((r) => ({
    ...r,
    productId: Number(r.productId),
    specId: Number(r.specId),
    unitId: Number(r.unitId),
    lotId: Number(r.lotId),
  }));
  let total = Number(result.rows[0]?.total ?? 0);
  // A page past the end has no row to carry the count: count from the first page, which ends the question (skip 0
  // never asks again, also when nothing matches at all; before, the same skip was asked again for ever).
  if (rows.length === 0 && (f.skip ?? 0) > 0) total = (await stockRows(tx, { ...f, take: 1, skip: 0 })).total;
  return { rows, total };
}

export async function specFacts(tx: Tx, specId: number) {
  const [row] = await tx
    .select({ specName: productSpecs.name, unitId: productSpecs.unitId, productName: products.name })
    .from(productSpecs)
    .innerJoin(products, eq(products.id, productSpecs.productId))
    .where(eq(productSpecs.id, specId));
  return row ?? null;
}

/** The moves of a holder × specification (× lot), newest first, with the numbers of their documents. */
export async function cardMoves(
  tx: Tx,
  f: { holderKey: string; specId: number; lotId?: number; take: number; skip: number },
) {
  const where = and(
    eq(stockMoves.holderKey, f.holderKey),
    eq(stockMoves.specId, f.specId),
    f.lotId === undefined ? undefined : eq(stockMoves.lotId, f.lotId),
  );
  const rows = await tx
    .select({
      move: stockMoves,
      batchNo: lots.batchNo,
      docNumber: sql<string | null>`case ${stockMoves.docType}
        when 'shipment' then (select ${shipments.number} from ${shipments} where ${shipments.id} = ${stockMoves.docId})
        when 'receipt' then (select ${receipts.number} from ${receipts} where ${receipts.id} = ${stockMoves.docId})
        when 'lot' then (select l2.batch_no from ${lots} l2 where l2.id = ${stockMoves.docId})
        else null end`,
    })
    .from(stockMoves)
    .innerJoin(lots, eq(lots.id, stockMoves.lotId))
    .where(where)
    .orderBy(desc(stockMoves.id))
    .limit(f.take)
    .offset(f.skip);
  const [total] = await tx.select({ n: count() }).from(stockMoves).where(where);
  return { rows, total: total?.n ?? 0 };
}
