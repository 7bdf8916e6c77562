import {
  diskContentQuery,
  diskFileAddBody,
  diskFileDetail,
  diskFileSaveBody,
  diskFolderBody,
  diskFolderRenameBody,
  diskFolderView,
  diskIdParams,
  diskListData,
  diskListQuery,
  diskOrgData,
  diskOrgQuery,
  diskVersionBody,
  shareCreateBody,
  shareCreatedData,
  shareFileParams,
  shareFileQuery,
  shareGrantQuery,
  shareLandingData,
  shareListData,
  shareListQuery,
  shareLogData,
  shareLogQuery,
  shareTokenParams,
  shareUnlockBody,
  shareUnlockData,
  shareView,
} from './disk.ts';
import { endpoint } from './endpoint.ts';
import { z } from './zod.ts';

/**
 * The enterprise disk (spec §2 names only the screens /marketing/documentManagement and /showDiskLoginInfo, so the
 * paths are ours): the owner's folders, files and share links under /api/disk/, and the landing calls of a share
 * link under /api/disk/link/ (no session needed; a signed-in visitor's session is read when sent).
 */
export const diskEndpoints = {
  list: endpoint({ method: 'GET', path: '/api/disk/list', query: diskListQuery, response: diskListData }),
  createFolder: endpoint({ method: 'POST', path: '/api/disk/folder', body: diskFolderBody, response: diskFolderView }),
  renameFolder: endpoint({
    method: 'PUT',
    path: '/api/disk/folder/{id}',
    params: diskIdParams,
    body: diskFolderRenameBody,
    response: diskFolderView,
  }),
  deleteFolder: endpoint({ method: 'DELETE', path: '/api/disk/folder/{id}', params: diskIdParams, response: z.null() }),

  addFile: endpoint({ method: 'POST', path: '/api/disk/file', body: diskFileAddBody, response: diskFileDetail }),
  file: endpoint({ method: 'GET', path: '/api/disk/file/{id}', params: diskIdParams, response: diskFileDetail }),
  saveFile: endpoint({
    method: 'PUT',
    path: '/api/disk/file/{id}',
    params: diskIdParams,
    body: diskFileSaveBody,
    response: diskFileDetail,
  }),
  addVersion: endpoint({
    method: 'POST',
    path: '/api/disk/file/{id}/version',
    params: diskIdParams,
    body: diskVersionBody,
    response: diskFileDetail,
  }),
  deleteFile: endpoint({ method: 'DELETE', path: '/api/disk/file/{id}', params: diskIdParams, response: z.null() }),
  /** The file's bytes (a version's, else the current one's); inline for PDF and images only. */
  content: endpoint({
    method: 'GET',
    path: '/api/disk/file/{id}/content',
    params: diskIdParams,
    query: diskContentQuery,
  }),
  /** Put the current version on the evidence ledger (a storage record, as /blockchain/storage does). */
  recordOnLedger: endpoint({
    method: 'POST',
    path: '/api/disk/file/{id}/ledger',
    params: diskIdParams,
    response: diskFileDetail,
  }),

  createShare: endpoint({ method: 'POST', path: '/api/disk/share', body: shareCreateBody, response: shareCreatedData }),
  shares: endpoint({ method: 'GET', path: '/api/disk/shares', query: shareListQuery, response: shareListData }),
  revokeShare: endpoint({
    method: 'POST',
    path: '/api/disk/share/{id}/revoke',
    params: diskIdParams,
    response: shareView,
  }),
  shareLog: endpoint({
    method: 'GET',
    path: '/api/disk/share/{id}/log',
    params: diskIdParams,
    query: shareLogQuery,
    response: shareLogData,
  }),
  /** Organisations a link may be made for (certified ones, by name). */
  organizations: endpoint({
    method: 'GET',
    path: '/api/disk/organizations',
    query: diskOrgQuery,
    response: diskOrgData,
  }),

  // The landing page of a link (/showDiskLoginInfo?token=…)
  link: endpoint({
    method: 'GET',
    path: '/api/disk/link/{token}',
    params: shareTokenParams,
    query: shareGrantQuery,
    response: shareLandingData,
  }),
  unlock: endpoint({
    method: 'POST',
    path: '/api/disk/link/{token}/unlock',
    params: shareTokenParams,
    body: shareUnlockBody,
    response: shareUnlockData,
  }),
  linkFile: endpoint({
    method: 'GET',
    path: '/api/disk/link/{token}/file/{fileId}',
    params: shareFileParams,
    query: shareFileQuery,
  }),
};
