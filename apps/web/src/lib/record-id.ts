import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { ApiError } from './http.ts';

/**
 * The one reading of a record's id in the address (`?id=7`, `?lotId=9`): a positive integer, or null for anything
 * else (missing, empty, `abc`, `0`, `1.5`). Pages ask nothing for null and say the link is wrong.
 */
export function positiveId(raw: string | null | undefined): number | null {
  if (raw === null || raw === undefined || raw === '') return null;
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** The record id in the address's query parameter `name` (see `positiveId`). */
export function useIdParam(name = 'id'): number | null {
  const [params] = useSearchParams();
  return positiveId(params.get(name));
}

export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** React Query's `retry` for one record: a 404 is the answer (another organisation's or a deleted record). */
export const retryUnlessNotFound = (count: number, error: Error) => !isNotFound(error) && count < 2;

/**
 * The route `data` (`RouteItem.data`, app/route-preload.ts) of a detail page that opens with
 * `useRecordQuery(optionsFor)`: the same query for the address's id, asked as the navigation starts instead of once
 * the page has rendered. A feature's `<page>-data.ts` is one line, `export default recordData(projectQueries.detail)`,
 * and its route gets `data: () => import('./<page>-data.ts')`. A link without a valid id asks nothing; a failure is
 * left for the page, which asks again and shows it.
 */
export function recordData<TData, TKey extends QueryKey>(
  optionsFor: (id: number) => FetchQueryOptions<TData, Error, TData, TKey>,
  param = 'id',
) {
  return (queryClient: QueryClient, { searchParams }: { searchParams: URLSearchParams }): Promise<void> => {
    const id = positiveId(searchParams.get(param));
    return id === null
      ? Promise.resolve()
      : queryClient.prefetchQuery({ retry: retryUnlessNotFound, ...optionsFor(id) });
  };
}
