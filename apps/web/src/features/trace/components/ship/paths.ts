/** Where the shipment screens live (spec §2 /productionManagement); the pages link to each other by these. */
export const SHIP_PATHS = {
  send: '/productionManagement/sendProduct',
  trackList: '/productionManagement/trackList',
  sources: '/productionManagement/sources',
  detail: '/productionManagement/sourceDetail',
  addresses: '/productionManagement/addressManagement',
  productDashboard: '/productionManagement/productDashboard',
  stock: '/productionManagement/inventoryDetail',
} as const;

export const shipmentDetailPath = (id: number, receive = false) =>
  `${SHIP_PATHS.detail}?id=${id}${receive ? '&receive=1' : ''}`;
export const sendProductPath = (draftId?: number) =>
  draftId === undefined ? SHIP_PATHS.send : `${SHIP_PATHS.send}?id=${draftId}`;
/** A lot in its drawer on 产品看板, where its codes are issued (生成追溯码). */
export const productLotPath = (productId: number, lotId: number) =>
  `${SHIP_PATHS.productDashboard}?id=${productId}&lot=${lotId}`;
/** 库存详情: the holder's stock (a project's, for a construction or supervision unit), optionally of one line's lot. */
export const stockPath = (of: { projectId?: number | null; specId?: number; lotId?: number } = {}) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(of)) if (v) params.set(k, String(v));
  const query = params.toString();
  return query ? `${SHIP_PATHS.stock}?${query}` : SHIP_PATHS.stock;
};
