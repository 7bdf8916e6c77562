import { type QueryKey, type UseQueryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { isNotFound, retryUnlessNotFound, useIdParam } from '../lib/record-id.ts';

/**
 * The opening of every detail page: the record's id from the address (`?id=`), whether it can be one, and the query
 * for it (not sent for a bad id; a 404 is the answer, not retried). Pass the result to `RecordState`:
 * `const { query, valid } = useRecordQuery(projectQueries.detail)` … `<RecordState query={query} valid={valid} …>`.
 */
export function useRecordQuery<TQueryFnData, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  optionsFor: (id: number) => UseQueryOptions<TQueryFnData, Error, TData, TQueryKey>,
  param = 'id',
): { id: number; valid: boolean; query: UseQueryResult<TData, Error> } {
  const found = useIdParam(param);
  const id = found ?? 0;
  const valid = found !== null;
  const query = useQuery({ retry: retryUnlessNotFound, ...optionsFor(id), enabled: valid });
  return { id, valid, query };
}

interface RecordStateProps<T> {
  query: UseQueryResult<T>;
  /** False when the id in the address is not a positive integer: nothing was asked. */
  valid?: boolean;
  /** The way back (a button to the list), shown with every state but the record. */
  back: ReactNode;
  notFoundTitle: string;
  /** For an id that cannot be one; defaults to notFoundTitle. */
  badIdTitle?: string;
  skeletonRows?: number;
  children: (data: T) => ReactNode;
}

/**
 * A page that shows one record by its id: a bad id or a 404 shows "not found", any other failure the server's
 * message, loading a skeleton; the record itself goes to `children`.
 */
export function RecordState<T>({
  query,
  valid = true,
  back,
  notFoundTitle,
  badIdTitle,
  skeletonRows = 10,
  children,
}: RecordStateProps<T>) {
  if (!valid) return <Result status="404" title={badIdTitle ?? notFoundTitle} extra={back} />;
  if (query.isError) {
    const missing = isNotFound(query.error);
    return (
      <Result status={missing ? '404' : 'warning'} title={missing ? notFoundTitle : query.error.message} extra={back} />
    );
  }
  if (query.data === undefined) return <Skeleton active paragraph={{ rows: skeletonRows }} />;
  return <>{children(query.data)}</>;
}
