import { and, asc, count, desc, eq, ilike, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  diskFiles,
  diskFileVersions,
  diskFolders,
  diskShareAccess,
  diskShareFiles,
  diskShares,
  organizations,
  users,
} from '../../db/schema/index.ts';
import { containsPattern } from '../../lib/like.ts';

/** SQL of the enterprise disk, every function in the caller's transaction. */

export type FolderRow = typeof diskFolders.$inferSelect;
export type FileRow = typeof diskFiles.$inferSelect;
export type VersionRow = typeof diskFileVersions.$inferSelect;
export type ShareRow = typeof diskShares.$inferSelect;

export async function folderById(tx: Tx, id: number): Promise<FolderRow | undefined> {
  const [row] = await tx.select().from(diskFolders).where(eq(diskFolders.id, id)).limit(1);
  return row;
}

export async function foldersIn(tx: Tx, orgId: number, parentId: number | null) {
  return tx
    .select()
    .from(diskFolders)
    .where(
      and(
        eq(diskFolders.orgId, orgId),
        parentId === null ? isNull(diskFolders.parentId) : eq(diskFolders.parentId, parentId),
      ),
    )
    .orderBy(asc(diskFolders.name));
}

/** The folder and its ancestors, top level first. */
export async function folderPath(tx: Tx, orgId: number, id: number): Promise<{ id: number; name: string }[]> {
  const rows = (await tx.execute(sql`
    WITH RECURSIVE up(id, name, parent_id, depth) AS (
      SELECT id, name, parent_id, 0 FROM disk_folders WHERE id = ${id} AND org_id = ${orgId}
      UNION ALL
      SELECT f.id, f.name, f.parent_id, up.depth + 1 FROM disk_folders f JOIN up ON f.id = up.parent_id
      WHERE f.org_id = ${orgId} AND up.depth < 50
    ) SELECT id, name, depth FROM up ORDER BY depth DESC`)) as unknown as { rows: { id: number; name: string }[] };
  return rows.rows.map((r) => ({ id: Number(r.id), name: r.name }));
}

export async function insertFolder(tx: Tx, values: typeof diskFolders.$inferInsert) {
  const [row] = await tx.insert(diskFolders).values(values).returning();
  return row as FolderRow;
}

