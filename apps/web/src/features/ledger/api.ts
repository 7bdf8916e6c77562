import type {
  checkData,
  storageDetailData,
  storageDocumentsData,
  storageListData,
  storageRecordSchema,
} from '@jcbb/contract';
import { fileEndpoints } from '@jcbb/contract/file.endpoints';
import type { z } from 'zod';
import { download, upload } from '../../lib/api.ts';
import { http } from '../../lib/http.ts';

export type StorageRecord = z.infer<typeof storageRecordSchema>;
export type StorageList = z.infer<typeof storageListData>;
export type StorageDetail = z.infer<typeof storageDetailData>;
export type StorageDocument = z.infer<typeof storageDocumentsData>[number];
export type CheckResult = z.infer<typeof checkData>;

export interface StorageQuery {
  pageNum: number;
  pageSize: number;
  keyword?: string;
  docType?: number;
}

export interface StorageAdd {
  uploadId?: number;
  productDocumentId?: number;
  docType?: number;
  title?: string;
  productId?: number;
}

const S = '/api/blockchain/storage';

/** The evidence-storage calls (server module `ledger`), one function each. */
export const ledgerApi = {
  list: (query: StorageQuery) => http.post<StorageList>(`${S}/list`, { ...query }),
  detail: (id: number) => http.get<StorageDetail>(`${S}/detail`, { id }),
  add: (body: StorageAdd) => http.post<StorageDetail>(`${S}/add`, { ...body }, { silent: true }),
  documents: () => http.get<StorageDocument[]>(`${S}/documents`),
  /** Only the fingerprint travels: the file was hashed in the browser. */
  check: (sha256: string) => http.post<CheckResult>('/api/blockchain/check', { sha256 }),
  upload: (file: File) => upload(fileEndpoints.upload, file, { silent: true }),
  file: (uploadId: number) => download(fileEndpoints.download, { id: uploadId }),
};

export const storageKeys = {
  all: ['ledger', 'storage'] as const,
  list: (q: StorageQuery) => ['ledger', 'storage', 'list', q] as const,
  detail: (id: number) => ['ledger', 'storage', 'detail', id] as const,
  documents: ['ledger', 'storage', 'documents'] as const,
};
