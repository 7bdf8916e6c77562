import type {
  auditDecisionData,
  auditLogItem,
  ElementValue,
  listingBatchData,
  listingCheckData,
  listingDetail,
  listingList,
  listingSavedData,
  productList,
  pushCityList,
} from '@jcbb/contract';
import { fileEndpoints } from '@jcbb/contract/file.endpoints';
import type { z } from 'zod';
import { download, upload } from '../../lib/api.ts';
import { http, type RequestOptions } from '../../lib/http.ts';

export type ListingList = z.infer<typeof listingList>;
export type ListingRow = ListingList['list'][number];
export type ListingDetail = z.infer<typeof listingDetail>;
export type ListingEvidence = ListingDetail['evidence'];
export type ListingSaved = z.infer<typeof listingSavedData>;
export type ListingCheck = z.infer<typeof listingCheckData>;
export type ListingBatch = z.infer<typeof listingBatchData>;
export type AuditLogEntry = z.infer<typeof auditLogItem>;
export type AuditDecision = z.infer<typeof auditDecisionData>;
export type PushCity = z.infer<typeof pushCityList>[number];
export type ProductOption = z.infer<typeof productList>['list'][number];

export interface ListingFilter {
  productId?: number;
  cityCode?: string;
  status?: number;
  materialName?: string;
}
export type ListingQuery = ListingFilter & { take: number; skip: number };

export interface ListingSaveBody {
  productId: number;
  cityCode: string;
  values: ElementValue[];
  submit: boolean;
}

const base = '/materials/products-settled-in-cities';
const log = '/materials/bm-product-audit-log';

/** Empty filter fields are left out (the server reads a missing field as "any"). */
function clean<T extends object>(value: T): Record<string, unknown> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '' && v !== null));
}

/** The city-listing calls (spec §7 products-settled-in-cities, audit logs, push cities), one function each. */
export const listingApi = {
  list: (query: ListingQuery) => http.post<ListingList>(`${base}/list`, clean(query)),
  /** The real .xlsx of the filtered listings. */
  exportXls: (filter: ListingFilter) => http.blob('POST', `${base}/exportXls`, clean(filter)),
  /** `values`: answers to apply to every pair over its saved draft's (the check judges the pairs with them). */
  check: (productIds: number[], cityCodes: string[], values: ElementValue[] = []) =>
    http.post<ListingCheck>(`${base}/checkData`, { productIds, cityCodes, values }),
  batch: (productIds: number[], cityCodes: string[], values: ElementValue[] = []) =>
    http.post<ListingBatch>(`${base}/batchProductsSettledInCities2`, { productIds, cityCodes, values }),
  save: (body: ListingSaveBody) =>
    http.post<ListingSaved>(`${base}/addOrUpdateProductsSettledInCitiesDynamic`, { ...body }, { silent: true }),
  detail: (params: { id: number } | { productId: number; cityCode: string }, options?: RequestOptions) =>
    http.post<ListingDetail>(`${base}/getDynamicProductsSettledInCitiesDetails`, { ...params }, options),
  remove: (id: number) => http.post<{ id: number; deleted: boolean }>(`${base}/delete`, { id }),
  delist: (id: number) => http.post<AuditDecision>(`${base}/delist`, { id }),
  /** A file of a listing the caller may see: a file answer, or one of the product's documents or images. */
  file: (id: number, uploadId: number) => http.blob('POST', `${base}/downloadFile`, { id, uploadId }),
  /** Uploads a file of a file element (the manufacturer's own upload). */
  upload: (file: File) => upload(fileEndpoints.upload, file, { silent: true }),
  /** One of the caller's own uploads (a file just added to a form, not yet part of the listing). */
  ownFile: (uploadId: number) => download(fileEndpoints.download, { id: uploadId }),
  pushCities: () => http.post<PushCity[]>('/materials/bm-business-area/selectPushCityList'),
  /** The manufacturer's products for the pickers (search by name fragment). */
  products: (materialName?: string) =>
    http.post<{ list: ProductOption[]; total: number }>('/materials/bmProduct/getProdutInfoList', {
      take: 100,
      skip: 0,
      ...(materialName ? { materialName } : {}),
    }),

  auditLog: (id: number) => http.post<AuditLogEntry[]>(`${log}/getSettledInCitiesAuditLog`, { id }),
  lastPlatformReject: (id: number) => http.post<AuditLogEntry | null>(`${log}/getPlatformLastRejectAuditLog`, { id }),
  lastCityReject: (id: number) => http.post<AuditLogEntry | null>(`${log}/getCityLastRejectAuditLog`, { id }),
  notGreenLog: (id: number) => http.post<AuditLogEntry | null>(`${log}/getCCNoGreenAuditLog`, { id }),

  // Decisions carry the auditor's answers to the step's approval form (detail.approvalGroups; none: []).
  platformApprove: (id: number, values: ElementValue[] = []) =>
    http.post<AuditDecision>(`/api/admin/listings/${id}/approve`, { values }, { silent: true }),
  platformReject: (id: number, reason: string, values: ElementValue[] = []) =>
    http.post<AuditDecision>(`/api/admin/listings/${id}/reject`, { reason, values }, { silent: true }),
  cityApprove: (id: number, values: ElementValue[] = []) =>
    http.post<AuditDecision>(`/api/city/listings/${id}/approve`, { values }, { silent: true }),
  cityReject: (id: number, reason: string, values: ElementValue[] = []) =>
    http.post<AuditDecision>(`/api/city/listings/${id}/reject`, { reason, values }, { silent: true }),
  cityNotGreen: (id: number, reason: string, values: ElementValue[] = []) =>
    http.post<AuditDecision>(`/api/city/listings/${id}/not-green`, { reason, values }, { silent: true }),
};

export const listingKeys = {
  all: ['listing'] as const,
  list: (query: ListingQuery) => ['listing', 'list', query] as const,
  detail: (id: number) => ['listing', 'detail', id] as const,
  pair: (productId: number, cityCode: string) => ['listing', 'pair', productId, cityCode] as const,
  auditLog: (id: number) => ['listing', 'audit-log', id] as const,
  pushCities: ['listing', 'push-cities'] as const,
  products: (name: string) => ['listing', 'products', name] as const,
};
