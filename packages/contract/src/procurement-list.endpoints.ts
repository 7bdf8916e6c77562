import type { EndpointDef } from './endpoint.ts';

/** Procurement's list calls (docs/procurement.md); procurement.endpoints.ts joins them. */
export const materialListEndpoints = {} satisfies Record<string, EndpointDef>;
