import type { EndpointData, EndpointInput } from '@jcbb/contract';
import { diskEndpoints as api } from '@jcbb/contract/disk.endpoints';
import { fileEndpoints } from '@jcbb/contract/file.endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call, download, keyOf, upload } from '../../lib/api.ts';

export type DiskListing = EndpointData<typeof api.list>;
export type DiskFile = DiskListing['files'][number];
export type DiskFileDetail = EndpointData<typeof api.file>;
export type ShareItem = EndpointData<typeof api.shares>['list'][number];
export type ShareCreated = EndpointData<typeof api.createShare>;
export type ShareLanding = EndpointData<typeof api.link>;
export type ShareBody = EndpointInput<typeof api.createShare>;
export type FileSaveBody = Omit<EndpointInput<typeof api.saveFile>, 'id'>;

/** The enterprise disk's calls (server module `disk`), one function each; forms are silent (they show the fields). */
export const diskApi = {
  list: (folderId?: number, keyword?: string) => call(api.list, { folderId, keyword: keyword || undefined }),
  createFolder: (parentId: number | undefined, name: string) =>
    call(api.createFolder, { parentId, name }, { silent: true }),
  deleteFolder: (id: number) => call(api.deleteFolder, { id }),
  /** Upload one file to the store, then put it on the disk (version 1). */
  addFile: async (file: File, folderId: number | undefined) => {
    const up = await upload(fileEndpoints.upload, file, { silent: true });
    return call(api.addFile, { uploadId: up.id, folderId }, { silent: true });
  },
  file: (id: number) => call(api.file, { id }),
  saveFile: (id: number, body: FileSaveBody) => call(api.saveFile, { ...body, id }, { silent: true }),
  addVersion: async (id: number, file: File) => {
    const up = await upload(fileEndpoints.upload, file, { silent: true });
    return call(api.addVersion, { id, uploadId: up.id }, { silent: true });
  },
  deleteFile: (id: number) => call(api.deleteFile, { id }),
  content: (id: number, inline: boolean, version?: number) => download(api.content, { id, inline, version }),
  recordOnLedger: (id: number) => call(api.recordOnLedger, { id }),
  createShare: (body: ShareBody) => call(api.createShare, body, { silent: true }),
  shares: (take: number, skip: number) => call(api.shares, { take, skip }),
  revokeShare: (id: number) => call(api.revokeShare, { id }),
  shareLog: (id: number) => call(api.shareLog, { id, take: 50 }),
  organizations: (keyword: string) => call(api.organizations, { keyword: keyword || undefined }),
};

/** The landing page's calls: no session needed (a signed-in visitor's token goes with them). */
export const linkApi = {
  open: (token: string, key?: string) => call(api.link, { token, key }, { silent: true }),
  unlock: (token: string, code: string) => call(api.unlock, { token, code }, { silent: true }),
  file: (token: string, fileId: number, key: string | undefined, inline: boolean) =>
    download(api.linkFile, { token, fileId, key, inline }),
};

export const diskListQuery = (folderId?: number, keyword?: string) =>
  queryOptions({
    queryKey: keyOf(api.list, { folderId, keyword }),
    queryFn: () => diskApi.list(folderId, keyword),
  });
export const diskFileQuery = (id: number) =>
  queryOptions({ queryKey: keyOf(api.file, { id }), queryFn: () => diskApi.file(id) });
export const shareListQuery = (take: number, skip: number) =>
  queryOptions({ queryKey: keyOf(api.shares, { take, skip }), queryFn: () => diskApi.shares(take, skip) });
export const shareLogQuery = (id: number) =>
  queryOptions({ queryKey: keyOf(api.shareLog, { id }), queryFn: () => diskApi.shareLog(id) });
export const linkQuery = (token: string, key?: string) =>
  queryOptions({ queryKey: keyOf(api.link, { token, key }), queryFn: () => linkApi.open(token, key), retry: false });

export const diskKeys = { list: keyOf(api.list), file: keyOf(api.file), shares: keyOf(api.shares) };
