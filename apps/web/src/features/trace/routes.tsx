import { lazyPage, type PageOptions, page, type RouteItem } from '../../lib/route-types.ts';

/**
 * The traceability pages (spec §2 /productionManagement; docs/traceability.md), grouped by screen. The route table
 * places them in each console's /productionManagement group under the titles it already uses (`route.<key>`).
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

export const TRACE_PATHS = {
  dashboard: '/productionManagement/dashboard',
  productDashboard: '/productionManagement/productDashboard',
  inventoryDetail: '/productionManagement/inventoryDetail',
  addressManagement: '/productionManagement/addressManagement',
  sendProduct: '/productionManagement/sendProduct',
  trackList: '/productionManagement/trackList',
  sourceDetail: '/productionManagement/sourceDetail',
  sources: '/productionManagement/sources',
  mobileDetail: '/mobile/detail',
} as const;

export const traceRoutes = {
  /** The manufacturer's and distributor's overview: shipments, stock, transport carbon, alerts. */
  dashboard: page('dashboard', 'traceDashboard', DashboardPage),
  /** One product: its lots (made here: 新建批次, codes, labels), where it went, who holds it. */
  productDashboard: page('productDashboard', 'productDashboard', ProductDashboardPage, {
    data: () => import('./product-dashboard-data.ts'),
  }),
  addressManagement: page('addressManagement', 'addressManagement', AddressManagementPage),
} satisfies Record<string, RouteItem>;

/**
 * The stock page (stock list and a specification's stock card). Reached from another page of each console, so it
 * stays out of the menu and highlights the entry it is reached from (`activeMenu`); construction and supervision
 * units open it for a project (`requiresProject`).
 */
export const inventoryDetailRoute = (options: Omit<PageOptions, 'hidden'> = {}): RouteItem =>
  page('inventoryDetail', 'inventoryDetail', InventoryDetailPage, { hidden: true, ...options });

// ---- sendProduct, trackList, sources, sourceDetail (shipment screens: ship-routes.tsx), and /mobile/index,
// /mobile/detail (the public scan pages: mobile-routes.tsx) ----
export { traceMobileRoutes } from './mobile-routes.tsx';
export { shipRoutes } from './ship-routes.tsx';
