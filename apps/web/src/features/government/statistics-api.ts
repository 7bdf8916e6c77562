import type { EndpointData, EndpointInput } from '@jcbb/contract/endpoint';
import { governmentStatisticsEndpoints as api } from '@jcbb/contract/government-statistics.endpoints';
import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { referenceEndpoints } from '@jcbb/contract/reference.endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call, download, keyOf, queryOf } from '../../lib/api.ts';

/**
 * The statistics dashboard's calls (docs/government.md, "Statistics"), over the contract's endpoints: the figures,
 * their drill-downs (projects, lines), the workbook and the printable report, and the reference data the filter bar
 * offers (the operator's cities, a city's districts, the policy batches). No URL and no answer type is written here.
 */

/**
 * The dashboard's filters as the page holds them (the contract's `statisticsFilters`, whose inputs are loose: they
 * also come from query strings); sent as they are to every call of the page.
 */
export interface StatisticsFilters {
  period: string;
  cityCode?: string;
  regionCode?: string;
  projectType?: number;
  batch?: string;
  categoryCode?: string;
  confirmedOnly?: boolean;
}
export type StatisticsData = EndpointData<typeof api.statistics>;
type StatisticsProjectsInput = EndpointInput<typeof api.statisticsProjects>;
export type StatisticsProjectRow = EndpointData<typeof api.statisticsProjects>['list'][number];
type StatisticsLinesInput = EndpointInput<typeof api.statisticsLines>;
export type StatisticsLineRow = EndpointData<typeof api.statisticsLines>['list'][number];

/** Reference data changes with a release, not during a visit. */
const forTheVisit = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY } as const;

export const statisticsQueries = {
  statistics: (filters: StatisticsFilters) => queryOf(api.statistics, filters),
  projects: (input: StatisticsProjectsInput) => queryOf(api.statisticsProjects, input),
  lines: (input: StatisticsLinesInput) => queryOf(api.statisticsLines, input),
  /** The platform's opened cities by province (the operator's city picker). */
  cities: () =>
    queryOptions({
      queryKey: keyOf(referenceEndpoints.selectCityTree, {}),
      queryFn: () => call(referenceEndpoints.selectCityTree, {}, { silent: true }),
      ...forTheVisit,
    }),
  /** A city's districts (GB/T 2260 children of the city's code). */
  districts: (cityCode: string) =>
    queryOptions({
      queryKey: keyOf(referenceEndpoints.divisionChildren, { parentCode: cityCode }),
      queryFn: () => call(referenceEndpoints.divisionChildren, { parentCode: cityCode }, { silent: true }),
      ...forTheVisit,
    }),
  /** Policy batches (and editions). */
  policyOptions: () =>
    queryOptions({
      queryKey: keyOf(projectEndpoints.policyOptions, {}),
      queryFn: () => call(projectEndpoints.policyOptions, {}, { silent: true }),
      ...forTheVisit,
    }),
};

export const statisticsFiles = {
  /** The dashboard as an .xlsx workbook. */
  workbook: (filters: StatisticsFilters) => download(api.statisticsExport, filters),
  /** The printable report: a PDF, or a .docx to edit. */
  report: (filters: StatisticsFilters, format: 'pdf' | 'docx') =>
    download(api.statisticsReport, { ...filters, format }),
};
