import type { ReactNode } from 'react';

/** What antd's Table (and our card lists) take as `pagination` for one page of a list. */
export interface PagePagination {
  current: number;
  pageSize: number;
  total: number;
  showSizeChanger: false;
  showTotal?: (total: number) => ReactNode;
  onChange: (page: number) => void;
}

/**
 * antd's page numbers over the API's take/skip paging (spec §3): the page shown from `skip`, and the `skip` of the
 * page chosen. The page size is fixed by the list (no size changer).
 */
export function takeSkipPagination(
  page: { take: number; skip: number },
  total: number,
  onSkip: (skip: number) => void,
  showTotal?: (total: number) => ReactNode,
): PagePagination {
  return {
    current: Math.floor(page.skip / page.take) + 1,
    pageSize: page.take,
    total,
    showSizeChanger: false,
    ...(showTotal ? { showTotal } : {}),
    onChange: (n) => onSkip((n - 1) * page.take),
  };
}
