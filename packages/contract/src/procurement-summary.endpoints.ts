import type { EndpointDef } from './endpoint.ts';

/** Procurement's summary calls (docs/procurement.md); procurement.endpoints.ts joins them. */
export const procurementSummaryEndpoints = {} satisfies Record<string, EndpointDef>;
