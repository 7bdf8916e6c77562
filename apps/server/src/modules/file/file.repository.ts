import { and, eq, isNull, or } from 'drizzle-orm';
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

/** An upload visible to an organisation (its own), with its blob's size and type. */
export async function findUpload(tx: Tx, id: number, orgId: number | null) {
  const [row] = await tx
    .select({
      id: uploads.id,
      sha256: uploads.sha256,
      name: uploads.name,
      orgId: uploads.orgId,
      createdAt: uploads.createdAt,
      size: fileBlobs.size,
      mime: fileBlobs.mime,
    })
    .from(uploads)
    .innerJoin(fileBlobs, eq(fileBlobs.sha256, uploads.sha256))
    .where(and(eq(uploads.id, id), orgId === null ? isNull(uploads.orgId) : or(eq(uploads.orgId, orgId))))
    .limit(1);
  return row;
}

/** Any upload by id, for callers that have checked access themselves (the platform's auditors). */
export async function findUploadAnyOrg(tx: Tx, id: number) {
  const [row] = await tx
    .select({
      id: uploads.id,
      sha256: uploads.sha256,
      name: uploads.name,
      orgId: uploads.orgId,
      createdAt: uploads.createdAt,
      size: fileBlobs.size,
      mime: fileBlobs.mime,
    })
    .from(uploads)
    .innerJoin(fileBlobs, eq(fileBlobs.sha256, uploads.sha256))
    .where(eq(uploads.id, id))
    .limit(1);
  return row;
}
