import type { EndpointDef } from './endpoint.ts';
import { endpoint } from './endpoint.ts';
import {
  materialsSummaryBody,
  materialsSummaryData,
  materialsSummaryDetailBody,
  materialsSummaryDetailData,
} from './procurement-summary.ts';

const SUMMARY = '/api/procurement/summary';

/** Procurement's summary calls (docs/procurement.md, "Summaries"); procurement.endpoints.ts joins them. */
export const procurementSummaryEndpoints = {
  /** The caller's projects (or one) by category: budget, ordered, delivered, green share and the policy's rules. */
  materialsSummary: endpoint({
    method: 'POST',
    path: SUMMARY,
    body: materialsSummaryBody,
    response: materialsSummaryData,
  }),
  /** One project's lines of one category, each with ordered, delivered, green and why. */
  materialsSummaryDetail: endpoint({
    method: 'POST',
    path: `${SUMMARY}/detail`,
    body: materialsSummaryDetailBody,
    response: materialsSummaryDetailData,
  }),
} satisfies Record<string, EndpointDef>;
