import { TRACE_PAGE_SIZE } from '@jcbb/contract';
import type { QueryClient } from '@tanstack/react-query';
import { positiveId } from '../../lib/record-id.ts';
import { lotQueries, productDashboardOpening } from './api.ts';

/**
 * /productionManagement/productDashboard's first queries as ProductDashboardPage first asks for them, started by the
 * router beside the page's code (`RouteItem.data`). Only when nothing is cached.
 *
 * - A product named in the address (`?id=`): the product picker's list, the product's dashboard and its first page of
 *   lots, all at once.
 * - No product named: the picker's list, and when the maker has several products its latest lot (the page opens on
 *   that lot's product).
 */
export default async function productDashboardData(
  queryClient: QueryClient,
  { searchParams }: { searchParams: URLSearchParams },
): Promise<unknown> {
  const id = positiveId(searchParams.get('id'));
  const products = queryClient.ensureQueryData(lotQueries.products());
  if (id !== null) {
    return Promise.all([
      products,
      queryClient.ensureQueryData(lotQueries.productDashboard(id)),
      queryClient.ensureQueryData(lotQueries.list({ take: TRACE_PAGE_SIZE, skip: 0, productId: id })),
    ]);
  }
  if (productDashboardOpening.picksLatest((await products).length)) {
    return queryClient.ensureQueryData(productDashboardOpening.latestLot());
  }
  return null;
}
