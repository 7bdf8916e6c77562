import {
  constructionIdQuery,
  deliveryCreatedData,
  deliveryDetail,
  deliveryExternalBody,
  deliveryFileQuery,
  deliveryListBody,
  deliveryListData,
  deliveryPapersBody,
  deliveryReceiveBody,
  expectedListBody,
  expectedListData,
  exportQuery,
  importCommitBody,
  importCommitData,
  importPreviewData,
  importPreviewQuery,
  inspectionChecksBody,
  inspectionConfirmBody,
  inspectionDecideBody,
  inspectionDetail,
  inspectionDisposeBody,
  inspectionDisposedData,
  inspectionListBody,
  inspectionListData,
  issueCreateBody,
  issueCreatedData,
  issueReturnBody,
  projectIdQuery,
  retrievalCodesData,
  retrievalCodesQuery,
  retrievalDetailData,
  retrievalListData,
  retrievalListQuery,
  retrievalSearchAllData,
  retrievalSearchAllQuery,
  retrievalSearchData,
  retrievalSearchQuery,
  sampleCreateBody,
  sampleDetail,
  sampleFileQuery,
  sampleListBody,
  sampleListData,
  sampleReportBody,
  sampleReportData,
  sampleSendBody,
  siteStockListBody,
  siteStockListData,
  spotCheckCloseBody,
  spotCheckCreateBody,
  spotCheckDetail,
  spotCheckListBody,
  spotCheckListData,
  spotCheckRectifyBody,
  stockPutDetailBody,
  stockPutDetailData,
  witnessRatioData,
} from './construction.ts';
import { endpoint } from './endpoint.ts';
import { z } from './zod.ts';

const done = z.object({ id: z.number().int() });

/**
 * Project construction (docs/construction.md). The spec names the stock and retrieval calls (§7:
 * `api/material/stock/list`, `stock/put/detail`, `retrieval/search`, `/list`, `/search/all`, `/detail`); the rest
 * follow them under `/api/material/`.
 */
