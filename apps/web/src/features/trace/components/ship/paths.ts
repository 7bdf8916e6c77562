/** Where the shipment screens live (spec §2 /productionManagement); the pages link to each other by these. */
export const SHIP_PATHS = {
  send: '/productionManagement/sendProduct',
  trackList: '/productionManagement/trackList',
  sources: '/productionManagement/sources',
  detail: '/productionManagement/sourceDetail',
  addresses: '/productionManagement/addressManagement',
} as const;

export const shipmentDetailPath = (id: number, receive = false) =>
  `${SHIP_PATHS.detail}?id=${id}${receive ? '&receive=1' : ''}`;
export const sendProductPath = (draftId?: number) =>
  draftId === undefined ? SHIP_PATHS.send : `${SHIP_PATHS.send}?id=${draftId}`;
