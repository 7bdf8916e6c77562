import type { diskFileAddBody, diskFileSaveBody, diskFolderBody, diskListQuery } from '@jcbb/contract';
import { LedgerDocType, type LedgerDocTypeValue } from '@jcbb/contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client.ts';
import { callerOrgId, ownRowOr404 } from '../../lib/access.ts';
import { recordAudit } from '../../lib/audit.ts';
import { conflict, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import { ownedUploads, storedUpload } from '../file/index.ts';
import { storeFileRecord } from '../ledger/index.ts';
import * as repo from './disk.repository.ts';
import { fileView, folderView, versionView } from './disk.views.ts';

const FOLDER_MISSING = '文件夹不存在';
const FILE_MISSING = '文件不存在';

/** What the evidence ledger calls each kind of document (its own, coarser code table). */
const ledgerDocTypes: Record<string, LedgerDocTypeValue> = {
  test_report: LedgerDocType.TEST_REPORT,
  certificate: LedgerDocType.CERTIFICATE,
  contract: LedgerDocType.CONTRACT,
  authorisation: LedgerDocType.AUTHORISATION_LETTER,
};

/** A folder of the caller's organisation, or 404 (another organisation's reads as missing). */
export async function ownFolder(tx: Tx, user: SessionUser, id: number) {
  return ownRowOr404(user, await repo.folderById(tx, id), FOLDER_MISSING);
}

/** A file of the caller's organisation, or 404. */
export async function ownFile(tx: Tx, user: SessionUser, id: number, lock = false) {
  return ownRowOr404(user, await repo.fileById(tx, id, lock), FILE_MISSING);
}

/** An upload the caller may attach (its organisation's), with what a version keeps of it; else 400 on the field. */
async function attachableUpload(tx: Tx, user: SessionUser, uploadId: number) {
  const owned = await ownedUploads(tx, [uploadId], callerOrgId(user));
  const stored = owned.has(uploadId) ? await storedUpload(tx, uploadId) : null;
  if (!stored) throw invalidInput([{ field: 'uploadId', message: '上传的文件不存在，请重新上传' }]);
  return { uploadId, name: stored.name, sha256: stored.sha256, size: stored.size, mime: stored.mime };
}

/** A file's answer: the file with its versions, newest first. */
export async function fileDetail(tx: Tx, file: repo.FileRow) {
  const versions = await repo.versionsOf(tx, [file.id]);
  const current = versions.find((r) => r.v.version === file.version)?.v;
  return { ...fileView(file, current), versions: versions.map((r) => versionView(r.v, r.by)) };
}

/**
 * The enterprise disk's folders and files (docs/disk.md): the caller's organisation's only; another organisation's
 * id answers 404. One transaction per change, each audited.
 */
export function createDiskService({ db }: { db: Db }) {
  return {
    async list(user: SessionUser, query: z.output<typeof diskListQuery>) {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => {
        const folder = query.folderId ? await ownFolder(tx, user, query.folderId) : null;
        const folderId = folder?.id ?? null;
        const folders = query.keyword ? [] : await repo.foldersIn(tx, orgId, folderId);
        const files = await repo.filesIn(tx, orgId, folderId, query.keyword);
        const versions = await repo.versionsOf(
          tx,
          files.map((f) => f.id),
        );
        const current = new Map(versions.map((r) => [`${r.v.fileId}:${r.v.version}`, r.v]));
        return {
          folder: folder ? folderView(folder) : null,
          path: folder ? await repo.folderPath(tx, orgId, folder.id) : [],
          folders: folders.map(folderView),
          files: files.map((f) => fileView(f, current.get(`${f.id}:${f.version}`))),
        };
      });
    },

    async createFolder(user: SessionUser, body: z.output<typeof diskFolderBody>) {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => {
        const parentId = body.parentId ? (await ownFolder(tx, user, body.parentId)).id : null;
        if (await repo.folderNameTaken(tx, orgId, parentId, body.name))
          throw invalidInput([{ field: 'name', message: '这一层已有同名文件夹' }]);
        const folder = await repo.insertFolder(tx, { orgId, parentId, name: body.name, createdBy: user.userId });
        await recordAudit(tx, {
          entity: 'disk_folder',
          entityId: folder.id,
          action: 'create',
          actor: user,
          data: { name: folder.name, parentId },
        });
        return folderView(folder);
      });
    },

    async renameFolder(user: SessionUser, id: number, name: string) {
      return db.transaction(async (tx) => {
        const folder = await ownFolder(tx, user, id);
        if (await repo.folderNameTaken(tx, folder.orgId, folder.parentId, name, folder.id))
          throw invalidInput([{ field: 'name', message: '这一层已有同名文件夹' }]);
        const renamed = await repo.renameFolder(tx, id, name);
        await recordAudit(tx, {
          entity: 'disk_folder',
          entityId: id,
          action: 'rename',
          actor: user,
          data: { from: folder.name, to: name },
        });
        return folderView(renamed);
      });
    },

    async deleteFolder(user: SessionUser, id: number) {
      await db.transaction(async (tx) => {
        const folder = await ownFolder(tx, user, id);
        if (!(await repo.folderIsEmpty(tx, id))) throw conflict('文件夹不是空的：请先移走或删除其中的文件和文件夹');
        await repo.deleteFolder(tx, id);
        await recordAudit(tx, {
          entity: 'disk_folder',
          entityId: id,
          action: 'delete',
          actor: user,
          data: { name: folder.name },
        });
      });
      return null;
    },

    async addFile(user: SessionUser, body: z.output<typeof diskFileAddBody>) {
      const orgId = callerOrgId(user);
      return db.transaction(async (tx) => {
        const folderId = body.folderId ? (await ownFolder(tx, user, body.folderId)).id : null;
        const upload = await attachableUpload(tx, user, body.uploadId);
        const file = await repo.insertFile(tx, {
          orgId,
          folderId,
          name: upload.name,
          docType: body.docType,
          tags: body.tags,
          validFrom: body.validFrom ?? null,
          validUntil: body.validUntil ?? null,
          createdBy: user.userId,
        });
        await repo.insertVersion(tx, { fileId: file.id, orgId, version: 1, ...upload, createdBy: user.userId });
        await recordAudit(tx, {
          entity: 'disk_file',
          entityId: file.id,
          action: 'add',
          actor: user,
          toState: 1,
          data: { name: file.name, sha256: upload.sha256, folderId },
        });
        return fileDetail(tx, file);
      });
    },

    async file(user: SessionUser, id: number) {
      return db.transaction(async (tx) => fileDetail(tx, await ownFile(tx, user, id)));
    },

    async saveFile(user: SessionUser, id: number, body: z.output<typeof diskFileSaveBody>) {
      return db.transaction(async (tx) => {
        const file = await ownFile(tx, user, id, true);
        const folderId = body.folderId ? (await ownFolder(tx, user, body.folderId)).id : null;
        const saved = await repo.updateFile(tx, id, {
          name: body.name,
          folderId,
          docType: body.docType,
          tags: body.tags,
          validFrom: body.validFrom ?? null,
          validUntil: body.validUntil ?? null,
          note: body.note ?? null,
        });
        await recordAudit(tx, {
          entity: 'disk_file',
          entityId: id,
          action: 'update',
          actor: user,
          data: {
            name: [file.name, saved.name],
            folderId: [file.folderId, saved.folderId],
            docType: [file.docType, saved.docType],
            validUntil: [file.validUntil, saved.validUntil],
          },
        });
        return fileDetail(tx, saved);
      });
    },

    async addVersion(user: SessionUser, id: number, uploadId: number) {
      return db.transaction(async (tx) => {
        const file = await ownFile(tx, user, id, true);
        const upload = await attachableUpload(tx, user, uploadId);
        const version = file.version + 1;
        await repo.insertVersion(tx, { fileId: id, orgId: file.orgId, version, ...upload, createdBy: user.userId });
        const saved = await repo.updateFile(tx, id, { version });
        await recordAudit(tx, {
          entity: 'disk_file',
          entityId: id,
          action: 'version',
          actor: user,
          fromState: file.version,
          toState: version,
          data: { sha256: upload.sha256, name: upload.name },
        });
        return fileDetail(tx, saved);
      });
    },

    async deleteFile(user: SessionUser, id: number) {
      await db.transaction(async (tx) => {
        const file = await ownFile(tx, user, id, true);
        await repo.deleteFile(tx, id);
        await recordAudit(tx, {
          entity: 'disk_file',
          entityId: id,
          action: 'delete',
          actor: user,
          data: { name: file.name },
        });
      });
      return null;
    },

    /** What sending a version needs (the caller's own file), the current one when `version` is not given. */
    async content(user: SessionUser, id: number, version?: number) {
      return db.transaction(async (tx) => {
        const file = await ownFile(tx, user, id);
        const rows = await repo.versionsOf(tx, [id]);
        const wanted = rows.find((r) => r.v.version === (version ?? file.version))?.v;
        if (!wanted) throw notFound('该版本不存在');
        return wanted;
      });
    },

    /**
     * Put the current version on the evidence ledger through the ledger's storage record (storeFileRecord): one
     * click, once per version (a second click answers the record already made).
     */
    async recordOnLedger(user: SessionUser, id: number) {
      return db.transaction(async (tx) => {
        const file = await ownFile(tx, user, id, true);
        const rows = await repo.versionsOf(tx, [id]);
        const current = rows.find((r) => r.v.version === file.version)?.v;
        if (!current) throw notFound(FILE_MISSING);
        if (current.ledgerLeafIndex === null) {
          const stored = await storeFileRecord(tx, user, {
            orgId: file.orgId,
            upload: { id: current.uploadId, sha256: current.sha256 },
            title: file.name,
            docType: ledgerDocTypes[file.docType] ?? LedgerDocType.OTHER,
          });
          await repo.setVersionLedger(tx, current.id, stored.recordId, stored.leafIndex);
          await recordAudit(tx, {
            entity: 'disk_file',
            entityId: id,
            action: 'ledger',
            actor: user,
            data: { version: current.version, leafIndex: stored.leafIndex, recordId: stored.recordId },
          });
        }
        return fileDetail(tx, file);
      });
    },
  };
}
