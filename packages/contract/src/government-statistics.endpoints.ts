import type { EndpointDef } from './endpoint.ts';
import { endpoint } from './endpoint.ts';
import {
  openStatisticsParams,
  openStatisticsQuery,
  statisticsData,
  statisticsLinesData,
  statisticsLinesQuery,
  statisticsProjectsData,
  statisticsProjectsQuery,
  statisticsQuery,
  statisticsReportQuery,
} from './government-statistics.ts';

const STATISTICS = '/api/gov/statistics';

/** Government statistics (docs/government.md, "Statistics"); government.endpoints.ts joins them. */
export const governmentStatisticsEndpoints = {
  /** The dashboard: KPIs, districts, categories and stars, trend with the year to date, projects, suppliers, carbon, inspections. */
  statistics: endpoint({ method: 'GET', path: STATISTICS, query: statisticsQuery, response: statisticsData }),
  /** A figure's projects (drill-down), paged. */
  statisticsProjects: endpoint({
    method: 'GET',
    path: `${STATISTICS}/projects`,
    query: statisticsProjectsQuery,
    response: statisticsProjectsData,
  }),
  /** The filed lines behind a figure (a project, a category, a star bucket, a supplier), paged. */
  statisticsLines: endpoint({
    method: 'GET',
    path: `${STATISTICS}/lines`,
    query: statisticsLinesQuery,
    response: statisticsLinesData,
  }),
  /** The dashboard's figures, projects and definitions as an .xlsx workbook. */
  statisticsExport: endpoint({ method: 'GET', path: `${STATISTICS}/export`, query: statisticsQuery }),
  /** The printable report (PDF, or .docx to edit), with each figure's definition and version. */
  statisticsReport: endpoint({ method: 'GET', path: `${STATISTICS}/report`, query: statisticsReportQuery }),
  /**
   * A city's aggregated figures as open data (public, no personal data, no unit price below a project), an OCDS-like
   * JSON document of its own (docs/government.md, "Open data").
   */
  openStatistics: endpoint({
    method: 'GET',
    path: '/open/statistics/{cityCode}',
    params: openStatisticsParams,
    query: openStatisticsQuery,
    envelope: false,
  }),
} satisfies Record<string, EndpointDef>;
