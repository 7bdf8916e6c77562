import type { CityProductSearchBody } from '@jcbb/contract';
import { catalogueEndpoints as api } from '@jcbb/contract/catalogue.endpoints';
import { fillPath } from '@jcbb/contract/endpoint';
import { governmentStatisticsEndpoints } from '@jcbb/contract/government-statistics.endpoints';
import { productEndpoints } from '@jcbb/contract/product.endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call, fetchDocument, keyOf } from '../../lib/api.ts';

export type {
  CityProductItem,
  CityProductList,
  ProductPublicView,
  RegionDetailsData,
  RegionTreeData,
} from '@jcbb/contract';

/**
 * The public catalogue's calls (`catalogueEndpoints` and the product centre's open product page): signed, never with
 * a session (lib/http.ts sends no Bearer token for /open/ paths). The pages show failures themselves, so the calls
 * are silent.
 */
export const catalogueApi = {
  /** Opened cities by province, with their listed products. */
  regionTree: () => call(api.getRegionTree, {}, { silent: true }),
  /** A city's committee page data; an unopened city answers 404. */
  regionDetails: (cityCode: string) => call(api.getOpenRegionDetails, { cityCode }, { silent: true }),
  /** A page of a city's catalogue (spec §3 search form). */
  search: (body: CityProductSearchBody) => call(api.getCityProductList, body, { silent: true }),
  /** A published product's public page; anything else answers 404. */
  product: (id: number) => call(productEndpoints.openGetProductInfoById, { id }, { silent: true }),
  /**
   * A city's open statistics (the government module's open data: an envelope-less JSON document of its own); a city
   * that publishes none answers 404.
   */
  openStatistics: (cityCode: string) =>
    fetchDocument(governmentStatisticsEndpoints.openStatistics, { cityCode }, { silent: true }),
};

/** Where anyone fetches the city's open statistics (the JSON the committee page links to for reuse). */
export const openStatisticsPath = (cityCode: string) =>
  fillPath(governmentStatisticsEndpoints.openStatistics.path, { cityCode });

/**
 * A published product's image. The route is neither signed nor session-bound, so a plain <img> loads it and the
 * browser caches it (a signature's nonce is single-use, which would defeat the cache).
 */
export function productImageUrl(productId: number, uploadId: number): string {
  return fillPath(api.productImage.path, { productId, uploadId });
}

export const regionTreeQuery = () =>
  queryOptions({ queryKey: keyOf(api.getRegionTree, {}), queryFn: () => catalogueApi.regionTree() });

export const regionDetailsQuery = (cityCode: string) =>
  queryOptions({
    queryKey: keyOf(api.getOpenRegionDetails, { cityCode }),
    queryFn: () => catalogueApi.regionDetails(cityCode),
  });

export const cityProductsQuery = (body: CityProductSearchBody) =>
  queryOptions({ queryKey: keyOf(api.getCityProductList, body), queryFn: () => catalogueApi.search(body) });

export const openStatisticsQuery = (cityCode: string) =>
  queryOptions({
    queryKey: keyOf(governmentStatisticsEndpoints.openStatistics, { cityCode }),
    queryFn: () => catalogueApi.openStatistics(cityCode),
  });

export const publicProductQuery = (id: number) =>
  queryOptions({
    queryKey: keyOf(productEndpoints.openGetProductInfoById, { id }),
    queryFn: () => catalogueApi.product(id),
  });
