import { materialListEndpoints } from './procurement-list.endpoints.ts';
import { purchaseOrderEndpoints } from './procurement-order.endpoints.ts';
import { procurementPolicyEndpoints } from './procurement-policy.endpoints.ts';
import { procurementRegionEndpoints } from './procurement-region.endpoints.ts';
import { sourcingEndpoints } from './procurement-sourcing.endpoints.ts';
import { procurementSummaryEndpoints } from './procurement-summary.endpoints.ts';

/**
 * Every procurement call (docs/procurement.md), joined from its parts: the policy data (platform operator), material
 * lists, summaries, sourcing (candidates, inquiries, quotes, direct purchase), purchase orders and alternates, and
 * the public region calls (spec §7 /open/materials/show/getRegionTree, getOpenRegionDetails).
 */
export const procurementEndpoints = {
  ...procurementPolicyEndpoints,
  ...materialListEndpoints,
  ...procurementSummaryEndpoints,
  ...sourcingEndpoints,
  ...purchaseOrderEndpoints,
  ...procurementRegionEndpoints,
};
