/** Where the shipment screens live (spec §2 /productionManagement); the pages link to each other by these. */
export const SHIP_PATHS = {
  send: '/productionManagement/sendProduct',
  trackList: '/productionManagement/trackList',
  sources: '/productionManagement/sources',
  detail: '/productionManagement/sourceDetail',
  addresses: '/productionManagement/addressManagement',
  productDashboard: '/productionManagement/productDashboard',
} as const;

export const shipmentDetailPath = (id: number, receive = false) =>
  `${SHIP_PATHS.detail}?id=${id}${receive ? '&receive=1' : ''}`;
export const sendProductPath = (draftId?: number) =>
  draftId === undefined ? SHIP_PATHS.send : `${SHIP_PATHS.send}?id=${draftId}`;
/** A lot in its drawer on 产品看板, where its codes are issued (生成追溯码). */
export const productLotPath = (productId: number, lotId: number) =>
  `${SHIP_PATHS.productDashboard}?id=${productId}&lot=${lotId}`;
