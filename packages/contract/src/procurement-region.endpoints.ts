import type { EndpointDef } from './endpoint.ts';

/** Procurement's region calls (docs/procurement.md); procurement.endpoints.ts joins them. */
export const procurementRegionEndpoints = {} satisfies Record<string, EndpointDef>;
