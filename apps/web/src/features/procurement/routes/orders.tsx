import { lazyPage, page, type RouteItem } from '../../../lib/route-types.ts';
import { PROCUREMENT_PATHS, type ProcurementPage } from '../paths.ts';

const Orders = lazyPage(() => import('../pages/OrdersPage.tsx').then((m) => ({ default: m.OrdersPage })));
const OrderDetail = lazyPage(() =>
  import('../pages/OrderDetailPage.tsx').then((m) => ({ default: m.OrderDetailPage })),
);
const SupplierOrders = lazyPage(() =>
  import('../pages/SupplierOrderListPage.tsx').then((m) => ({ default: m.SupplierOrderListPage })),
);
const SupplierOrderDetail = lazyPage(() =>
  import('../pages/SupplierOrderDetailPage.tsx').then((m) => ({ default: m.SupplierOrderDetailPage })),
);
const Alternates = lazyPage(() =>
  import('../pages/AlternateSuppliersPage.tsx').then((m) => ({ default: m.AlternateSuppliersPage })),
);

const project = { requiresProject: true } as const;

/** The orders pages of procurement (routes.tsx joins them; the options are the route table's for each page). */
export const ordersRoutes: Partial<Record<ProcurementPage, RouteItem>> = {
  orders: page(PROCUREMENT_PATHS.orders, 'procurementOrders', Orders, project),
  orderDetail: page(PROCUREMENT_PATHS.orderDetail, 'procurementOrderDetail', OrderDetail, {
    ...project,
    hidden: true,
    activeMenu: PROCUREMENT_PATHS.orders,
  }),
  alternateSuppliers: page(PROCUREMENT_PATHS.alternateSuppliers, 'alternateSuppliers', Alternates, project),
  supplierOrders: page(PROCUREMENT_PATHS.supplierOrders, 'supplierOrders', SupplierOrders),
  supplierOrderDetail: page(PROCUREMENT_PATHS.supplierOrderDetail, 'supplierOrderDetail', SupplierOrderDetail, {
    hidden: true,
    activeMenu: PROCUREMENT_PATHS.supplierOrders,
  }),
};
