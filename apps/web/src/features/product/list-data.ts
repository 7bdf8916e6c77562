import type { QueryClient } from '@tanstack/react-query';
import { productListQuery } from './api.ts';
import { PAGE_SIZE } from './labels.ts';

/**
 * /product/list's first page as ProductListPage first asks for it (no filters), started by the router beside the
 * page's code (`RouteItem.data`). Only when nothing is cached: what the page does with cached data stays its own.
 */
export default function productListData(queryClient: QueryClient): Promise<unknown> {
  return queryClient.ensureQueryData(productListQuery({ take: PAGE_SIZE, skip: 0 }));
}
