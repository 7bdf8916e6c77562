import type {
  DocumentAddBody,
  DocumentItem,
  EndpointData,
  EndpointInput,
  ProductDetail,
  ProductItem,
  ProductSaveBody,
  ProductSearchBody,
  SamplingItem,
  SamplingPageBody,
  SpecItem,
  SpecSaveBody,
} from '@jcbb/contract';
import { endpointKey } from '@jcbb/contract/endpoint';
import { fileEndpoints } from '@jcbb/contract/file.endpoints';
import { productEndpoints as api } from '@jcbb/contract/product.endpoints';
import { referenceEndpoints } from '@jcbb/contract/reference.endpoints';
import { samplingEndpoints } from '@jcbb/contract/sampling.endpoints';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call, download, keyOf, upload } from '../../lib/api.ts';

export type { DocumentItem, ProductDetail, ProductItem, SpecItem };
export type ListingSummary = ProductDetail['listings'][number];
export type ProductSpecsGroup = EndpointData<typeof api.productDetailList>[number];
export type { SamplingItem };
export type SpecBatchUpdateBody = EndpointInput<typeof api.specBatchUpdate>;

/**
 * The product centre's calls (`productEndpoints` in the contract; the server's modules/product is the truth), one
 * function each: the layer component tests mock. Saves are silent: the forms put the server's per-field messages on
 * their fields.
 */
export const productApi = {
  // Products
  search: (body: ProductSearchBody) => call(api.getProdutInfoList, body),
  /** The owner's full view (the server answers `view: 'full'` to the owning organisation). */
  info: (id: number) => call(api.getProductInfoById, { id }),
  save: (body: ProductSaveBody) => call(api.addOrUpdateProductInfo, body, { silent: true }),
  setEnableStatus: (id: number, enableStatus: number) => call(api.setProductEnableStatus, { id, enableStatus }),
  remove: (id: number) => call(api.deleteProductInfo, { id }),

  // Specification models
  specsOfProduct: (productId: number) => call(api.detailsByProductInfoId, { productId }),
  /** Every product of the organisation with its specifications (sales information). */
  specsPerProduct: () => call(api.productDetailList),
  spec: (id: number) => call(api.specRelationInfo, { id }),
  saveSpec: (body: SpecSaveBody) => call(api.specUpdate, body, { silent: true }),
  batchUpdateSpecs: (body: SpecBatchUpdateBody) => call(api.specBatchUpdate, body, { silent: true }),
  removeSpec: (id: number) => call(api.specDelete, { id }),

  // Documents (manuals and qualification documents)
  documents: (productId: number, kind?: number) => call(api.documentList, { productId, ...(kind ? { kind } : {}) }),
  addDocument: (body: DocumentAddBody) => call(api.addDocument, body, { silent: true }),
  removeDocument: (id: number) => call(api.deleteDocument, { id }),
  qualificationDropDatas: () => call(api.getQualificationDropDatas),

  // Supervision sampling (spot checks) of the organisation's products (`samplingEndpoints`)
  samplingPage: (body: SamplingPageBody) => call(samplingEndpoints.latestPage, body),
  samplingCount: (productId?: number) => call(samplingEndpoints.count, productId ? { productId } : {}),

  // The classification tree (served by the product module)

  // Units and files: the reference and file modules' calls, left as they were until those modules are migrated
  units: () => call(referenceEndpoints.selectUnitList),
  upload: (file: File) => upload(fileEndpoints.upload, file, { silent: true }),
  download: (id: number, silent = false) => download(fileEndpoints.download, { id }, { silent }),
};

/** Reference data changes only with a release: cache it for the whole visit. */
export const referenceQueryOptions = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY };

// ---- Queries: key and fetcher paired once (the key is the endpoint's, `keyOf`) ----

export const productListQuery = (body: ProductSearchBody) =>
  queryOptions({ queryKey: keyOf(api.getProdutInfoList, body), queryFn: () => productApi.search(body) });

/** The key of a product's answer (the console's full view is derived from it in `useProductDetail`). */
export const productInfoKey = (id: number) => keyOf(api.getProductInfoById, { id });

export const specsOfProductQuery = (productId: number) =>
  queryOptions({
    queryKey: keyOf(api.detailsByProductInfoId, { productId }),
    queryFn: () => productApi.specsOfProduct(productId),
  });

export const specsPerProductQuery = () =>
  queryOptions({ queryKey: keyOf(api.productDetailList, {}), queryFn: () => productApi.specsPerProduct() });

/** Disabled until there is an id. */
export const specQuery = (id: number | null) =>
  queryOptions({
    queryKey: keyOf(api.specRelationInfo, { id: id ?? 0 }),
    queryFn: () => productApi.spec(id as number),
    enabled: id !== null,
  });

export const documentsQuery = (productId: number, kind?: number) =>
  queryOptions({
    queryKey: keyOf(api.documentList, { productId, ...(kind ? { kind } : {}) }),
    queryFn: () => productApi.documents(productId, kind),
  });

export const qualificationDropQuery = () =>
  queryOptions({
    queryKey: keyOf(api.getQualificationDropDatas, {}),
    queryFn: () => productApi.qualificationDropDatas(),
  });

const productCentreKeys = new Set<unknown>(Object.values(api).map(endpointKey));

/**
 * After any change in the product centre every answer of its calls may be stale (a document changes a product's
 * tags, a specification its sales information): refetch them all, nothing else.
 */
export const invalidateProductCentre = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: (q) => productCentreKeys.has(q.queryKey[0]) });

export const samplingPageQuery = (body: SamplingPageBody) =>
  queryOptions({ queryKey: keyOf(samplingEndpoints.latestPage, body), queryFn: () => productApi.samplingPage(body) });

export const samplingCountQuery = (productId?: number) =>
  queryOptions({
    queryKey: keyOf(samplingEndpoints.count, productId ? { productId } : {}),
    queryFn: () => productApi.samplingCount(productId),
  });

/** Keys of the calls of other modules (files, units), not migrated here. */
export const productKeys = {
  units: ['reference', 'units'] as const,
  file: (id: number) => ['product', 'file', id] as const,
};
