import type { EndpointData, EndpointInput } from '@jcbb/contract/endpoint';
import { procurementRegionEndpoints as region } from '@jcbb/contract/procurement-region.endpoints';
import { procurementSummaryEndpoints as api } from '@jcbb/contract/procurement-summary.endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call, keyOf, queryOf } from '../../lib/api.ts';
import { retryUnlessNotFound } from '../../lib/record-id.ts';

/**
 * The summary and region pages' calls (docs/procurement.md, "Summaries" and "Region") as TanStack Query options over
 * the contract's endpoints: no URL and no answer type is written here.
 */

export type SummaryInput = EndpointInput<typeof api.materialsSummary>;
export type SummaryData = EndpointData<typeof api.materialsSummary>;
export type SummaryProject = SummaryData['projects'][number];
export type SummaryCell = SummaryData['cells'][number];
export type SummaryCategory = SummaryData['categories'][number];
export type SummaryFailure = SummaryData['failures'][number];
export type SummaryDetailInput = EndpointInput<typeof api.materialsSummaryDetail>;
export type SummaryDetail = EndpointData<typeof api.materialsSummaryDetail>;
export type SummaryLine = SummaryDetail['lines'][number];
export type RegionDistrictsInput = EndpointInput<typeof region.getRegionDistrictTree>;
export type RegionDistricts = EndpointData<typeof region.getRegionDistrictTree>;
export type RegionDetailsInput = EndpointInput<typeof region.getOpenRegionDistrictDetails>;

export const summaryQueries = {
  summary: (input: SummaryInput) => queryOf(api.materialsSummary, input),
  detail: (input: SummaryDetailInput) =>
    queryOptions({ ...queryOf(api.materialsSummaryDetail, input), retry: retryUnlessNotFound }),
  /** Public, signed calls (no session is sent on /open/ paths); the page shows a failure itself. */
  districts: (input: RegionDistrictsInput) =>
    queryOptions({
      queryKey: keyOf(region.getRegionDistrictTree, input),
      queryFn: () => call(region.getRegionDistrictTree, input, { silent: true }),
    }),
  district: (input: RegionDetailsInput) =>
    queryOptions({
      queryKey: keyOf(region.getOpenRegionDistrictDetails, input),
      queryFn: () => call(region.getOpenRegionDistrictDetails, input, { silent: true }),
    }),
};
