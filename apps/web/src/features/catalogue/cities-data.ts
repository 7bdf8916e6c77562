import type { QueryClient } from '@tanstack/react-query';
import { cityProductsQuery, regionDetailsQuery, regionTreeQuery } from './api.ts';
import { parseFilters, toSearchBody } from './search-params.ts';

/**
 * What CitiesPage first asks for (`RouteItem.data`, started by the router beside the page's code): the region tree,
 * and for a city its details and the first page of products under the address's filters. Only what is not cached.
 */
export default function citiesData(
  queryClient: QueryClient,
  { pathname, searchParams }: { pathname: string; searchParams: URLSearchParams },
): Promise<unknown> {
  const type = pathname.split('/')[2] || undefined;
  const filters = parseFilters(type, searchParams);
  const work: Promise<unknown>[] = [queryClient.ensureQueryData(regionTreeQuery())];
  const city = filters.city;
  if (city) {
    work.push(
      queryClient.ensureQueryData(regionDetailsQuery(city)),
      queryClient.ensureQueryData(cityProductsQuery(toSearchBody({ ...filters, city }))),
    );
  }
  return Promise.all(work);
}
