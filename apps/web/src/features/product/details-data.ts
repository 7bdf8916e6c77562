import type { QueryClient } from '@tanstack/react-query';
import { productDetailQuery } from './use-product.ts';

/**
 * /product/details?id='s product as ProductDetailsPage first asks for it, started by the router beside the page's
 * code (`RouteItem.data`). A link without a valid id asks nothing (the page says so); a failure is left for the page
 * to show when it asks again.
 */
export default function productDetailsData(
  queryClient: QueryClient,
  { searchParams }: { searchParams: URLSearchParams },
): Promise<unknown> {
  const id = Number(searchParams.get('id'));
  if (!Number.isInteger(id) || id <= 0) return Promise.resolve();
  return queryClient.prefetchQuery(productDetailQuery(id));
}
