import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { lots, productSamplings, siteInspections, spotChecks, users } from '../../db/schema/index.ts';
import { shanghaiTodaySql } from '../../lib/shanghai-day.ts';

/** SQL of spot checks only (docs/architecture.md): every function runs in the caller's transaction. */

export type SpotCheckRow = typeof spotChecks.$inferSelect;
export type SpotCheckInsert = Omit<typeof spotChecks.$inferInsert, 'id' | 'createdAt'>;

export async function insertSpotCheck(tx: Tx, values: SpotCheckInsert): Promise<number> {
  const [row] = await tx.insert(spotChecks).values(values).returning({ id: spotChecks.id });
  return (row as { id: number }).id;
}

export async function spotCheckById(tx: Tx, id: number, forUpdate = false): Promise<SpotCheckRow | null> {
  const q = tx.select().from(spotChecks).where(eq(spotChecks.id, id));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** Move a spot check, guarded on the state it was read in; answers whether it moved. */
export async function moveSpotCheck(
  tx: Tx,
  id: number,
  from: string,
  values: Partial<SpotCheckInsert> & { state: string },
): Promise<boolean> {
  const rows = await tx
    .update(spotChecks)
    .set(values)
    .where(and(eq(spotChecks.id, id), eq(spotChecks.state, from)))
    .returning({ id: spotChecks.id });
  return rows.length > 0;
}

export async function setSampling(tx: Tx, id: number, samplingId: number): Promise<void> {
  await tx.update(spotChecks).set({ samplingId }).where(eq(spotChecks.id, id));
}

/** Past its deadline (a Shanghai day) and not closed. */
const overdue = sql<boolean>`coalesce(${spotChecks.state} <> 'closed' and ${spotChecks.rectificationDeadline} < ${shanghaiTodaySql()}::date, false)`;

function selectSpotChecks(tx: Tx) {
  return tx
    .select({
      check: spotChecks,
      materialName: siteInspections.materialName,
      deliveryId: siteInspections.deliveryId,
      batchNo: lots.batchNo,
      checkerName: sql<string | null>`coalesce(${users.realName}, ${users.username})`,
      overdue,
    })
    .from(spotChecks)
    .leftJoin(siteInspections, eq(siteInspections.id, spotChecks.inspectionId))
    .leftJoin(lots, eq(lots.id, siteInspections.lotId))
    .leftJoin(users, eq(users.id, spotChecks.checkedBy));
}
export type SpotCheckViewRow = Awaited<ReturnType<ReturnType<typeof selectSpotChecks>['execute']>>[number];

/** A project's spot checks, newest first. */
export async function spotCheckPage(tx: Tx, f: { projectId: number; state?: string; take: number; skip: number }) {
  const where = and(eq(spotChecks.projectId, f.projectId), f.state ? eq(spotChecks.state, f.state) : undefined);
  const rows = await selectSpotChecks(tx)
    .where(where)
    .orderBy(desc(spotChecks.checkedOn), desc(spotChecks.id))
    .limit(f.take)
    .offset(f.skip);
  const [total] = await tx.select({ n: count() }).from(spotChecks).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function spotCheckView(tx: Tx, id: number): Promise<SpotCheckViewRow | null> {
  const [row] = await selectSpotChecks(tx).where(eq(spotChecks.id, id));
  return row ?? null;
}

/** The manufacturer's sampling view of a check of its product (modules/sampling reads it). */
export async function insertProductSampling(tx: Tx, values: typeof productSamplings.$inferInsert): Promise<number> {
  const [row] = await tx.insert(productSamplings).values(values).returning({ id: productSamplings.id });
  return (row as { id: number }).id;
}
