import { pages } from '@jcbb/contract/pages';

/**
 * The addresses of the receiving, inspection and stock pages (route table paths, for links between them). The
 * delivery's page is the contract's (`siteDeliveryDetail`: the server's messages link it); the others only this
 * feature links to.
 */
export const RECEIVE_PATHS = {
  receive: '/projectConstruction/receive',
  detail: pages.siteDeliveryDetail.path,
  stock: '/projectConstruction/stock',
  stockDetail: '/projectConstruction/stockDetail',
  track: '/project/receiveTrackDetail',
  invoice: '/project/receiveInvoiceDetail',
  /** Traceability's full shipment page (events, receipts, carbon). */
  sourceDetail: pages.shipmentDetail.path,
} as const;
