import type { RouteItem } from '../../lib/route-types.ts';
import type { ProcurementPage } from './paths.ts';

export { PROCUREMENT_PATHS, type ProcurementPage } from './paths.ts';

import { listRoutes } from './routes/list.tsx';
import { ordersRoutes } from './routes/orders.tsx';
import { sourcingRoutes } from './routes/sourcing.tsx';
import { summaryRoutes } from './routes/summary.tsx';

/**
 * Every procurement page (docs/procurement.md), by name: the buyer's (developer, construction unit), the supplier's
 * (manufacturer, distributor) and the platform's policy data. Each part of the module declares its own in routes/.
 */
export const procurementRoutes: Partial<Record<ProcurementPage, RouteItem>> = {
  ...listRoutes,
  ...summaryRoutes,
  ...sourcingRoutes,
  ...ordersRoutes,
};
