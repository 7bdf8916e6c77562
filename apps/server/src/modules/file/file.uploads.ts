import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { uploads } from '../../db/schema/index.ts';
import { findUpload } from './file.repository.ts';

/**
 * What other modules read of the uploads their records name (a delivery's papers, a shipment's photos, a lot's
 * quality documents), in the caller's transaction: their names, which of them a caller may attach, and a file to
 * send once the caller has checked who may read it.
 */

/** The names of uploads by id, whoever's (the caller shows them on a record it checked the reader may see). */
export async function uploadNames(tx: Tx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: uploads.id, name: uploads.name })
    .from(uploads)
    .where(inArray(uploads.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/**
 * The uploads among `ids` that the caller may attach to a record: its organisation's, or for a platform user
 * without one (`orgId` null) the user's own. id → name and content hash (what the evidence ledger records).
 */
export async function ownedUploads(
  tx: Tx,
  ids: readonly number[],
  orgId: number | null,
  userId?: number,
): Promise<Map<number, { name: string; sha256: string }>> {
  if (ids.length === 0) return new Map();
  const whose =
    orgId !== null
      ? eq(uploads.orgId, orgId)
      : userId !== undefined
        ? and(isNull(uploads.orgId), eq(uploads.userId, userId))
        : sql`false`;
  const rows = await tx
    .select({ id: uploads.id, name: uploads.name, sha256: uploads.sha256 })
    .from(uploads)
    .where(and(inArray(uploads.id, [...ids]), whose));
  return new Map(rows.map((r) => [r.id, { name: r.name, sha256: r.sha256 }]));
}

/** What sending an upload needs (lib/send-file.ts), whoever's it is: the caller checked the right to it. */
export async function storedUpload(tx: Tx, id: number) {
  return (await findUpload(tx, id, 'any')) ?? null;
}
