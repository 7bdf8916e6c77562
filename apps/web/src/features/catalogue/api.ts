import type {
  CityProductList,
  CityProductSearchBody,
  ProductPublicView,
  RegionDetailsData,
  RegionTreeData,
} from '@jcbb/contract';
import { http } from '../../lib/http.ts';

export type {
  CityProductItem,
  CityProductList,
  ProductPublicView,
  RegionDetailsData,
  RegionTreeData,
} from '@jcbb/contract';

const SHOW = '/open/materials/show';

/**
 * The public catalogue's calls (spec §7 /open/materials/…): signed, never with a session (lib/http.ts sends no
 * Bearer token for /open/ paths). The pages show failures themselves, so the calls are silent.
 */
export const catalogueApi = {
  /** Opened cities by province, with their listed products. */
  regionTree: () => http.post<RegionTreeData>(`${SHOW}/getRegionTree`, {}, { silent: true }),
  /** A city's committee page data; an unopened city answers 404. */
  regionDetails: (cityCode: string) =>
    http.post<RegionDetailsData>(`${SHOW}/getOpenRegionDetails`, { cityCode }, { silent: true }),
  /** A page of a city's catalogue (spec §3 search form). */
  search: (body: CityProductSearchBody) =>
    http.post<CityProductList>(`${SHOW}/getCityProductList`, body as Record<string, unknown>, { silent: true }),
  /** A published product's public page; anything else answers 404. */
  product: (id: number) =>
    http.get<ProductPublicView>(`/open/materials/bmProduct/getProductInfoById/${id}`, {}, { silent: true }),
};

/**
 * A published product's image. The route is neither signed nor session-bound, so a plain <img> loads it and the
 * browser caches it (a signature's nonce is single-use, which would defeat the cache).
 */
export function productImageUrl(productId: number, uploadId: number): string {
  return `${SHOW}/productImage/${productId}/${uploadId}`;
}

export const catalogueKeys = {
  regionTree: ['catalogue', 'regionTree'] as const,
  region: (cityCode: string) => ['catalogue', 'region', cityCode] as const,
  search: (body: CityProductSearchBody) => ['catalogue', 'search', body] as const,
  product: (id: number) => ['catalogue', 'product', id] as const,
};
