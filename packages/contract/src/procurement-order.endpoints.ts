import type { EndpointDef } from './endpoint.ts';

/** Procurement's order calls (docs/procurement.md); procurement.endpoints.ts joins them. */
export const purchaseOrderEndpoints = {} satisfies Record<string, EndpointDef>;
