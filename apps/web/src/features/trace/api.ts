import type { EndpointData, EndpointInput } from '@jcbb/contract/endpoint';
import { fileEndpoints } from '@jcbb/contract/file.endpoints';
import { productEndpoints } from '@jcbb/contract/product.endpoints';
import { traceEndpoints as api } from '@jcbb/contract/trace.endpoints';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { download, keyOf, mutationOf, queryOf, upload } from '../../lib/api.ts';
import { retryUnlessNotFound } from '../../lib/record-id.ts';

/**
 * The traceability calls (docs/traceability.md), as TanStack Query options built on the contract's endpoints
 * (`lib/api.ts`): no URL and no answer type is written here. Grouped by the screen that uses them, one group per
 * header, so the console screens and the shipment screens each add their own without touching the other's.
 */

/** Invalidate every answer of these endpoints (any input). */
const invalidate = (queryClient: QueryClient, endpoints: readonly Parameters<typeof keyOf>[0][]) =>
  Promise.all(endpoints.map((e) => queryClient.invalidateQueries({ queryKey: keyOf(e) })));

// ---- addresses (addressManagement) ----

export type AddressListQuery = EndpointInput<typeof api.addressList>;
export type Address = EndpointData<typeof api.addressList>['list'][number];
export type AddressSaveBody = EndpointInput<typeof api.addressSave>;

export const addressQueries = {
  list: (input: AddressListQuery) => queryOf(api.addressList, input),
};
export const addressMutations = {
  // Silent: the form puts field messages under their fields; a delete refused (409) is explained by the page.
  save: mutationOf(api.addressSave, { silent: true }),
  remove: mutationOf(api.addressDelete, { silent: true }),
};
export const invalidateAddresses = (queryClient: QueryClient) =>
  invalidate(queryClient, [api.addressList, api.receiverAddresses]);

// ---- products, lots and codes (productDashboard) ----

export type ProductDashboard = EndpointData<typeof api.productDashboard>;
export type LotListQuery = EndpointInput<typeof api.lotList>;
export type Lot = EndpointData<typeof api.lotList>['list'][number];
export type LotDetail = EndpointData<typeof api.lotDetail>;
export type CodeListQuery = EndpointInput<typeof api.codeList>;
export type TraceCode = EndpointData<typeof api.codeList>['list'][number];
/** The organisation's products with their specifications (the product centre's own list). */
export type ProductWithSpecs = EndpointData<typeof productEndpoints.productDetailList>[number];

export const lotQueries = {
  /** The maker's products and specifications: the product picker and the lot form's specification list. */
  products: () => queryOptions({ ...queryOf(productEndpoints.productDetailList), staleTime: 60_000 }),
  productDashboard: (id: number) =>
    queryOptions({ ...queryOf(api.productDashboard, { id }), retry: retryUnlessNotFound }),
  list: (input: LotListQuery) => queryOf(api.lotList, input),
  detail: (id: number) => queryOptions({ ...queryOf(api.lotDetail, { id }), retry: retryUnlessNotFound }),
  codes: (input: CodeListQuery) => queryOf(api.codeList, input),
};
/**
 * How the product dashboard opens when the address names no product, for the page and its route data
 * (product-dashboard-data.ts): with several products, on the product of the maker's latest lot.
 */
export const productDashboardOpening = {
  picksLatest: (productCount: number) => productCount > 1,
  latestLot: () => lotQueries.list({ take: 1, skip: 0 }),
};
export const lotMutations = {
  create: mutationOf(api.lotCreate, { silent: true }),
  generateCodes: mutationOf(api.codeGenerate, { silent: true }),
};
export const lotFiles = {
  /** A quality document (合格证, factory report): uploaded at once, the lot keeps its id. */
  upload: (file: File) => upload(fileEndpoints.upload, file, { silent: true }),
  open: (id: number) => download(fileEndpoints.download, { id }),
  /** A4 sheets of QR labels (PDF). */
  labels: (input: EndpointInput<typeof api.labelSheet>) => download(api.labelSheet, input),
  /** The lot's codes as CSV. */
  codesCsv: (lotId: number) => download(api.codeExport, { lotId }),
};
/** After a lot or its codes change: the lists, the lot, its codes, the dashboards and the stock that counts it. */
export const invalidateLots = (queryClient: QueryClient) =>
  invalidate(queryClient, [
    api.lotList,
    api.lotDetail,
    api.codeList,
    api.productDashboard,
    api.dashboard,
    api.stockList,
    api.stockCard,
  ]);

// ---- stock (inventoryDetail) ----

export type StockListQuery = EndpointInput<typeof api.stockList>;
export type StockBalance = EndpointData<typeof api.stockList>['list'][number];
export type StockCardQuery = EndpointInput<typeof api.stockCard>;
export type StockCard = EndpointData<typeof api.stockCard>;
export type StockMove = StockCard['list'][number];

export const stockQueries = {
  list: (input: StockListQuery) => queryOf(api.stockList, input),
  card: (input: StockCardQuery) => queryOptions({ ...queryOf(api.stockCard, input), retry: retryUnlessNotFound }),
};
export const invalidateStock = (queryClient: QueryClient) => invalidate(queryClient, [api.stockList, api.stockCard]);

// ---- dashboard ----

export type TraceDashboard = EndpointData<typeof api.dashboard>;

export const dashboardQueries = {
  overview: () => queryOf(api.dashboard),
  /** Whether the organisation has any address yet (the dashboard's first step). */
  anyAddress: () => queryOf(api.addressList, { take: 1, skip: 0 }),
};

// ---- shipments (sendProduct, trackList, sourceDetail, sources) ----

export { api as traceEndpoints };
