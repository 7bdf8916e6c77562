import type { CityProductSearchBody } from '@jcbb/contract';
import { PRODUCT_PAGE_SIZE } from '@jcbb/contract/enums';

/**
 * The catalogue's state lives in the address, so a link to a filtered page can be shared and the back button
 * walks through searches: /cities/{type}?city=320100&q=砖&green=1&gov=1&lowCarbon=1&prefab=1&star=2&page=3.
 * `type` is a classification code (a category like 01, or one of its classes like 0104; docs/decisions.md).
 */
export interface CatalogueFilters {
  city: string | null;
  /** The classification (path segment `type`): the class and everything under it. */
  classifyCode: string | null;
  /** A fragment of the product name. */
  name: string;
  green: boolean;
  govProcurement: boolean;
  lowCarbon: boolean;
  prefabricated: boolean;
  /** Green products with exactly these stars. */
  starRating: 1 | 2 | 3 | null;
  /** 1-based. */
  page: number;
}

export const CATALOGUE_PAGE_SIZE = PRODUCT_PAGE_SIZE;
/** The server skips at most 10 000 rows; later pages are not offered. */
const MAX_SKIP = 10_000;
export const MAX_PAGE = Math.floor(MAX_SKIP / CATALOGUE_PAGE_SIZE) + 1;

export type TagFilter = 'green' | 'govProcurement' | 'lowCarbon' | 'prefabricated';
/** Query keys of the tag filters, in the order the page shows them (the spec's four tags). */
export const TAG_FILTERS: { key: TagFilter; query: string }[] = [
  { key: 'green', query: 'green' },
  { key: 'govProcurement', query: 'gov' },
  { key: 'lowCarbon', query: 'lowCarbon' },
  { key: 'prefabricated', query: 'prefab' },
];

const CITY = /^\d{6}$/;
const CLASSIFY = /^\d{2,8}$/;

export const isCityCode = (v: string | null | undefined): v is string => typeof v === 'string' && CITY.test(v);
export const isClassifyCode = (v: string | null | undefined): v is string => typeof v === 'string' && CLASSIFY.test(v);

/** Read the filters from the path's `type` and the query; anything malformed counts as not given. */
export function parseFilters(type: string | undefined, params: URLSearchParams): CatalogueFilters {
  const city = params.get('city');
  const star = Number(params.get('star'));
  const page = Number(params.get('page'));
  const flag = (key: string) => params.get(key) === '1';
  return {
    city: isCityCode(city) ? city : null,
    classifyCode: isClassifyCode(type) ? type : null,
    name: (params.get('q') ?? '').trim().slice(0, 50),
    green: flag('green'),
    govProcurement: flag('gov'),
    lowCarbon: flag('lowCarbon'),
    prefabricated: flag('prefab'),
    starRating: star === 1 || star === 2 || star === 3 ? star : null,
    page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
  };
}

/** The request of getCityProductList for these filters: only the filters that are set, page size 10. */
export function toSearchBody(f: CatalogueFilters & { city: string }): CityProductSearchBody {
  const body: CityProductSearchBody = {
    cityCode: f.city,
    take: CATALOGUE_PAGE_SIZE,
    skip: (f.page - 1) * CATALOGUE_PAGE_SIZE,
  };
  if (f.name) body.materialName = f.name;
  if (f.classifyCode) body.classifyCode = f.classifyCode;
  if (f.green) body.isGreen = true;
  if (f.govProcurement) body.isGovProcurement = true;
  if (f.lowCarbon) body.isLowCarbon = true;
  if (f.prefabricated) body.isPrefabricated = true;
  if (f.starRating) body.starRating = f.starRating;
  return body;
}

/** The address of these filters: /cities or /cities/{classifyCode}, with the rest in the query. */
export function filtersToPath(f: CatalogueFilters): string {
  const q = new URLSearchParams();
  if (f.city) q.set('city', f.city);
  if (f.name) q.set('q', f.name);
  for (const t of TAG_FILTERS) if (f[t.key]) q.set(t.query, '1');
  if (f.starRating) q.set('star', String(f.starRating));
  if (f.page > 1) q.set('page', String(f.page));
  const search = q.toString();
  return `/cities${f.classifyCode ? `/${f.classifyCode}` : ''}${search ? `?${search}` : ''}`;
}

/** How many filters beyond the city are set (the phone's 筛选 button shows it). */
export function activeFilterCount(f: CatalogueFilters): number {
  return (f.classifyCode ? 1 : 0) + TAG_FILTERS.filter((t) => f[t.key]).length + (f.starRating ? 1 : 0);
}

/** A city's catalogue, unfiltered. */
export const cityCataloguePath = (city: string, classifyCode?: string | null) =>
  `/cities${classifyCode ? `/${classifyCode}` : ''}?city=${city}`;
export const committeePath = (city: string) => `/cities/committee?city=${city}`;
export const productPath = (id: number, city?: string | null) =>
  `/product/details/external?id=${id}${city ? `&city=${city}` : ''}`;
