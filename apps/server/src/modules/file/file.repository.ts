import { and, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { fileBlobs, uploads } from '../../db/schema/index.ts';

export async function insertBlobIfAbsent(tx: Tx, blob: { sha256: string; size: number; mime: string }) {
  await tx.insert(fileBlobs).values(blob).onConflictDoNothing();
}

export async function insertUpload(
  tx: Tx,
  values: { sha256: string; orgId: number | null; userId: number; name: string },
) {
  const [row] = await tx.insert(uploads).values(values).returning();
  return row as typeof uploads.$inferSelect;
}

const uploadWithBlob = {
  id: uploads.id,
  sha256: uploads.sha256,
  name: uploads.name,
  orgId: uploads.orgId,
  createdAt: uploads.createdAt,
  size: fileBlobs.size,
  mime: fileBlobs.mime,
};

/**
 * An upload by id with its blob's size and type: only the organisation's own when `orgId` is given (null for
 * platform users without one), any when `orgId` is `'any'` (callers that checked access themselves).
 */
export async function findUpload(tx: Tx, id: number, orgId: number | null | 'any') {
  const owner = orgId === 'any' ? undefined : orgId === null ? isNull(uploads.orgId) : eq(uploads.orgId, orgId);
  const [row] = await tx
    .select(uploadWithBlob)
    .from(uploads)
    .innerJoin(fileBlobs, eq(fileBlobs.sha256, uploads.sha256))
    .where(and(eq(uploads.id, id), owner))
    .limit(1);
  return row;
}
