import { diskEndpoints as api, isPreviewable, OrgType } from '@jcbb/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { AddressKey } from '../../lib/address-keys.ts';
import type { KvStore } from '../../lib/kv-store.ts';
import { defineRoute } from '../../lib/route.ts';
import { sendStoredFile } from '../../lib/send-file.ts';
import type { SessionUser } from '../../lib/session-user.ts';
import type { AuthService } from '../auth/index.ts';
import type { FileService } from '../file/index.ts';
import { createDiskService } from './disk.service.ts';
import { createDiskShareService, type Visitor } from './disk.share.service.ts';

const tags = ['企业网盘 Enterprise disk'];
/** The disk is the marketing console's: manufacturers and distributors. */
const DISK_ORG_TYPES = [OrgType.MANUFACTURER, OrgType.DISTRIBUTOR] as const;

export interface DiskDeps {
  db: Db;
  config: Config;
  files: FileService;
  auth: AuthService;
  kv: KvStore;
  addressKey: AddressKey;
}

/** The landing calls need no session; a visitor who sends one is read (an audience of signed-in users needs it). */
async function visitorOf(request: FastifyRequest, deps: DiskDeps, token: string): Promise<Visitor> {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  let user: SessionUser | null = null;
  if (match?.[1]) user = await deps.auth.resolveSession(match[1]).catch(() => null);
  return { user, client: deps.addressKey(request.ip, 'disk-visit', token) };
}

export function registerDiskRoutes(app: FastifyInstance, deps: DiskDeps) {
  const disk = createDiskService({ db: deps.db });
  const shares = createDiskShareService({
    db: deps.db,
    kv: deps.kv,
    scryptCost: deps.config.scryptCost,
    addressKey: deps.addressKey,
  });
  const own = { tags, orgTypes: DISK_ORG_TYPES };

  defineRoute(app, api.list, {
    ...own,
    summary: '网盘目录 A folder of the disk (top level without folderId), or files by keyword/tag',
    handler: async ({ user, query }) => disk.list(user, query),
  });
  defineRoute(app, api.createFolder, {
    ...own,
    summary: '新建文件夹 Create a folder',
    handler: async ({ user, body }) => disk.createFolder(user, body),
  });
  defineRoute(app, api.renameFolder, {
    ...own,
    summary: '重命名文件夹 Rename a folder',
    handler: async ({ user, params, body }) => disk.renameFolder(user, params.id, body.name),
  });
  defineRoute(app, api.deleteFolder, {
    ...own,
    summary: '删除空文件夹 Delete an empty folder (409 otherwise)',
    handler: async ({ user, params }) => disk.deleteFolder(user, params.id),
  });
  defineRoute(app, api.addFile, {
    ...own,
    summary: '添加文件 Put an uploaded file on the disk (version 1)',
    description:
      'Upload first with /api/file/upload (type checked by content, size limited), then name the upload here.',
    handler: async ({ user, body }) => disk.addFile(user, body),
  });
  defineRoute(app, api.file, {
    ...own,
    summary: '文件详情 A file with its versions',
    handler: async ({ user, params }) => disk.file(user, params.id),
  });
  defineRoute(app, api.saveFile, {
    ...own,
    summary: '修改文件信息 Name, folder, type, tags, validity, note',
    handler: async ({ user, params, body }) => disk.saveFile(user, params.id, body),
  });
  defineRoute(app, api.addVersion, {
    ...own,
    summary: '上传新版本 Add a version (an upload of the organisation)',
    handler: async ({ user, params, body }) => disk.addVersion(user, params.id, body.uploadId),
  });
  defineRoute(app, api.deleteFile, {
    ...own,
    summary: '删除文件 Delete a file (its links no longer list it)',
    handler: async ({ user, params }) => disk.deleteFile(user, params.id),
  });
  defineRoute(app, api.content, {
    ...own,
    summary: '下载或预览 The bytes of a version; inline only for PDF and images, else an attachment',
    handler: async ({ user, params, query, reply }) => {
      const version = await disk.content(user, params.id, query.version);
      const inline = query.inline === true && isPreviewable(version.mime);
      return sendStoredFile(reply, version, deps.files.open, { inline });
    },
  });
  defineRoute(app, api.recordOnLedger, {
    ...own,
    summary: '存证 Put the current version on the evidence ledger',
    handler: async ({ user, params }) => disk.recordOnLedger(user, params.id),
  });

  defineRoute(app, api.createShare, {
    ...own,
    summary: '创建分享链接 Share files or a folder',
    description: 'The extraction code is answered once and kept only as a scrypt hash.',
    handler: async ({ user, body }) => shares.create(user, body),
  });
  defineRoute(app, api.shares, {
    ...own,
    summary: '我的分享 The organisation’s links with their state',
    handler: async ({ user, query }) => shares.list(user, query.take, query.skip),
  });
  defineRoute(app, api.revokeShare, {
    ...own,
    summary: '撤销分享 Revoke a link now',
    handler: async ({ user, params }) => shares.revoke(user, params.id),
  });
  defineRoute(app, api.shareLog, {
    ...own,
    summary: '访问记录 A link’s access log',
    handler: async ({ user, params, query }) => shares.accessLog(user, params.id, query.take, query.skip),
  });
  defineRoute(app, api.organizations, {
    ...own,
    certified: true,
    summary: '可指定的企业 Certified organisations by name (a link’s audience)',
    handler: async ({ query }) => shares.organizations(query.keyword),
  });

  defineRoute(app, api.link, {
    tags,
    access: 'none',
    summary: '打开分享链接 What a link shows this visitor',
    description: 'No session needed; a Bearer token, when sent, tells who the visitor is. Files only once allowed in.',
    handler: async ({ params, query, request, reply }) => {
      reply.header('cache-control', 'no-store');
      return shares.open(params.token, query.key, await visitorOf(request, deps, params.token));
    },
  });
  defineRoute(app, api.unlock, {
    tags,
    access: 'none',
    summary: '输入提取码 Try the extraction code (throttled per client and per link)',
    handler: async ({ params, body, request, reply }) => {
      reply.header('cache-control', 'no-store');
      return shares.unlock(params.token, body.code, await visitorOf(request, deps, params.token), request.ip);
    },
  });
  defineRoute(app, api.linkFile, {
    tags,
    access: 'none',
    summary: '下载分享的文件 A file of an open link (counted)',
    handler: async ({ params, query, request, reply }) => {
      const visitor = await visitorOf(request, deps, params.token);
      const sent = await shares.file(params.token, params.fileId, query.key, query.inline === true, visitor);
      reply.header('cache-control', 'no-store');
      return sendStoredFile(reply, sent.file, deps.files.open, { inline: sent.inline });
    },
  });
}
