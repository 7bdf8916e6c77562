import { createHash, randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { ResponseCode } from '@jcbb/contract';
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, invalidInput, notFound } from '../../lib/errors.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import * as repo from './file.repository.ts';
import { ACCEPTED_FILE_TYPES, sniffFileType } from './file-types.ts';

export type FileService = ReturnType<typeof createFileService>;

/**
 * The name an upload is kept and downloaded under: the client's base name without control characters, its
 * extension replaced by the detected type's, so a GIF sent as `poly.html` comes back as `poly.gif`.
 */
export function storedName(clientName: string, ext: string): string {
  const base = path
    .basename(clientName.replaceAll('\\', '/'))
    .replace(/\p{Cc}/gu, '')
    .trim();
  const dot = base.lastIndexOf('.');
  const stem = (dot > 0 ? base.slice(0, dot) : base).slice(0, 190) || 'file';
  return `${stem}.${ext}`;
}

/**
 * Files kept on disk under DATA_DIR/files, named by their SHA-256 (docs/design.md §2): the same bytes are kept once.
 * Size is bounded by the multipart limit; the type is checked from the content before anything is kept.
 */
export function createFileService({ db, config }: { db: Db; config: Config }) {
  const root = path.join(config.dataDir, 'files');
  const blobPath = (sha256: string) => path.join(root, sha256.slice(0, 2), sha256);
  /** The bytes on the store under their SHA-256, once; write then rename, so a crash never leaves half a file. */
  const writeBlobFile = async (bytes: Buffer): Promise<string> => {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const target = blobPath(sha256);
    const exists = await stat(target).then(
      () => true,
      () => false,
    );
    if (!exists) {
      await mkdir(path.dirname(target), { recursive: true });
      const temp = `${target}.${randomUUID()}.tmp`;
      await writeFile(temp, bytes);
      await rename(temp, target);
    }
    return sha256;
  };

  return {
    async store(user: SessionUser, name: string, bytes: Buffer) {
      if (bytes.length === 0) throw invalidInput([{ field: 'file', message: '文件为空' }]);
      if (bytes.length > config.maxUploadBytes) throw new AppError(ResponseCode.PAYLOAD_TOO_LARGE);
      const type = sniffFileType(bytes.subarray(0, 16), name);
      if (!type) throw new AppError(ResponseCode.UNSUPPORTED_MEDIA_TYPE, `仅支持 ${ACCEPTED_FILE_TYPES} 文件`);
      const sha256 = await writeBlobFile(bytes);
      const safeName = storedName(name, type.ext);
      const upload = await db.transaction(async (tx) => {
        await repo.insertBlobIfAbsent(tx, { sha256, size: bytes.length, mime: type.mime });
        return repo.insertUpload(tx, { sha256, orgId: user.orgId, userId: user.userId, name: safeName });
      });
      return { id: upload.id, name: upload.name, sha256, size: bytes.length, mime: type.mime };
    },

    /** An upload of the caller's organisation, or 404. */
    async get(user: SessionUser, id: number, tx: Tx = db) {
      const row = await repo.findUpload(tx, id, user.orgId);
      if (!row) throw notFound('文件不存在');
      return row;
    },

    /** Any upload, for services that have checked the caller's right to it (e.g. an auditor's review). */
    async getUnchecked(id: number, tx: Tx = db) {
      const row = await repo.findUpload(tx, id, 'any');
      if (!row) throw notFound('文件不存在');
      return row;
    },

    /**
     * Keep bytes the platform made itself (a page preview of a document read on upload): on the store under their hash,
     * with their blob row, and no upload row — nobody uploaded them; the module that made them decides who sees them.
     */
    async putBlob(bytes: Buffer, mime: string, tx: Tx = db): Promise<string> {
      const sha256 = await writeBlobFile(bytes);
      await repo.insertBlobIfAbsent(tx, { sha256, size: bytes.length, mime });
      return sha256;
    },

    open(sha256: string) {
      return createReadStream(blobPath(sha256));
    },

    async removeBlobFile(sha256: string) {
      await rm(blobPath(sha256), { force: true });
    },
  };
}
