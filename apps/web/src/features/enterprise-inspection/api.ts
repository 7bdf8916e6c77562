import type { EndpointData, EndpointInput } from '@jcbb/contract/endpoint';
import { enterpriseInspectionEndpoints as api } from '@jcbb/contract/enterprise-inspection.endpoints';
import { fileEndpoints } from '@jcbb/contract/file.endpoints';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { download, keyOf, mutationOf, queryOf, upload } from '../../lib/api.ts';
import { retryUnlessNotFound } from '../../lib/record-id.ts';

/** Enterprise inspection (docs/enterprise-inspection.md) as TanStack Query options over the contract's endpoints. */

export type InspectionHealth = EndpointData<typeof api.health>;
export type InspectionRow = EndpointData<typeof api.list>['list'][number];
export type InspectionDetail = EndpointData<typeof api.detail>;
export type InspectionListInput = EndpointInput<typeof api.list>;

const FRESH = { staleTime: 0 } as const;

export const inspectionQueries = {
  health: () => queryOptions({ ...queryOf(api.health), ...FRESH }),
  list: (input: InspectionListInput) => queryOptions({ ...queryOf(api.list, input), ...FRESH }),
  detail: (id: number) => queryOptions({ ...queryOf(api.detail, { id }), retry: retryUnlessNotFound, ...FRESH }),
  subjects: () => queryOf(api.subjects),
};

export const inspectionMutations = {
  create: mutationOf(api.create, { silent: true }),
  submit: mutationOf(api.submit, { silent: true }),
  close: mutationOf(api.close, { silent: true }),
  reopen: mutationOf(api.reopen, { silent: true }),
};

/** A record's files: uploaded as the caller's organisation's own, opened through the record. */
export const inspectionFiles = {
  upload: (file: File) => upload(fileEndpoints.upload, file, { silent: true }),
  open: (id: number, uploadId: number) => download(api.file, { id, uploadId }),
};

/** After a record changed: the lists, the detail and the health figures. */
export const invalidateInspections = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: keyOf(api.list) }),
    qc.invalidateQueries({ queryKey: keyOf(api.detail) }),
    qc.invalidateQueries({ queryKey: keyOf(api.health) }),
  ]);
