import type { QueryClient } from '@tanstack/react-query';
import { positiveId } from '../../lib/record-id.ts';
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
  const id = positiveId(searchParams.get('id'));
  if (id === null) return Promise.resolve();
  return queryClient.prefetchQuery(productDetailQuery(id));
}
