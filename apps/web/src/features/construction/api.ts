import { constructionEndpoints as api } from '@jcbb/contract/construction.endpoints';
import type { EndpointData, EndpointInput } from '@jcbb/contract/endpoint';
import { fileEndpoints } from '@jcbb/contract/file.endpoints';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { download, keyOf, mutationOf, queryOf, upload } from '../../lib/api.ts';
import { retryUnlessNotFound } from '../../lib/record-id.ts';

/**
 * The site construction calls, as TanStack Query options built on the contract's endpoints (`lib/api.ts`): no URL and
 * no answer type is written here. Grouped by part of the module.
 */

// ---- witness sampling and spot checks (spotCheck, spotCheckDetail) ----

export type SampleListInput = EndpointInput<typeof api.sampleList>;
export type SampleRow = EndpointData<typeof api.sampleList>['list'][number];
export type SampleDetail = EndpointData<typeof api.sampleDetail>;
export type WitnessRatio = EndpointData<typeof api.witnessRatio>;
export type SpotCheckListInput = EndpointInput<typeof api.spotCheckList>;
export type SpotCheckRow = EndpointData<typeof api.spotCheckList>['list'][number];
export type SpotCheckDetail = EndpointData<typeof api.spotCheckDetail>;
export type SiteLot = EndpointData<typeof api.inspectionList>['list'][number];

/** Enough lots of one project for a picker. */
const LOT_PICKER_SIZE = 100;

export const sampleQueries = {
  list: (input: SampleListInput) => queryOf(api.sampleList, input),
  detail: (id: number) => queryOptions({ ...queryOf(api.sampleDetail, { id }), retry: retryUnlessNotFound }),
  ratio: (projectId: number) => queryOf(api.witnessRatio, { projectId }),
  /** The lots a witness samples: held for their witnessed retest. */
  retestLots: (projectId: number) =>
    queryOf(api.inspectionList, { projectId, state: 'pending_retest', take: LOT_PICKER_SIZE, skip: 0 }),
  /** A lot's inspection: its rule's test items, and whether the caller may sample it. */
  lot: (id: number) => queryOf(api.inspectionDetail, { id }),
};

export const spotCheckQueries = {
  list: (input: SpotCheckListInput) => queryOf(api.spotCheckList, input),
  detail: (id: number) => queryOptions({ ...queryOf(api.spotCheckDetail, { id }), retry: retryUnlessNotFound }),
  /** The project's delivered lots, by keyword, for the check's lot. */
  lots: (projectId: number, keyword?: string) =>
    queryOf(api.inspectionList, { projectId, keyword, take: LOT_PICKER_SIZE, skip: 0 }),
};

export const sampleMutations = {
  create: mutationOf(api.sampleCreate, { silent: true }),
  send: mutationOf(api.sampleSend, { silent: true }),
  report: mutationOf(api.sampleReport, { silent: true }),
};

export const spotCheckMutations = {
  create: mutationOf(api.spotCheckCreate, { silent: true }),
  rectify: mutationOf(api.spotCheckRectify, { silent: true }),
  close: mutationOf(api.spotCheckClose, { silent: true }),
};

/** Files of the part: uploads of the caller's organisation, and a sample's or a check's files for any site reader. */
export const witnessFiles = {
  upload: (file: File) => upload(fileEndpoints.upload, file, { silent: true }),
  own: (id: number) => download(fileEndpoints.download, { id }),
  ofSample: (id: number, uploadId: number) => download(api.sampleFile, { id, uploadId }),
  ofSpotCheck: (id: number) => download(api.spotCheckFile, { id }),
};

/** After a sample changes: its lists, the ratio, its detail, and the lot it decided (inspections, stock). */
export function invalidateSamples(queryClient: QueryClient) {
  return Promise.all(
    [api.sampleList, api.sampleDetail, api.witnessRatio, api.inspectionList, api.inspectionDetail, api.stockList].map(
      (e) => queryClient.invalidateQueries({ queryKey: keyOf(e) }),
    ),
  );
}

export function invalidateSpotChecks(queryClient: QueryClient) {
  return Promise.all(
    [api.spotCheckList, api.spotCheckDetail].map((e) => queryClient.invalidateQueries({ queryKey: keyOf(e) })),
  );
}

export { api as constructionEndpoints };
