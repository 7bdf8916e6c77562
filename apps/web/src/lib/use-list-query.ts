import type { ReactNode } from 'react';
import { useState } from 'react';
import { type PagePagination, takeSkipPagination } from './paging.ts';

/**
 * The query of a paged, filtered list (take/skip plus its filters): `filter` changes filters and goes back to the
 * first page (the old page may not exist under new filters); `pagination` is the Table's paging over it.
 */
export function useListQuery<Q extends { take: number; skip: number }>(initial: Q) {
  const [query, setQuery] = useState<Q>(initial);
  const filter = (patch: Partial<Q>) => setQuery((q) => ({ ...q, ...patch, skip: 0 }));
  const pagination = (total: number, showTotal?: (total: number) => ReactNode): PagePagination =>
    takeSkipPagination(query, total, (skip) => setQuery((q) => ({ ...q, skip })), showTotal);
  return { query, filter, pagination };
}
