/** The addresses of the receiving, inspection and stock pages (route table paths, for links between them). */
export const RECEIVE_PATHS = {
  receive: '/projectConstruction/receive',
  detail: '/projectConstruction/receiveDetail',
  stock: '/projectConstruction/stock',
  stockDetail: '/projectConstruction/stockDetail',
  track: '/project/receiveTrackDetail',
  invoice: '/project/receiveInvoiceDetail',
  /** Traceability's full shipment page (events, receipts, carbon). */
  sourceDetail: '/productionManagement/sourceDetail',
} as const;
