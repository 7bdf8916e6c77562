import type { EndpointData, EndpointInput } from '@jcbb/contract/endpoint';
import { governmentFilingEndpoints as api } from '@jcbb/contract/government-filing.endpoints';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { keyOf, mutationOf, queryOf } from '../../lib/api.ts';
import { retryUnlessNotFound } from '../../lib/record-id.ts';

/**
 * The filing pages' calls (docs/government.md, "Filing") as TanStack Query options over the contract's endpoints:
 * no URL and no answer type is written here.
 */

/** The list's paging and the committee's filters, as the page keeps them. */
export interface FilingListFilter {
  take: number;
  skip: number;
  period?: string;
  status?: string;
  regionCode?: string;
  late?: boolean;
  keyword?: string;
}
export type FilingList = EndpointData<typeof api.filingList>;
export type FilerProject = FilingList['projects'][number];
export type FilerQuarter = FilerProject['quarters'][number];
export type FilingRow = FilingList['list'][number];
export type OverdueRow = FilingList['overdue'][number];
export type FilingDetail = EndpointData<typeof api.filingDetail>;
export type FilingLine = FilingDetail['lines'][number];
export type FilingCheck = FilingDetail['checks'][number];
export type FilingSaveInput = EndpointInput<typeof api.filingSave>;
export type FilingLineInput = NonNullable<FilingSaveInput['lines']>[number];

export const FILINGS_PAGE_SIZE = 20;

/** A filing moves with the other side's steps (the committee's, the filer's): read afresh whenever opened. */
const FRESH = { staleTime: 0 } as const;

export const filingQueries = {
  list: (input: FilingListFilter) => queryOptions({ ...queryOf(api.filingList, input), ...FRESH }),
  detail: (id: number) => queryOptions({ ...queryOf(api.filingDetail, { id }), retry: retryUnlessNotFound, ...FRESH }),
};

export const filingMutations = {
  open: mutationOf(api.filingOpen),
  save: mutationOf(api.filingSave, { silent: true }),
  prefill: mutationOf(api.filingPrefill),
  submit: mutationOf(api.filingSubmit, { silent: true }),
  returnFiling: mutationOf(api.filingReturn, { silent: true }),
  confirm: mutationOf(api.filingConfirm),
  closePeriod: mutationOf(api.filingClosePeriod),
  correct: mutationOf(api.filingCorrect, { silent: true }),
};

/** After a filing changed: the lists and the detail. */
export const invalidateFilings = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: keyOf(api.filingList) }),
    qc.invalidateQueries({ queryKey: keyOf(api.filingDetail) }),
  ]);
