import type { EndpointDef } from './endpoint.ts';

/** Procurement's policy calls (docs/procurement.md); procurement.endpoints.ts joins them. */
export const procurementPolicyEndpoints = {} satisfies Record<string, EndpointDef>;
