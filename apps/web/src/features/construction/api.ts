import { constructionEndpoints as api } from '@jcbb/contract/construction.endpoints';
import type { EndpointData, EndpointInput } from '@jcbb/contract/endpoint';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { keyOf, mutationOf, queryOf } from '../../lib/api.ts';
import { retryUnlessNotFound } from '../../lib/record-id.ts';

/**
 * The site construction calls (docs/construction.md), as TanStack Query options built on the contract's endpoints
 * (`lib/api.ts`): no URL and no answer type is written here. Grouped by the screen that uses them, one group per
 * header, so each part of the site's pages adds its own without touching the others'.
 */

/** Invalidate every answer of these endpoints (any input). */
const invalidate = (queryClient: QueryClient, endpoints: readonly Parameters<typeof keyOf>[0][]) =>
  Promise.all(endpoints.map((e) => queryClient.invalidateQueries({ queryKey: keyOf(e) })));

// ---- issue to the works (outbound: 出库领用, 退库, 领用记录) ----

export type SiteStockRow = EndpointData<typeof api.stockList>['list'][number];
export type IssueOrderRow = EndpointData<typeof api.retrievalList>['list'][number];
export type IssueOrderDetail = EndpointData<typeof api.retrievalDetail>;
export type IssueLine = IssueOrderDetail['lines'][number];
export type IssuableCode = EndpointData<typeof api.retrievalCodes>[number];
export type IssueCreateInput = EndpointInput<typeof api.retrievalCreate>;
export type IssueReturnInput = EndpointInput<typeof api.retrievalReturn>;
export type IssuedSearchInput = EndpointInput<typeof api.retrievalSearch>;
export type IssuedLineRow = EndpointData<typeof api.retrievalSearch>['list'][number];

export const outboundQueries = {
  /** The project's stock by lot, with why a lot cannot be issued (the stock the issue form picks from). */
  stock: (input: EndpointInput<typeof api.stockList>) => queryOf(api.stockList, input),
  list: (input: EndpointInput<typeof api.retrievalList>) => queryOf(api.retrievalList, input),
  detail: (id: number) => queryOptions({ ...queryOf(api.retrievalDetail, { id }), retry: retryUnlessNotFound }),
  codes: (projectId: number, lotId: number) => queryOf(api.retrievalCodes, { projectId, lotId }),
  search: (input: IssuedSearchInput) => queryOf(api.retrievalSearch, input),
  totals: (input: EndpointInput<typeof api.retrievalSearchAll>) => queryOf(api.retrievalSearchAll, input),
};
export const outboundMutations = {
  // Silent: the forms put the server's field messages under their fields.
  create: mutationOf(api.retrievalCreate, { silent: true }),
  returnToStock: mutationOf(api.retrievalReturn, { silent: true }),
};
/** After an issue or a return: the stock, the orders, the record and the codes all change. */
export const invalidateOutbound = (queryClient: QueryClient) =>
  invalidate(queryClient, [
    api.stockList,
    api.stockPutDetail,
    api.retrievalList,
    api.retrievalDetail,
    api.retrievalCodes,
    api.retrievalSearch,
    api.retrievalSearchAll,
  ]);
