import { lazyPage, type PageOptions, page, type RouteItem } from '../../lib/route-types.ts';
import { TRACE_PATHS } from './paths.ts';

/**
 * The traceability pages (spec §2 /productionManagement; docs/traceability.md), grouped by screen, at the paths of
 * paths.ts. The route table places them in each console's /productionManagement group under the titles it already
 * uses (`route.<key>`).
 */

// ---- dashboard, productDashboard, inventoryDetail, addressManagement (console screens) ----

const DashboardPage = lazyPage(() =>
  import('./pages/TraceDashboardPage.tsx').then((m) => ({ default: m.TraceDashboardPage })),
);
const ProductDashboardPage = lazyPage(() =>
  import('./pages/ProductDashboardPage.tsx').then((m) => ({ default: m.ProductDashboardPage })),
);
const InventoryDetailPage = lazyPage(() =>
  import('./pages/InventoryDetailPage.tsx').then((m) => ({ default: m.InventoryDetailPage })),
);
const AddressManagementPage = lazyPage(() =>
  import('./pages/AddressManagementPage.tsx').then((m) => ({ default: m.AddressManagementPage })),
);

export const traceRoutes = {
  /** The manufacturer's and distributor's overview: shipments, stock, transport carbon, alerts. */
  dashboard: page(TRACE_PATHS.dashboard, 'traceDashboard', DashboardPage),
  /** One product: its lots (made here: 新建批次, codes, labels), where it went, who holds it. */
  productDashboard: page(TRACE_PATHS.productDashboard, 'productDashboard', ProductDashboardPage, {
    data: () => import('./product-dashboard-data.ts'),
  }),
  addressManagement: page(TRACE_PATHS.addressManagement, 'addressManagement', AddressManagementPage),
} satisfies Record<string, RouteItem>;

/**
 * The stock page (stock list and a specification's stock card). Reached from another page of each console, so it
 * stays out of the menu and highlights the entry it is reached from (`activeMenu`); construction and supervision
 * units open it for a project (`requiresProject`).
 */
export const inventoryDetailRoute = (options: Omit<PageOptions, 'hidden'> = {}): RouteItem =>
  page(TRACE_PATHS.inventoryDetail, 'inventoryDetail', InventoryDetailPage, { hidden: true, ...options });

// ---- sendProduct, trackList, sources, sourceDetail (shipment screens: ship-routes.tsx), and /mobile/index,
// /mobile/detail (the public scan pages: mobile-routes.tsx) ----
export { traceMobileRoutes } from './mobile-routes.tsx';
/** For the route table's group redirects and highlighted entries. */
export { TRACE_PATHS } from './paths.ts';
export { shipRoutes } from './ship-routes.tsx';
