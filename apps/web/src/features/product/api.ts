import type {
  ClassificationTree,
  DocumentAddBody,
  DocumentItem,
  listingSummary,
  ProductDetail,
  ProductItem,
  ProductPublicView,
  ProductSaveBody,
  ProductSearchBody,
  ProductUnitItem,
  productSpecsGroupList,
  qualificationDropData,
  SamplingItem,
  SamplingPageBody,
  SpecItem,
  SpecSaveBody,
  samplingCount,
  specWithProduct,
  UploadData,
} from '@jcbb/contract';
import type { z } from 'zod';
import { http } from '../../lib/http.ts';

/** What a save answers (contract `productSavedId`): id null while a new item of a listed product awaits review. */
type SavedId = { id: number | null; revisionId?: number | null; pendingFields?: string[] };

export type { DocumentItem, ProductDetail, ProductItem, SpecItem };
export type ListingSummary = z.infer<typeof listingSummary>;
export type SpecWithProduct = z.infer<typeof specWithProduct>;
export type ProductSpecsGroup = z.infer<typeof productSpecsGroupList>[number];
export type SamplingCount = z.infer<typeof samplingCount>;
export type { SamplingItem };
export type QualificationDropData = z.infer<typeof qualificationDropData>;
export interface Page<T> {
  list: T[];
  total: number;
}

const P = '/materials/bmProduct';
const S = '/materials/productSpecificationsModel';
const D = '/materials/productInfo';
const SAMPLING = '/materials/supervisionProductSampling';

/**
 * The product centre's calls (spec §7 materials service; the server's modules/product is the truth), one function
 * each. Saves are silent: the forms put the server's per-field messages on their fields.
 */
export const productApi = {
  // Products
  search: (body: ProductSearchBody) => http.post<Page<ProductItem>>(`${P}/getProdutInfoList`, { ...body }),
  /** The owner's full view (the server answers `view: 'full'` to the owning organisation). */
  info: (id: number) => http.get<ProductDetail | ProductPublicView>(`${P}/getProductInfoById/${id}`),
  save: (body: ProductSaveBody) => http.post<SavedId>(`${P}/addOrUpdateProductInfo`, { ...body }, { silent: true }),
  setEnableStatus: (id: number, enableStatus: number) =>
    http.post<ProductItem>(`${P}/setProductEnableStatus`, { id, enableStatus }),
  remove: (id: number) => http.post<SavedId>(`${P}/deleteProductInfo`, { id }),

  // Specification models
  specsOfProduct: (productId: number) => http.post<SpecItem[]>(`${S}/detailsByProductInfoId`, { productId }),
  /** Every product of the organisation with its specifications (sales information). */
  specsPerProduct: () => http.post<ProductSpecsGroup[]>(`${S}/productDetailList`),
  spec: (id: number) => http.get<SpecWithProduct>(`${S}/relationInfo/${id}`),
  saveSpec: (body: SpecSaveBody) => http.post<SavedId>(`${S}/update`, { ...body }, { silent: true }),
  batchUpdateSpecs: (body: { ids: number[]; price?: string; status?: number }) =>
    http.post<{ updated: number }>(`${S}/batchUpdate`, { ...body }, { silent: true }),
  removeSpec: (id: number) => http.get<{ id: number }>(`${S}/delete/${id}`),

  // Documents (manuals and qualification documents)
  documents: (productId: number, kind?: number) =>
    http.post<DocumentItem[]>(`${D}/documentList`, { productId, ...(kind ? { kind } : {}) }),
  addDocument: (body: DocumentAddBody) => http.post<SavedId>(`${D}/addDocument`, { ...body }, { silent: true }),
  removeDocument: (id: number) => http.post<SavedId>(`${D}/deleteDocument`, { id }),
  qualificationDropDatas: () => http.get<QualificationDropData>('/materials/show/getQualificationDropDatas'),

  // Supervision sampling (spot checks) of the organisation's products (the catalogue module's calls)
  samplingPage: (body: SamplingPageBody) => http.post<Page<SamplingItem>>(`${SAMPLING}/latestPage`, { ...body }),
  samplingCount: (productId?: number) => http.post<SamplingCount>(`${SAMPLING}/count`, productId ? { productId } : {}),

  // Reference data and files
  classificationTree: () => http.post<ClassificationTree>('/materials/show/getBuildingMaterialsClassifyList'),
  units: () => http.post<ProductUnitItem[]>('/materials/bmProductUnit/selectUnitList'),
  upload: (file: File) => http.upload<UploadData>('/api/file/upload', file, { silent: true }),
  download: (id: number, silent = false) => http.blob('GET', `/api/file/${id}`, {}, { silent }),
};

/** Reference data changes only with a release: cache it for the whole visit. */
export const referenceQueryOptions = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY };

export const productKeys = {
  all: ['product'] as const,
  list: (body: ProductSearchBody) => ['product', 'list', body] as const,
  info: (id: number) => ['product', 'info', id] as const,
  specs: (productId: number) => ['product', 'specs', productId] as const,
  specsPerProduct: ['product', 'specs-per-product'] as const,
  spec: (id: number) => ['product', 'spec', id] as const,
  documents: (productId: number, kind?: number) => ['product', 'documents', productId, kind ?? 0] as const,
  qualificationDrop: ['product', 'qualification-drop'] as const,
  classification: ['reference', 'material-classification'] as const,
  units: ['reference', 'units'] as const,
  file: (id: number) => ['product', 'file', id] as const,
  sampling: (body: SamplingPageBody) => ['product', 'sampling', body] as const,
  samplingCount: ['product', 'sampling-count'] as const,
};
