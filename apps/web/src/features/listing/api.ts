import type { ElementValue, EndpointData, EndpointInput, productList } from '@jcbb/contract';
import { fileEndpoints } from '@jcbb/contract/file.endpoints';
import { listingEndpoints as api } from '@jcbb/contract/listing.endpoints';
import { productEndpoints } from '@jcbb/contract/product.endpoints';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, download, keyOf, upload } from '../../lib/api.ts';
import type { RequestOptions } from '../../lib/http.ts';

export type ListingList = EndpointData<typeof api.list>;
export type ListingRow = ListingList['list'][number];
export type ListingDetail = EndpointData<typeof api.getDynamicProductsSettledInCitiesDetails>;
export type ListingEvidence = ListingDetail['evidence'];
export type ListingCheck = EndpointData<typeof api.checkData>;
export type ListingBatch = EndpointData<typeof api.batchProductsSettledInCities2>;
export type AuditLogEntry = EndpointData<typeof api.getSettledInCitiesAuditLog>[number];
export type AuditDecision = EndpointData<typeof api.platformApprove>;
export type ProductOption = z.infer<typeof productList>['list'][number];

export type ListingFilter = EndpointInput<typeof api.exportXls>;
/** The console always pages explicitly. */
export type ListingQuery = EndpointInput<typeof api.list> & { take: number; skip: number };
export type ListingSaveBody = EndpointInput<typeof api.addOrUpdateProductsSettledInCitiesDynamic>;
type DetailKey = EndpointInput<typeof api.getDynamicProductsSettledInCitiesDetails>;

/** Empty filter fields are left out (the server reads a missing field as "any"). */
function clean<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && v !== '' && v !== null)) as T;
}

/** The city-listing calls (spec §7 products-settled-in-cities, audit logs, push cities), one function each. */
export const listingApi = {
  list: (query: ListingQuery) => call(api.list, clean(query)),
  /** The real .xlsx of the filtered listings. */
  exportXls: (filter: ListingFilter) => download(api.exportXls, clean(filter)),
  /** `values`: answers to apply to every pair over its saved draft's (the check judges the pairs with them). */
  check: (productIds: number[], cityCodes: string[], values: ElementValue[] = []) =>
    call(api.checkData, { productIds, cityCodes, values }),
  batch: (productIds: number[], cityCodes: string[], values: ElementValue[] = []) =>
    call(api.batchProductsSettledInCities2, { productIds, cityCodes, values }),
  save: (body: ListingSaveBody) => call(api.addOrUpdateProductsSettledInCitiesDynamic, { ...body }, { silent: true }),
  detail: (params: DetailKey, options?: RequestOptions) =>
    call(api.getDynamicProductsSettledInCitiesDetails, { ...params }, options),
  remove: (id: number) => call(api.delete, { id }),
  delist: (id: number) => call(api.delist, { id }),
  /** A file of a listing the caller may see: a file answer, or one of the product's documents or images. */
  file: (id: number, uploadId: number) => download(api.downloadFile, { id, uploadId }),
  /** Uploads a file of a file element (the manufacturer's own upload). */
  upload: (file: File) => upload(fileEndpoints.upload, file, { silent: true }),
  /** One of the caller's own uploads (a file just added to a form, not yet part of the listing). */
  ownFile: (uploadId: number) => download(fileEndpoints.download, { id: uploadId }),
  pushCities: () => call(api.selectPushCityList),
  /** The manufacturer's products for the pickers (search by name fragment): the product module's call. */
  products: (materialName?: string) =>
    call(productEndpoints.getProdutInfoList, { take: 100, skip: 0, ...(materialName ? { materialName } : {}) }),

  auditLog: (id: number) => call(api.getSettledInCitiesAuditLog, { id }),
  lastPlatformReject: (id: number) => call(api.getPlatformLastRejectAuditLog, { id }),
  lastCityReject: (id: number) => call(api.getCityLastRejectAuditLog, { id }),
  notGreenLog: (id: number) => call(api.getCCNoGreenAuditLog, { id }),

  // Decisions carry the auditor's answers to the step's approval form (detail.approvalGroups; none: []).
  platformApprove: (id: number, values: ElementValue[] = []) =>
    call(api.platformApprove, { id, values }, { silent: true }),
  platformReject: (id: number, reason: string, values: ElementValue[] = []) =>
    call(api.platformReject, { id, reason, values }, { silent: true }),
  cityApprove: (id: number, values: ElementValue[] = []) => call(api.cityApprove, { id, values }, { silent: true }),
  cityReject: (id: number, reason: string, values: ElementValue[] = []) =>
    call(api.cityReject, { id, reason, values }, { silent: true }),
  cityNotGreen: (id: number, reason: string, values: ElementValue[] = []) =>
    call(api.cityNotGreen, { id, reason, values }, { silent: true }),
};

// Query options: each key is its endpoint's (`keyOf`), each fetcher the call above (component tests spy on those).

export const listingListQuery = (query: ListingQuery) =>
  queryOptions({ queryKey: keyOf(api.list, clean(query)), queryFn: () => listingApi.list(query) });

export const listingDetailQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf(api.getDynamicProductsSettledInCitiesDetails, { id }),
    queryFn: () => listingApi.detail({ id }),
  });

/**
 * A listing by its id, or the listing of a product in a city: null when there is none yet (looked up in the list, so
 * "none yet" is an empty page, not a 404 the browser would log as an error).
 */
export const existingListingQuery = (key: { id: number } | { productId: number; cityCode: string }) =>
  queryOptions({
    queryKey: keyOf(api.getDynamicProductsSettledInCitiesDetails, key),
    queryFn: async (): Promise<ListingDetail | null> => {
      if ('id' in key) return listingApi.detail(key);
      const found = (await listingApi.list({ ...key, take: 1, skip: 0 })).list[0];
      return found ? listingApi.detail({ id: found.id }) : null;
    },
  });

export const auditLogQuery = (id: number) =>
  queryOptions({ queryKey: keyOf(api.getSettledInCitiesAuditLog, { id }), queryFn: () => listingApi.auditLog(id) });

export const lastPlatformRejectQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf(api.getPlatformLastRejectAuditLog, { id }),
    queryFn: () => listingApi.lastPlatformReject(id),
  });

export const lastCityRejectQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf(api.getCityLastRejectAuditLog, { id }),
    queryFn: () => listingApi.lastCityReject(id),
  });

export const notGreenLogQuery = (id: number) =>
  queryOptions({ queryKey: keyOf(api.getCCNoGreenAuditLog, { id }), queryFn: () => listingApi.notGreenLog(id) });

export const pushCitiesQuery = () =>
  queryOptions({ queryKey: keyOf(api.selectPushCityList), queryFn: () => listingApi.pushCities() });

export const productOptionsQuery = (name: string) =>
  queryOptions({
    queryKey: ['listing', 'products', name] as const,
    queryFn: () => listingApi.products(name || undefined),
  });

/** Everything a listing change can make stale: lists, details (by id and by pair) and audit logs. */
const changedByListing = [
  api.list,
  api.getDynamicProductsSettledInCitiesDetails,
  api.getSettledInCitiesAuditLog,
  api.getPlatformLastRejectAuditLog,
  api.getCityLastRejectAuditLog,
  api.getCCNoGreenAuditLog,
];

/** After a save, submission, decision, delisting or deletion. */
export const invalidateListings = (queryClient: QueryClient) =>
  Promise.all(changedByListing.map((e) => queryClient.invalidateQueries({ queryKey: keyOf(e) })));
