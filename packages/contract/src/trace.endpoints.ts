import { endpoint } from './endpoint.ts';
import {
  addressListBody,
  addressListData,
  addressSaveBody,
  codeExportQuery,
  codeGenerateBody,
  codeGenerateData,
  codeListBody,
  codeListData,
  labelSheetQuery,
  lotCreateBody,
  lotDetailData,
  lotListBody,
  lotListData,
  productDashboardData,
  productDashboardParams,
  publicTraceData,
  receiptCreateBody,
  receiptCreatedData,
  receiptView,
  receiverAddressData,
  receiverAddressQuery,
  receiverListBody,
  receiverListData,
  returnPrefillBody,
  savedIdData,
  shipmentCancelBody,
  shipmentDetailData,
  shipmentListBody,
  shipmentListData,
  shipmentReasonBody,
  shipmentSaveBody,
  shipmentSavedData,
  stockCardBody,
  stockCardData,
  stockListBody,
  stockListData,
  traceCodeParams,
  traceDashboardData,
  traceIdBody,
  traceIdParams,
  traceProofData,
} from './trace.ts';

/**
 * Traceability calls (docs/traceability.md). The spec names `POST /api/track/project/list` (the project module
 * serves it); the module's other calls sit beside it under /api/track/, and the public scan page's under
 * /open/trace/.
 */
export const traceEndpoints = {
  // Addresses (addressManagement)
  addressList: endpoint({
    method: 'POST',
    path: '/api/track/address/list',
    body: addressListBody,
    response: addressListData,
  }),
  addressSave: endpoint({
    method: 'POST',
    path: '/api/track/address/save',
    body: addressSaveBody,
    response: savedIdData,
  }),
  addressDelete: endpoint({
    method: 'POST',
    path: '/api/track/address/delete',
    body: traceIdBody,
    response: savedIdData,
  }),

  // Lots and trace codes
  lotList: endpoint({ method: 'POST', path: '/api/track/lot/list', body: lotListBody, response: lotListData }),
  lotCreate: endpoint({ method: 'POST', path: '/api/track/lot/create', body: lotCreateBody, response: savedIdData }),
  lotDetail: endpoint({ method: 'GET', path: '/api/track/lot/{id}', params: traceIdParams, response: lotDetailData }),
  codeGenerate: endpoint({
    method: 'POST',
    path: '/api/track/code/generate',
    body: codeGenerateBody,
    response: codeGenerateData,
  }),
  codeList: endpoint({ method: 'POST', path: '/api/track/code/list', body: codeListBody, response: codeListData }),
  /** The lot's codes as CSV (file). */
  codeExport: endpoint({ method: 'GET', path: '/api/track/code/export', query: codeExportQuery }),
  /** A4 sheets of QR labels as PDF (file). */
  labelSheet: endpoint({ method: 'GET', path: '/api/track/code/labels', query: labelSheetQuery }),

  // Shipments (sendProduct, trackList, sourceDetail, sources)
  receiverList: endpoint({
    method: 'POST',
    path: '/api/track/receiver/list',
    body: receiverListBody,
    response: receiverListData,
  }),
  receiverAddresses: endpoint({
    method: 'GET',
    path: '/api/track/receiver/addresses',
    query: receiverAddressQuery,
    response: receiverAddressData,
  }),
  shipmentList: endpoint({
    method: 'POST',
    path: '/api/track/shipment/list',
    body: shipmentListBody,
    response: shipmentListData,
  }),
  shipmentSave: endpoint({
    method: 'POST',
    path: '/api/track/shipment/save',
    body: shipmentSaveBody,
    response: shipmentSavedData,
  }),
  shipmentDetail: endpoint({
    method: 'GET',
    path: '/api/track/shipment/{id}',
    params: traceIdParams,
    response: shipmentDetailData,
  }),
  shipmentShip: endpoint({
    method: 'POST',
    path: '/api/track/shipment/ship',
    body: traceIdBody,
    response: shipmentSavedData,
  }),
  shipmentCancel: endpoint({
    method: 'POST',
    path: '/api/track/shipment/cancel',
    body: shipmentCancelBody,
    response: shipmentSavedData,
  }),
  shipmentVoid: endpoint({
    method: 'POST',
    path: '/api/track/shipment/void',
    body: shipmentReasonBody,
    response: shipmentSavedData,
  }),
  shipmentClose: endpoint({
    method: 'POST',
    path: '/api/track/shipment/close',
    body: shipmentReasonBody,
    response: shipmentSavedData,
  }),

  // Receipts
  receiptCreate: endpoint({
    method: 'POST',
    path: '/api/track/receipt/create',
    body: receiptCreateBody,
    response: receiptCreatedData,
  }),
  receiptDetail: endpoint({
    method: 'GET',
    path: '/api/track/receipt/{id}',
    params: traceIdParams,
    response: receiptView,
  }),
  /** A draft return shipment of what a receipt rejected, back to its shipper. */
  returnPrefill: endpoint({
    method: 'POST',
    path: '/api/track/receipt/return',
    body: returnPrefillBody,
    response: shipmentSavedData,
  }),

  // Stock (inventoryDetail, productDashboard)
  stockList: endpoint({ method: 'POST', path: '/api/track/stock/list', body: stockListBody, response: stockListData }),
  stockCard: endpoint({ method: 'POST', path: '/api/track/stock/card', body: stockCardBody, response: stockCardData }),

  // Dashboards
  dashboard: endpoint({ method: 'GET', path: '/api/track/dashboard', response: traceDashboardData }),
  productDashboard: endpoint({
    method: 'GET',
    path: '/api/track/product/{id}/dashboard',
    params: productDashboardParams,
    response: productDashboardData,
  }),

  // The public scan page (/mobile/detail)
  publicTrace: endpoint({
    method: 'GET',
    path: '/open/trace/{code}',
    params: traceCodeParams,
    response: publicTraceData,
  }),
  /** The code's events with their ledger entries and inclusion proofs under one signed head (no scan counted). */
  publicTraceProof: endpoint({
    method: 'GET',
    path: '/open/trace/{code}/proof',
    params: traceCodeParams,
    response: traceProofData,
  }),
  /** The code's events as a GS1 EPCIS 2.0 JSON-LD document (application/ld+json, outside the envelope). */
  publicEpcis: endpoint({
    method: 'GET',
    path: '/open/trace/{code}/epcis',
    params: traceCodeParams,
    envelope: false,
  }),
};
