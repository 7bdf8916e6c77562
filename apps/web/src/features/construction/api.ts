import { constructionEndpoints as api } from '@jcbb/contract/construction.endpoints';
import type { EndpointData, EndpointInput } from '@jcbb/contract/endpoint';
import { fileEndpoints } from '@jcbb/contract/file.endpoints';
import { traceEndpoints } from '@jcbb/contract/trace.endpoints';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { download, keyOf, mutationOf, queryOf, upload } from '../../lib/api.ts';
import { retryUnlessNotFound } from '../../lib/record-id.ts';

/**
 * The site construction calls (docs/construction.md) as TanStack Query options over the contract's endpoints: no
 * URL and no answer type is written here. Receiving, inspection and stock (issue 24 items 1, 2, 4, 9) first.
 */

// ---- receiving and inspection ----

export type ExpectedInput = EndpointInput<typeof api.expectedList>;
export type ExpectedRow = EndpointData<typeof api.expectedList>['list'][number];
export type DeliveryListInput = EndpointInput<typeof api.deliveryList>;
export type DeliveryRow = EndpointData<typeof api.deliveryList>['list'][number];
export type DeliveryDetail = EndpointData<typeof api.deliveryDetail>;
export type DeliveryReceiveInput = EndpointInput<typeof api.deliveryReceive>;
export type DeliveryExternalInput = EndpointInput<typeof api.deliveryExternal>;
export type InspectionListInput = EndpointInput<typeof api.inspectionList>;
export type InspectionRow = EndpointData<typeof api.inspectionList>['list'][number];
export type InspectionDetail = EndpointData<typeof api.inspectionDetail>;
export type InspectionCheck = InspectionDetail['checks'][number];
export type InspectionDecideInput = EndpointInput<typeof api.inspectionDecide>;
/** A shipment on its way to the project, as the receive form and the receive track page read it. */
export type TrackShipment = EndpointData<typeof traceEndpoints.shipmentDetail>;
export type TrackLine = TrackShipment['lines'][number];

export const receiveQueries = {
  expected: (input: ExpectedInput) => queryOf(api.expectedList, input),
  deliveries: (input: DeliveryListInput) => queryOf(api.deliveryList, input),
  delivery: (id: number) => queryOptions({ ...queryOf(api.deliveryDetail, { id }), retry: retryUnlessNotFound }),
  inspections: (input: InspectionListInput) => queryOf(api.inspectionList, input),
  inspection: (id: number) => queryOptions({ ...queryOf(api.inspectionDetail, { id }), retry: retryUnlessNotFound }),
  /** The shipment a delivery receives (traceability's detail: lines, codes, what is still on its way). */
  shipment: (id: number) =>
    queryOptions({ ...queryOf(traceEndpoints.shipmentDetail, { id }), retry: retryUnlessNotFound }),
};

// Calls whose failures the forms show under their fields are silent (no toast on top of the field message).
export const receiveMutations = {
  receive: mutationOf(api.deliveryReceive, { silent: true }),
  external: mutationOf(api.deliveryExternal, { silent: true }),
  papers: mutationOf(api.deliveryPapers, { silent: true }),
  decide: mutationOf(api.inspectionDecide, { silent: true }),
  checks: mutationOf(api.inspectionChecks, { silent: true }),
  confirm: mutationOf(api.inspectionConfirm, { silent: true }),
  dispose: mutationOf(api.inspectionDispose, { silent: true }),
};

/**
 * A paper, a checklist document or a photo: uploaded at once (the form keeps the id) and opened by its uploader
 * through the file call; once on a delivery, any reader of the site opens it through the delivery (`ofDelivery`).
 */
export const siteFiles = {
  upload: (file: File) => upload(fileEndpoints.upload, file, { silent: true }),
  open: (id: number) => download(fileEndpoints.download, { id }),
  ofDelivery: (id: number, uploadId: number) => download(api.deliveryFile, { id, uploadId }),
};

/** After a delivery or an inspection changed: the lists, the records, the shipment and the stock may all differ. */
export function invalidateReceiving(queryClient: QueryClient) {
  return Promise.all(
    [
      api.expectedList,
      api.deliveryList,
      api.deliveryDetail,
      api.inspectionList,
      api.inspectionDetail,
      api.stockList,
      api.stockPutDetail,
      traceEndpoints.shipmentDetail,
    ].map((e) => queryClient.invalidateQueries({ queryKey: keyOf(e) })),
  );
}

