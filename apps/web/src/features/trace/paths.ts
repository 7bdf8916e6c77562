import { pages, pageUrl } from '@jcbb/contract/pages';

/**
 * Where the traceability screens live (spec §2 /productionManagement; docs/traceability.md), declared once: the route
 * table's entries (routes.tsx, ship-routes.tsx) and the pages' links read them here. The pages other code links to
 * (the server's messages, another feature) are the contract's (`@jcbb/contract/pages`), and so are they here.
 */
export const TRACE_PATHS = {
  dashboard: pages.traceDashboard.path,
  productDashboard: '/productionManagement/productDashboard',
  inventoryDetail: '/productionManagement/inventoryDetail',
  addressManagement: '/productionManagement/addressManagement',
  sendProduct: '/productionManagement/sendProduct',
  trackList: '/productionManagement/trackList',
  sources: '/productionManagement/sources',
  sourceDetail: pages.shipmentDetail.path,
} as const;

/** A shipment (`&receive=1` opens its receipt drawer). */
export const shipmentDetailPath = (id: number, receive = false) =>
  `${pageUrl(pages.shipmentDetail, { id })}${receive ? '&receive=1' : ''}`;
/** The shipment wizard, on a draft when `draftId` is given. */
export const sendProductPath = (draftId?: number) =>
  draftId === undefined ? TRACE_PATHS.sendProduct : `${TRACE_PATHS.sendProduct}?id=${draftId}`;
/** A lot in its drawer on 产品看板, where its codes are issued (生成追溯码). */
export const productLotPath = (productId: number, lotId: number) =>
  `${TRACE_PATHS.productDashboard}?id=${productId}&lot=${lotId}`;
/** 库存详情: the holder's stock (a project's, for a construction or supervision unit), optionally of one line's lot. */
export const stockPath = (of: { projectId?: number | null; specId?: number; lotId?: number } = {}) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(of)) if (v) params.set(k, String(v));
  const query = params.toString();
  return query ? `${TRACE_PATHS.inventoryDetail}?${query}` : TRACE_PATHS.inventoryDetail;
};
