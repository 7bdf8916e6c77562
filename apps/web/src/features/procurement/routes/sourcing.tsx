import { lazyPage, page, type RouteItem } from '../../../lib/route-types.ts';
import { PROCUREMENT_PATHS, type ProcurementPage } from '../paths.ts';

const Selection = lazyPage(() =>
  import('../pages/SelectionAndPurchasePage.tsx').then((m) => ({ default: m.SelectionAndPurchasePage })),
);
const InquiryDetail = lazyPage(() =>
  import('../pages/InquiryDetailPage.tsx').then((m) => ({ default: m.InquiryDetailPage })),
);
const SupplierInquiries = lazyPage(() =>
  import('../pages/SupplierInquiryListPage.tsx').then((m) => ({ default: m.SupplierInquiryListPage })),
);
const SupplierInquiryDetail = lazyPage(() =>
  import('../pages/SupplierInquiryDetailPage.tsx').then((m) => ({ default: m.SupplierInquiryDetailPage })),
);

const project = { requiresProject: true };

/** The sourcing pages of procurement (routes.tsx joins them), with the options the route table gives them. */
export const sourcingRoutes: Partial<Record<ProcurementPage, RouteItem>> = {
  selectionAndPurchase: page(PROCUREMENT_PATHS.selectionAndPurchase, 'selectionAndPurchase', Selection, project),
  inquiryDetail: page(PROCUREMENT_PATHS.inquiryDetail, 'procurementInquiryDetail', InquiryDetail, {
    ...project,
    hidden: true,
    activeMenu: PROCUREMENT_PATHS.selectionAndPurchase,
  }),
  supplierInquiries: page(PROCUREMENT_PATHS.supplierInquiries, 'supplierInquiries', SupplierInquiries, {
    keepAlive: true,
  }),
  supplierInquiryDetail: page(PROCUREMENT_PATHS.supplierInquiryDetail, 'supplierInquiryDetail', SupplierInquiryDetail, {
    hidden: true,
    activeMenu: PROCUREMENT_PATHS.supplierInquiries,
  }),
};
