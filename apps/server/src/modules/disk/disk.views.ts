import {
  type DiskDocTypeValue,
  diskExpiryOf,
  type ShareActionValue,
  type ShareAudienceValue,
  shareStateOf,
} from '@jcbb/contract';
import { shanghaiIso, shanghaiToday } from '@jcbb/contract/time';
import type { FileRow, FolderRow, ShareRow, VersionRow } from './disk.repository.ts';

/** Rows into the contract's answers (disk.ts). */

export const folderView = (f: FolderRow) => ({
  id: f.id,
  parentId: f.parentId,
  name: f.name,
  createdAt: shanghaiIso(f.createdAt),
});

export function fileView(f: FileRow, current: VersionRow | undefined, today = shanghaiToday()) {
  return {
    id: f.id,
    folderId: f.folderId,
    name: f.name,
    docType: f.docType as DiskDocTypeValue,
    tags: f.tags,
    validFrom: f.validFrom,
    validUntil: f.validUntil,
    expiry: diskExpiryOf(f.validUntil, today),
    note: f.note,
    version: f.version,
    size: current?.size ?? 0,
    mime: current?.mime ?? 'application/octet-stream',
    sha256: current?.sha256 ?? '',
    ledgerLeafIndex: current?.ledgerLeafIndex ?? null,
    updatedAt: shanghaiIso(f.updatedAt),
  };
}

export const versionView = (v: VersionRow, by: string | null) => ({
  version: v.version,
  uploadId: v.uploadId,
  name: v.name,
  size: v.size,
  mime: v.mime,
  sha256: v.sha256,
  ledgerLeafIndex: v.ledgerLeafIndex,
  createdBy: by ?? '',
  createdAt: shanghaiIso(v.createdAt),
});

export function shareView(s: ShareRow, fileCount: number, orgs: Map<number, string>) {
  return {
    id: s.id,
    token: s.token,
    title: s.title,
    folderId: s.folderId,
    fileCount,
    audience: s.audience as ShareAudienceValue,
    orgs: s.orgIds.map((id) => ({ id, name: orgs.get(id) ?? `#${id}` })),
    hasCode: s.codeHash !== null,
    expiresAt: shanghaiIso(s.expiresAt),
    maxDownloads: s.maxDownloads,
    downloads: s.downloads,
    watermark: s.watermark,
    state: shareStateOf(s),
    createdAt: shanghaiIso(s.createdAt),
    revokedAt: s.revokedAt ? shanghaiIso(s.revokedAt) : null,
  };
}

export const asAction = (a: string) => a as ShareActionValue;