export const constructionEndpoints = {
  // Deliveries (receive)
  expectedList: endpoint({
    method: 'POST',
    path: '/api/material/delivery/expected',
    body: expectedListBody,
    response: expectedListData,
  }),
  deliveryList: endpoint({
    method: 'POST',
    path: '/api/material/delivery/list',
    body: deliveryListBody,
    response: deliveryListData,
  }),
  deliveryDetail: endpoint({
    method: 'GET',
    path: '/api/material/delivery/detail',
    query: constructionIdQuery,
    response: deliveryDetail,
  }),
  deliveryReceive: endpoint({
    method: 'POST',
    path: '/api/material/delivery/receive',
    body: deliveryReceiveBody,
    response: deliveryCreatedData,
  }),
  deliveryExternal: endpoint({
    method: 'POST',
    path: '/api/material/delivery/external',
    body: deliveryExternalBody,
    response: deliveryCreatedData,
  }),
  deliveryPapers: endpoint({
    method: 'POST',
    path: '/api/material/delivery/papers',
    body: deliveryPapersBody,
    response: done,
  }),
  /** One of a delivery's files (delivery note, invoice, a checklist scan or photo of its lots): answers the file. */
  deliveryFile: endpoint({ method: 'GET', path: '/api/material/delivery/file', query: deliveryFileQuery }),

  // Inspection and quarantine
  inspectionList: endpoint({
    method: 'POST',
    path: '/api/material/inspection/list',
    body: inspectionListBody,
    response: inspectionListData,
  }),
  inspectionDetail: endpoint({
    method: 'GET',
    path: '/api/material/inspection/detail',
    query: constructionIdQuery,
    response: inspectionDetail,
  }),
  inspectionDecide: endpoint({
    method: 'POST',
    path: '/api/material/inspection/decide',
    body: inspectionDecideBody,
    response: done,
  }),
  inspectionChecks: endpoint({
    method: 'POST',
    path: '/api/material/inspection/checks',
    body: inspectionChecksBody,
    response: done,
  }),
  inspectionConfirm: endpoint({
    method: 'POST',
    path: '/api/material/inspection/confirm',
    body: inspectionConfirmBody,
    response: done,
  }),
  inspectionDispose: endpoint({
    method: 'POST',
    path: '/api/material/inspection/dispose',
    body: inspectionDisposeBody,
    response: inspectionDisposedData,
  }),

  // Witness sampling
  sampleList: endpoint({
    method: 'POST',
    path: '/api/material/sample/list',
    body: sampleListBody,
    response: sampleListData,
  }),
  sampleDetail: endpoint({
    method: 'GET',
    path: '/api/material/sample/detail',
    query: constructionIdQuery,
    response: sampleDetail,
  }),
  sampleCreate: endpoint({
    method: 'POST',
    path: '/api/material/sample/create',
    body: sampleCreateBody,
    response: done,
  }),
  sampleSend: endpoint({ method: 'POST', path: '/api/material/sample/send', body: sampleSendBody, response: done }),
  sampleReport: endpoint({
    method: 'POST',
    path: '/api/material/sample/report',
    body: sampleReportBody,
    response: sampleReportData,
  }),
  witnessRatio: endpoint({
    method: 'GET',
    path: '/api/material/sample/ratio',
    query: projectIdQuery,
    response: witnessRatioData,
  }),
  sampleFile: endpoint({ method: 'GET', path: '/api/material/sample/file', query: sampleFileQuery }),

  // Project stock
  stockList: endpoint({
    method: 'POST',
    path: '/api/material/stock/list',
    body: siteStockListBody,
    response: siteStockListData,
  }),
  stockPutDetail: endpoint({
    method: 'POST',
    path: '/api/material/stock/put/detail',
    body: stockPutDetailBody,
    response: stockPutDetailData,
  }),

  // Issue to the works
  retrievalCreate: endpoint({
    method: 'POST',
    path: '/api/material/retrieval/create',
    body: issueCreateBody,
    response: issueCreatedData,
  }),
  retrievalReturn: endpoint({
    method: 'POST',
    path: '/api/material/retrieval/return',
    body: issueReturnBody,
    response: issueCreatedData,
  }),
  retrievalList: endpoint({
    method: 'GET',
    path: '/api/material/retrieval/list',
    query: retrievalListQuery,
    response: retrievalListData,
  }),
  retrievalDetail: endpoint({
    method: 'GET',
    path: '/api/material/retrieval/detail',
    query: constructionIdQuery,
    response: retrievalDetailData,
  }),
  retrievalCodes: endpoint({
    method: 'GET',
    path: '/api/material/retrieval/codes',
    query: retrievalCodesQuery,
    response: retrievalCodesData,
  }),
  retrievalSearch: endpoint({
    method: 'GET',
    path: '/api/material/retrieval/search',
    query: retrievalSearchQuery,
    response: retrievalSearchData,
  }),
  retrievalSearchAll: endpoint({
    method: 'GET',
    path: '/api/material/retrieval/search/all',
    query: retrievalSearchAllQuery,
    response: retrievalSearchAllData,
  }),

  // Spot checks
  spotCheckList: endpoint({
    method: 'POST',
    path: '/api/material/spotCheck/list',
    body: spotCheckListBody,
    response: spotCheckListData,
  }),
  spotCheckDetail: endpoint({
    method: 'GET',
    path: '/api/material/spotCheck/detail',
    query: constructionIdQuery,
    response: spotCheckDetail,
  }),
  spotCheckCreate: endpoint({
    method: 'POST',
    path: '/api/material/spotCheck/create',
    body: spotCheckCreateBody,
    response: done,
  }),
  spotCheckRectify: endpoint({
    method: 'POST',
    path: '/api/material/spotCheck/rectify',
    body: spotCheckRectifyBody,
    response: done,
  }),
  spotCheckClose: endpoint({
    method: 'POST',
    path: '/api/material/spotCheck/close',
    body: spotCheckCloseBody,
    response: done,
  }),
  spotCheckFile: endpoint({ method: 'GET', path: '/api/material/spotCheck/file', query: constructionIdQuery }),

  // Import and export (.xlsx)
  importTemplate: endpoint({ method: 'GET', path: '/api/material/stock/import/template', query: projectIdQuery }),
  importPreview: endpoint({
    method: 'POST',
    path: '/api/material/stock/import/preview',
    query: importPreviewQuery,
    upload: true,
    response: importPreviewData,
  }),
  importCommit: endpoint({
    method: 'POST',
    path: '/api/material/stock/import/commit',
    body: importCommitBody,
    response: importCommitData,
  }),
  exportXlsx: endpoint({ method: 'GET', path: '/api/material/stock/export', query: exportQuery }),
};
