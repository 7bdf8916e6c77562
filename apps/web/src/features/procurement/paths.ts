import { pages } from '@jcbb/contract/pages';

/**
 * The procurement pages' paths (spec §2 /buildMaterialProcurement; the suppliers' /procurementSales; the platform's
 * policy data). Pages other code links to take theirs from the contract's `pages`.
 */
export const PROCUREMENT_PATHS = {
  materialsList: '/buildMaterialProcurement/materialsList',
  materialsSummary: '/buildMaterialProcurement/materialsSummary',
  materialsSummaryDetail: '/buildMaterialProcurement/materialsSummaryDetail',
  selectionAndPurchase: '/buildMaterialProcurement/selectionAndPurchase',
  inquiryDetail: pages.procurementInquiry.path,
  orders: '/buildMaterialProcurement/orders',
  orderDetail: pages.procurementOrder.path,
  alternateSuppliers: pages.procurementAlternates.path,
  region: '/buildMaterialProcurement/region',
  supplierInquiries: '/procurementSales/inquiries',
  supplierInquiryDetail: pages.supplierInquiry.path,
  supplierOrders: '/procurementSales/orders',
  supplierOrderDetail: pages.supplierOrder.path,
  policy: '/admin/procurement-policy',
} as const;

export type ProcurementPage = keyof typeof PROCUREMENT_PATHS;
