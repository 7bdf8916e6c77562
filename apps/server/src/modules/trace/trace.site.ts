import type { CodeStatusValue } from '@jcbb/contract';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { traceCodes } from '../../db/schema/index.ts';
import { textList } from './trace.sql.ts';

/**
 * Trace codes at a project's site, for the construction module (docs/construction.md): an inspection that rejects a
 * lot marks its codes rejected; an issue to the works marks the issued codes installed (so the public scan page warns
 * when one is scanned elsewhere), and a return to stock marks them received again. Only codes the project holds, of
 * the lot, in one of the `from` statuses, move; the answer is the codes that moved.
 */
export async function setSiteCodes(
  tx: Tx,
  at: { projectId: number; lotId: number },
  move: { from: readonly CodeStatusValue[]; to: CodeStatusValue; codes?: readonly string[] },
): Promise<string[]> {
  if (move.codes && move.codes.length === 0) return [];
  const rows = await tx
    .update(traceCodes)
    .set({ status: move.to })
    .where(
      and(
        eq(traceCodes.holderKey, `project:${at.projectId}`),
        eq(traceCodes.lotId, at.lotId),
        inArray(traceCodes.status, [...move.from]),
        move.codes ? sql`${traceCodes.code} = any(${textList(move.codes)})` : undefined,
      ),
    )
    .returning({ code: traceCodes.code });
  return rows.map((r) => r.code);
}

/** The codes of a lot a project holds in one of `statuses` (an issue's choice of codes), with their quantities. */
export async function siteCodes(
  tx: Tx,
  at: { projectId: number; lotId: number },
  statuses: readonly CodeStatusValue[],
) {
  return tx
    .select({ code: traceCodes.code, quantity: traceCodes.quantity, parentCode: traceCodes.parentCode })
    .from(traceCodes)
    .where(
      and(
        eq(traceCodes.holderKey, `project:${at.projectId}`),
        eq(traceCodes.lotId, at.lotId),
        inArray(traceCodes.status, [...statuses]),
      ),
    );
}
