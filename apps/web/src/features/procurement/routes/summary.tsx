import type { RouteItem } from '../../../lib/route-types.ts';
import type { ProcurementPage } from '../paths.ts';

/** The summary pages of procurement (routes.tsx joins them; the route table shows "在建设中" for a page not here yet). */
export const summaryRoutes: Partial<Record<ProcurementPage, RouteItem>> = {};