export async function folderNameTaken(tx: Tx, orgId: number, parentId: number | null, name: string, except?: number) {
  const [row] = await tx
    .select({ id: diskFolders.id })
    .from(diskFolders)
    .where(
      and(
        eq(diskFolders.orgId, orgId),
        parentId === null ? isNull(diskFolders.parentId) : eq(diskFolders.parentId, parentId),
        eq(diskFolders.name, name),
        except ? sql`${diskFolders.id} <> ${except}` : undefined,
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function renameFolder(tx: Tx, id: number, name: string) {
  const [row] = await tx.update(diskFolders).set({ name }).where(eq(diskFolders.id, id)).returning();
  return row as FolderRow;
}

export async function folderIsEmpty(tx: Tx, id: number): Promise<boolean> {
  const [sub] = await tx.select({ n: count() }).from(diskFolders).where(eq(diskFolders.parentId, id));
  const [files] = await tx.select({ n: count() }).from(diskFiles).where(eq(diskFiles.folderId, id));
  return (sub?.n ?? 0) === 0 && (files?.n ?? 0) === 0;
}

export async function deleteFolder(tx: Tx, id: number) {
  await tx.delete(diskFolders).where(eq(diskFolders.id, id));
}

export async function fileById(tx: Tx, id: number, lock = false): Promise<FileRow | undefined> {
  const q = tx.select().from(diskFiles).where(eq(diskFiles.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function filesIn(tx: Tx, orgId: number, folderId: number | null, keyword?: string) {
  return tx
    .select()
    .from(diskFiles)
    .where(
      and(
        eq(diskFiles.orgId, orgId),
        keyword
          ? sql`(${ilike(diskFiles.name, containsPattern(keyword))} OR ${keyword} = ANY(${diskFiles.tags}))`
          : folderId === null
            ? isNull(diskFiles.folderId)
            : eq(diskFiles.folderId, folderId),
      ),
    )
    .orderBy(asc(diskFiles.name), asc(diskFiles.id))
    .limit(500);
}

export async function filesByIds(tx: Tx, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return tx
    .select()
    .from(diskFiles)
    .where(inArray(diskFiles.id, [...ids]))
    .orderBy(asc(diskFiles.name), asc(diskFiles.id));
}

export async function insertFile(tx: Tx, values: typeof diskFiles.$inferInsert) {
  const [row] = await tx.insert(diskFiles).values(values).returning();
  return row as FileRow;
}

export async function updateFile(tx: Tx, id: number, values: Partial<typeof diskFiles.$inferInsert>) {
  const [row] = await tx
    .update(diskFiles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(diskFiles.id, id))
    .returning();
  return row as FileRow;
}

export async function deleteFile(tx: Tx, id: number) {
  await tx.delete(diskFiles).where(eq(diskFiles.id, id));
}

export async function insertVersion(tx: Tx, values: typeof diskFileVersions.$inferInsert) {
  const [row] = await tx.insert(diskFileVersions).values(values).returning();
  return row as VersionRow;
}

/** Versions of files, newest first, with the name of who added each. */
export async function versionsOf(tx: Tx, fileIds: readonly number[]) {
  if (fileIds.length === 0) return [];
  return tx
    .select({ v: diskFileVersions, by: sql<string>`coalesce(${users.realName}, ${users.username})` })
    .from(diskFileVersions)
    .leftJoin(users, eq(users.id, diskFileVersions.createdBy))
    .where(inArray(diskFileVersions.fileId, [...fileIds]))
    .orderBy(asc(diskFileVersions.fileId), desc(diskFileVersions.version));
}

export async function setVersionLedger(tx: Tx, id: number, recordId: number, leafIndex: number) {
  await tx
    .update(diskFileVersions)
    .set({ ledgerRecordId: recordId, ledgerLeafIndex: leafIndex })
    .where(eq(diskFileVersions.id, id));
}

// ---- shares ----

export async function insertShare(tx: Tx, values: typeof diskShares.$inferInsert) {
  const [row] = await tx.insert(diskShares).values(values).returning();
  return row as ShareRow;
}

export async function insertShareFiles(tx: Tx, shareId: number, fileIds: readonly number[]) {
  if (fileIds.length === 0) return;
  await tx.insert(diskShareFiles).values(fileIds.map((fileId) => ({ shareId, fileId })));
}

export async function shareById(tx: Tx, id: number): Promise<ShareRow | undefined> {
  const [row] = await tx.select().from(diskShares).where(eq(diskShares.id, id)).limit(1);
  return row;
}

export async function shareByToken(tx: Tx, token: string): Promise<ShareRow | undefined> {
  const [row] = await tx.select().from(diskShares).where(eq(diskShares.token, token)).limit(1);
  return row;
}

export async function sharesOf(tx: Tx, orgId: number, take: number, skip: number) {
  const where = eq(diskShares.orgId, orgId);
  const rows = await tx.select().from(diskShares).where(where).orderBy(desc(diskShares.id)).limit(take).offset(skip);
  const [total] = await tx.select({ n: count() }).from(diskShares).where(where);
  return { rows, total: total?.n ?? 0 };
}

export async function shareFileCounts(tx: Tx, shareIds: readonly number[]): Promise<Map<number, number>> {
  if (shareIds.length === 0) return new Map();
  const rows = await tx
    .select({ shareId: diskShareFiles.shareId, n: count() })
    .from(diskShareFiles)
    .where(inArray(diskShareFiles.shareId, [...shareIds]))
    .groupBy(diskShareFiles.shareId);
  return new Map(rows.map((r) => [r.shareId, r.n]));
}

export async function shareFileIds(tx: Tx, shareId: number): Promise<number[]> {
  const rows = await tx
    .select({ fileId: diskShareFiles.fileId })
    .from(diskShareFiles)
    .where(eq(diskShareFiles.shareId, shareId));
  return rows.map((r) => r.fileId);
}

export async function revokeShare(tx: Tx, id: number) {
  const [row] = await tx
    .update(diskShares)
    .set({ revokedAt: new Date() })
    .where(and(eq(diskShares.id, id), isNull(diskShares.revokedAt)))
    .returning();
  return row;
}

/** Count one download if the link still allows one (not revoked, not expired, under its limit); false if not. */
export async function countDownload(tx: Tx, id: number): Promise<boolean> {
  const rows = await tx
    .update(diskShares)
    .set({ downloads: sql`${diskShares.downloads} + 1` })
    .where(
      and(
        eq(diskShares.id, id),
        isNull(diskShares.revokedAt),
        sql`${diskShares.expiresAt} > now()`,
        sql`(${diskShares.maxDownloads} IS NULL OR ${diskShares.downloads} < ${diskShares.maxDownloads})`,
      ),
    )
    .returning({ id: diskShares.id });
  return rows.length === 1;
}

export async function insertAccess(tx: Tx, values: typeof diskShareAccess.$inferInsert) {
  await tx.insert(diskShareAccess).values(values);
}

export async function accessLog(tx: Tx, shareId: number, take: number, skip: number) {
  const where = eq(diskShareAccess.shareId, shareId);
  const rows = await tx
    .select({
      a: diskShareAccess,
      person: sql<string | null>`coalesce(${users.realName}, ${users.username})`,
      org: organizations.name,
      fileName: diskFiles.name,
    })
    .from(diskShareAccess)
    .leftJoin(users, eq(users.id, diskShareAccess.userId))
    .leftJoin(organizations, eq(organizations.id, diskShareAccess.viewerOrgId))
    .leftJoin(diskFiles, eq(diskFiles.id, diskShareAccess.fileId))
    .where(where)
    .orderBy(desc(diskShareAccess.id))
    .limit(take)
    .offset(skip);
  const [total] = await tx.select({ n: count() }).from(diskShareAccess).where(where);
  return { rows, total: total?.n ?? 0 };
}

// ---- organisations ----

export async function orgNames(tx: Tx, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(inArray(organizations.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Certified organisations by name (the link's audience picker). */
export async function certifiedOrgs(tx: Tx, keyword: string | undefined) {
  return tx
    .select({ id: organizations.id, name: organizations.name })
    .from(organizations)
    .where(
      and(eq(organizations.certStatus, 2), keyword ? ilike(organizations.name, containsPattern(keyword)) : undefined),
    )
    .orderBy(asc(organizations.name))
    .limit(20);
}
