import { and, count, desc, eq, isNull, ne, notInArray, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  certificates,
  lots,
  materialClassifications,
  siteInspections,
  users,
  witnessSamples,
} from '../../db/schema/index.ts';

/** SQL of witness sampling only (docs/architecture.md): every function runs in the caller's transaction. */

export type SampleRow = typeof witnessSamples.$inferSelect;
export type SampleInsert = Omit<typeof witnessSamples.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

export async function insertSample(tx: Tx, values: SampleInsert): Promise<number> {
  const [row] = await tx.insert(witnessSamples).values(values).returning({ id: witnessSamples.id });
  return (row as { id: number }).id;
}

export async function sampleById(tx: Tx, id: number, forUpdate = false): Promise<SampleRow | null> {
  const q = tx.select().from(witnessSamples).where(eq(witnessSamples.id, id));
  const [row] = forUpdate ? await q.for('update') : await q;
  return row ?? null;
}

/** Move a sample, guarded on the state it was read in; answers whether it moved. */
export async function moveSample(
  tx: Tx,
  id: number,
  from: string,
  values: Partial<SampleInsert> & { state: string },
): Promise<boolean> {
  const rows = await tx
    .update(witnessSamples)
    .set({ ...values, updatedAt: sql`now()` })
    .where(and(eq(witnessSamples.id, id), eq(witnessSamples.state, from)))
    .returning({ id: witnessSamples.id });
  return rows.length > 0;
}

const witnessName = sql<string>`coalesce(${users.realName}, ${users.username}, '')`;

function selectSamples(tx: Tx) {
  return tx
    .select({
      sample: witnessSamples,
      inspectionNumber: siteInspections.number,
      lotState: siteInspections.state,
      deliveryId: siteInspections.deliveryId,
      materialName: siteInspections.materialName,
      specName: siteInspections.specName,
      unitName: siteInspections.unitName,
      batchNo: lots.batchNo,
      witnessName,
    })
    .from(witnessSamples)
    .innerJoin(siteInspections, eq(siteInspections.id, witnessSamples.inspectionId))
    .innerJoin(lots, eq(lots.id, witnessSamples.lotId))
    .leftJoin(users, eq(users.id, witnessSamples.witnessUserId));
}
export type SampleViewRow = Awaited<ReturnType<ReturnType<typeof selectSamples>['execute']>>[number];

/** A project's samples, newest first. */
export async function samplePage(tx: Tx, f: { projectId: number; state?: string; take: number; skip: number }) {
  const where = and(eq(witnessSamples.projectId, f.projectId), f.state ? eq(witnessSamples.state, f.state) : undefined);
  const rows = await selectSamples(tx)
    .where(where)
    .orderBy(desc(witnessSamples.sampledOn), desc(witnessSamples.id))
    .limit(f.take)
    .offset(f.skip);
  const [total] = await tx.select({ n: count() }).from(witnessSamples).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function sampleView(tx: Tx, id: number): Promise<SampleViewRow | null> {
  const [row] = await selectSamples(tx).where(eq(witnessSamples.id, id));
  return row ?? null;
}

/** The states and results of an inspection's samples (is every one reported, did any fail?). */
export async function sampleResultsOf(tx: Tx, inspectionId: number) {
  return tx
    .select({ id: witnessSamples.id, state: witnessSamples.state, result: witnessSamples.result })
    .from(witnessSamples)
    .where(eq(witnessSamples.inspectionId, inspectionId));
}

/**
 * The certification bodies that certified a product on the platform: issuers of its certificates not revoked, a
 * self-declaration (issued by the maker itself) left out.
 */
export async function certifiersOf(tx: Tx, productId: number): Promise<number[]> {
  const rows = await tx
    .selectDistinct({ orgId: certificates.issuerOrgId })
    .from(certificates)
    .where(
      and(
        eq(certificates.productId, productId),
        isNull(certificates.revokedAt),
        ne(certificates.issuerOrgId, certificates.holderOrgId),
      ),
    );
  return rows.map((r) => r.orgId);
}

/** A lot's product, when it is a platform lot. */
export async function productOfLot(tx: Tx, lotId: number) {
  const [row] = await tx
    .select({ productId: lots.productId, specId: lots.specId, orgId: lots.orgId, origin: lots.origin })
    .from(lots)
    .where(eq(lots.id, lotId));
  return row && row.origin === 'platform' && row.productId !== null
    ? { productId: row.productId, specId: row.specId, orgId: row.orgId }
    : null;
}

/**
 * The witness ratio's rows (docs/construction.md, "The witness ratio"): per material of the project — its
 * classification, or its name where it has none — the lots that require a witnessed retest and are due for one, and
 * those with at least one witnessed sample. Due: past the incoming inspection (not pending or submitted) and not
 * turned away without a sample (a lot rejected at the gate never enters the works). A lot with a sample counts
 * whatever became of it.
 */
export async function witnessRatioRows(tx: Tx, projectId: number) {
  const sampled = sql`exists (select 1 from ${witnessSamples} s where s.inspection_id = ${siteInspections.id})`;
  const byName = sql`case when ${siteInspections.classifyCode} is null then ${siteInspections.materialName} end`;
  return tx
    .select({
      classifyCode: siteInspections.classifyCode,
      categoryName: materialClassifications.name,
      materialName: sql<string>`min(${siteInspections.materialName})`,
      lots: sql<number>`count(*)::int`,
      witnessed: sql<number>`(count(*) filter (where ${sampled}))::int`,
    })
    .from(siteInspections)
    .leftJoin(materialClassifications, eq(materialClassifications.code, siteInspections.classifyCode))
    .where(
      and(
        eq(siteInspections.projectId, projectId),
        eq(siteInspections.retestRequired, true),
        notInArray(siteInspections.state, ['pending', 'submitted']),
        or(notInArray(siteInspections.state, ['rejected', 'returned', 'destroyed']), sampled),
      ),
    )
    .groupBy(siteInspections.classifyCode, materialClassifications.name, byName);
}
