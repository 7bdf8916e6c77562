import { and, eq, inArray, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { siteInspections, witnessSamples } from '../../db/schema/index.ts';

/**
 * Which of these lots failed on the project's site (docs/construction.md, "Inspection"): the supervising engineer
 * rejected the lot (rejected, then returned or destroyed), or a witnessed sample of it failed its retest. Answers each
 * failed lot with the number of the inspection or sample that failed it (procurement's alternate flags read it).
 */
export async function failedLotsOnSite(
  tx: Tx,
  projectId: number,
  lotIds: readonly number[],
): Promise<Map<number, string>> {
  const out = new Map<number, string>();
  if (lotIds.length === 0) return out;
  const ids = [...new Set(lotIds)];
  const rejected = await tx
    .select({ lotId: siteInspections.lotId, number: siteInspections.number })
    .from(siteInspections)
    .where(
      and(
        eq(siteInspections.projectId, projectId),
        inArray(siteInspections.lotId, ids),
        or(
          eq(siteInspections.state, 'rejected'),
          eq(siteInspections.state, 'returned'),
          eq(siteInspections.state, 'destroyed'),
        ),
      ),
    );
  for (const r of rejected) if (!out.has(r.lotId)) out.set(r.lotId, `进场验收 ${r.number} 不合格`);
  const samples = await tx
    .select({ lotId: witnessSamples.lotId, sampleNo: witnessSamples.sampleNo })
    .from(witnessSamples)
    .where(
      and(
        eq(witnessSamples.projectId, projectId),
        inArray(witnessSamples.lotId, ids),
        eq(witnessSamples.result, 'fail'),
      ),
    );
  for (const s of samples) if (!out.has(s.lotId)) out.set(s.lotId, `见证取样 ${s.sampleNo} 复试不合格`);
  return out;
}
