import type { EndpointDef } from './endpoint.ts';

/** Procurement's sourcing calls (docs/procurement.md); procurement.endpoints.ts joins them. */
export const sourcingEndpoints = {} satisfies Record<string, EndpointDef>;
