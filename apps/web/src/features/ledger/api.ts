import type { EndpointData, EndpointInput } from '@jcbb/contract';
import { fileEndpoints } from '@jcbb/contract/file.endpoints';
import { ledgerEndpoints as api } from '@jcbb/contract/ledger.endpoints';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call, download, keyOf, upload } from '../../lib/api.ts';

export type StorageList = EndpointData<typeof api.storageList>;
export type StorageRecord = StorageList['list'][number];
export type StorageDetail = EndpointData<typeof api.storageDetail>;
export type StorageDocument = EndpointData<typeof api.storageDocuments>[number];
export type CheckResult = EndpointData<typeof api.check>;

/** The console always pages explicitly. */
export type StorageQuery = EndpointInput<typeof api.storageList> & { pageNum: number; pageSize: number };
export type StorageAdd = EndpointInput<typeof api.addStorage>;

/** The evidence-storage calls (server module `ledger`), one function each. */
export const ledgerApi = {
  list: (query: StorageQuery) => call(api.storageList, { ...query }),
  detail: (id: number) => call(api.storageDetail, { id }),
  add: (body: StorageAdd) => call(api.addStorage, { ...body }, { silent: true }),
  documents: () => call(api.storageDocuments),
  /** Only the fingerprint travels: the file was hashed in the browser. */
  check: (sha256: string) => call(api.check, { sha256 }),
  upload: (file: File) => upload(fileEndpoints.upload, file, { silent: true }),
  file: (uploadId: number) => download(fileEndpoints.download, { id: uploadId }),
};

export const storageListQuery = (query: StorageQuery) =>
  queryOptions({ queryKey: keyOf(api.storageList, query), queryFn: () => ledgerApi.list(query) });

export const storageDetailQuery = (id: number) =>
  queryOptions({ queryKey: keyOf(api.storageDetail, { id }), queryFn: () => ledgerApi.detail(id) });

export const storageDocumentsQuery = () =>
  queryOptions({ queryKey: keyOf(api.storageDocuments), queryFn: () => ledgerApi.documents() });

/** After a document is put on record: the lists, the documents' recordIds and the details' latest heads are stale. */
export const invalidateStorage = (queryClient: QueryClient) =>
  Promise.all(
    [api.storageList, api.storageDetail, api.storageDocuments].map((e) =>
      queryClient.invalidateQueries({ queryKey: keyOf(e) }),
    ),
  );
