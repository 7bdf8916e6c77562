import { deletedData } from './element.ts';
import { endpoint } from './endpoint.ts';
import {
  auditApproveBody,
  auditDecisionData,
  auditLogLast,
  auditLogList,
  auditReasonBody,
  listingBatchBody,
  listingBatchData,
  listingCheckData,
  listingDetail,
  listingDetailBody,
  listingExportData,
  listingFileBody,
  listingFilterBody,
  listingIdBody,
  listingList,
  listingListBody,
  listingPathParams,
  listingSaveBody,
  listingSavedData,
  pushCityList,
} from './listing.ts';

const BASE = '/materials/products-settled-in-cities';
const LOG = '/materials/bm-product-audit-log';

/**
 * Listings of products in cities (spec §7 `products-settled-in-cities`, `bm-product-audit-log`,
 * `bm-business-area/selectPushCityList`) and the audit decisions, whose paths are ours (`/api/admin/listings/{id}/…`
 * for the platform, `/api/city/listings/{id}/…` for the city committee). The nationwide element form
 * (`getNationwideElement`) belongs to the element module.
 */
export const listingEndpoints = {
  list: endpoint({ method: 'POST', path: `${BASE}/list`, body: listingListBody, response: listingList }),
  exportData: endpoint({
    method: 'POST',
    path: `${BASE}/exportData`,
    body: listingFilterBody,
    response: listingExportData,
  }),
  /** The .xlsx of the filtered listings (a file). */
  exportXls: endpoint({ method: 'POST', path: `${BASE}/exportXls`, body: listingFilterBody }),
  checkData: endpoint({
    method: 'POST',
    path: `${BASE}/checkData`,
    body: listingBatchBody,
    response: listingCheckData,
  }),
  batchProductsSettledInCities2: endpoint({
    method: 'POST',
    path: `${BASE}/batchProductsSettledInCities2`,
    body: listingBatchBody,
    response: listingBatchData,
  }),
  addOrUpdateProductsSettledInCitiesDynamic: endpoint({
    method: 'POST',
    path: `${BASE}/addOrUpdateProductsSettledInCitiesDynamic`,
    body: listingSaveBody,
    response: listingSavedData,
  }),
  getDynamicProductsSettledInCitiesDetails: endpoint({
    method: 'POST',
    path: `${BASE}/getDynamicProductsSettledInCitiesDetails`,
    body: listingDetailBody,
    response: listingDetail,
  }),
  delete: endpoint({ method: 'POST', path: `${BASE}/delete`, body: listingIdBody, response: deletedData }),
  delist: endpoint({ method: 'POST', path: `${BASE}/delist`, body: listingIdBody, response: auditDecisionData }),
  /** A file of a listing (a file). */
  downloadFile: endpoint({ method: 'POST', path: `${BASE}/downloadFile`, body: listingFileBody }),

  platformApprove: endpoint({
    method: 'POST',
    path: '/api/admin/listings/{id}/approve',
    params: listingPathParams,
    body: auditApproveBody,
    response: auditDecisionData,
  }),
  platformReject: endpoint({
    method: 'POST',
    path: '/api/admin/listings/{id}/reject',
    params: listingPathParams,
    body: auditReasonBody,
    response: auditDecisionData,
  }),
  cityApprove: endpoint({
    method: 'POST',
    path: '/api/city/listings/{id}/approve',
    params: listingPathParams,
    body: auditApproveBody,
    response: auditDecisionData,
  }),
  cityReject: endpoint({
    method: 'POST',
    path: '/api/city/listings/{id}/reject',
    params: listingPathParams,
    body: auditReasonBody,
    response: auditDecisionData,
  }),
  cityNotGreen: endpoint({
    method: 'POST',
    path: '/api/city/listings/{id}/not-green',
    params: listingPathParams,
    body: auditReasonBody,
    response: auditDecisionData,
  }),

  getSettledInCitiesAuditLog: endpoint({
    method: 'POST',
    path: `${LOG}/getSettledInCitiesAuditLog`,
    body: listingIdBody,
    response: auditLogList,
  }),
  getPlatformLastRejectAuditLog: endpoint({
    method: 'POST',
    path: `${LOG}/getPlatformLastRejectAuditLog`,
    body: listingIdBody,
    response: auditLogLast,
  }),
  getCityLastRejectAuditLog: endpoint({
    method: 'POST',
    path: `${LOG}/getCityLastRejectAuditLog`,
    body: listingIdBody,
    response: auditLogLast,
  }),
  getCCNoGreenAuditLog: endpoint({
    method: 'POST',
    path: `${LOG}/getCCNoGreenAuditLog`,
    body: listingIdBody,
    response: auditLogLast,
  }),

  selectPushCityList: endpoint({
    method: 'POST',
    path: '/materials/bm-business-area/selectPushCityList',
    response: pushCityList,
  }),
};
