import type { EndpointData, EndpointInput } from '@jcbb/contract/endpoint';
import { sourcingEndpoints as api } from '@jcbb/contract/procurement-sourcing.endpoints';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { keyOf, mutationOf, queryOf } from '../../lib/api.ts';
import { retryUnlessNotFound } from '../../lib/record-id.ts';

/**
 * Procurement's sourcing calls (docs/procurement.md, "Selection and purchase") as TanStack Query options over the
 * contract's endpoints: the selection overview and candidates, choosing, direct purchase, inquiries and quotes.
 */

export type SourcingOverview = EndpointData<typeof api.selectionOverview>;
export type SourcingLine = SourcingOverview['lines'][number];
export type Candidates = EndpointData<typeof api.selectionCandidates>;
export type Candidate = Candidates['list'][number];
export type InquiryRow = EndpointData<typeof api.inquiryList>['list'][number];
export type InquiryDetail = EndpointData<typeof api.inquiryDetail>;
export type SupplierInquiryRow = EndpointData<typeof api.supplierInquiryList>['list'][number];
export type SupplierInquiry = EndpointData<typeof api.supplierInquiryDetail>;

export const SOURCING_PAGE_SIZE = 10;

export const sourcingQueries = {
  overview: (projectId: number) => queryOf(api.selectionOverview, { projectId }),
  candidates: (lineId: number) => queryOf(api.selectionCandidates, { lineId }),
  supplierOptions: (projectId: number, lineIds: number[]) =>
    queryOf(api.inquirySupplierOptions, { projectId, lineIds: lineIds.join(',') }),
  inquiries: (input: EndpointInput<typeof api.inquiryList>) => queryOf(api.inquiryList, input),
  inquiry: (id: number) => queryOptions({ ...queryOf(api.inquiryDetail, { id }), retry: retryUnlessNotFound }),
  supplierInquiries: (input: EndpointInput<typeof api.supplierInquiryList>) => queryOf(api.supplierInquiryList, input),
  supplierInquiry: (id: number) =>
    queryOptions({ ...queryOf(api.supplierInquiryDetail, { id }), retry: retryUnlessNotFound }),
};

export const sourcingMutations = {
  choose: mutationOf(api.selectionChoose),
  unchoose: mutationOf(api.selectionUnchoose),
  directPurchase: mutationOf(api.directPurchase, { silent: true }),
  saveInquiry: mutationOf(api.inquirySave, { silent: true }),
  publish: mutationOf(api.inquiryPublish),
  close: mutationOf(api.inquiryClose),
  award: mutationOf(api.inquiryAward, { silent: true }),
  fail: mutationOf(api.inquiryFail, { silent: true }),
  cancel: mutationOf(api.inquiryCancel, { silent: true }),
  newRound: mutationOf(api.inquiryNewRound, { silent: true }),
  saveQuote: mutationOf(api.quoteSave, { silent: true }),
  submitQuote: mutationOf(api.quoteSubmit),
  withdrawQuote: mutationOf(api.quoteWithdraw),
};

/** After a choice, an inquiry or a quote changed: every sourcing view. */
export const invalidateSourcing = (qc: QueryClient) =>
  Promise.all(
    [
      api.selectionOverview,
      api.selectionCandidates,
      api.inquiryList,
      api.inquiryDetail,
      api.supplierInquiryList,
      api.supplierInquiryDetail,
    ].map((e) => qc.invalidateQueries({ queryKey: keyOf(e) })),
  );