// ---- project stock ----

export type SiteStockInput = EndpointInput<typeof api.stockList>;
export type SiteStockRow = EndpointData<typeof api.stockList>['list'][number];
export type StockPutDetail = EndpointData<typeof api.stockPutDetail>;
export type StockPutMove = StockPutDetail['moves'][number];

export const siteStockQueries = {
  list: (input: SiteStockInput) => queryOf(api.stockList, input),
  putDetail: (projectId: number, lotId: number) =>
    queryOptions({ ...queryOf(api.stockPutDetail, { projectId, lotId }), retry: retryUnlessNotFound }),
};

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

// ---- stock import and export (.xlsx): /project/stockImport, /project/stockExport ----

export type ImportPreview = EndpointData<typeof api.importPreview>;
export type ImportRowError = ImportPreview['errors'][number];
export type ImportSampleRow = ImportPreview['sample'][number];
export type ExportKind = EndpointInput<typeof api.exportXlsx>['kind'];

export const stockXlsxApi = {
  /** The import template (.xlsx). */
  template: (projectId: number) => download(api.importTemplate, { projectId }),
  /** Upload a workbook and check it row by row (nothing is written but the upload). */
  preview: (projectId: number, file: File) => upload(api.importPreview, file, { input: { projectId }, silent: true }),
  /** Import a previewed upload: every delivery in one transaction, or nothing. */
  commit: mutationOf(api.importCommit, { silent: true }),
  /** One of the project's exports (.xlsx). */
  exportFile: (projectId: number, kind: ExportKind) => download(api.exportXlsx, { projectId, kind }),
};

export { api as constructionEndpoints };

/** Invalidate every answer of these endpoints (any input). */
const invalidate = (queryClient: QueryClient, endpoints: readonly Parameters<typeof keyOf>[0][]) =>
  Promise.all(endpoints.map((e) => queryClient.invalidateQueries({ queryKey: keyOf(e) })));

// ---- issue to the works (outbound: 出库领用, 退库, 领用记录) ----

export type IssueOrderRow = EndpointData<typeof api.retrievalList>['list'][number];
export type IssueOrderDetail = EndpointData<typeof api.retrievalDetail>;
export type IssueLine = IssueOrderDetail['lines'][number];
export type IssuableCode = EndpointData<typeof api.retrievalCodes>[number];
export type IssueCreateInput = EndpointInput<typeof api.retrievalCreate>;
export type IssueReturnInput = EndpointInput<typeof api.retrievalReturn>;
export type IssuedSearchInput = EndpointInput<typeof api.retrievalSearch>;
export type IssuedLineRow = EndpointData<typeof api.retrievalSearch>['list'][number];

export const outboundQueries = {
  /** The project's stock by lot, with why a lot cannot be issued (the stock the issue form picks from). */
  stock: (input: EndpointInput<typeof api.stockList>) => queryOf(api.stockList, input),
  list: (input: EndpointInput<typeof api.retrievalList>) => queryOf(api.retrievalList, input),
  detail: (id: number) => queryOptions({ ...queryOf(api.retrievalDetail, { id }), retry: retryUnlessNotFound }),
  codes: (projectId: number, lotId: number) => queryOf(api.retrievalCodes, { projectId, lotId }),
  search: (input: IssuedSearchInput) => queryOf(api.retrievalSearch, input),
  totals: (input: EndpointInput<typeof api.retrievalSearchAll>) => queryOf(api.retrievalSearchAll, input),
};
export const outboundMutations = {
  // Silent: the forms put the server's field messages under their fields.
  create: mutationOf(api.retrievalCreate, { silent: true }),
  returnToStock: mutationOf(api.retrievalReturn, { silent: true }),
};
/** After an issue or a return: the stock, the orders, the record and the codes all change. */
export const invalidateOutbound = (queryClient: QueryClient) =>
  invalidate(queryClient, [
    api.stockList,
    api.stockPutDetail,
    api.retrievalList,
    api.retrievalDetail,
    api.retrievalCodes,
    api.retrievalSearch,
    api.retrievalSearchAll,
  ]);
