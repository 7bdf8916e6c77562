import { lazyPage, type PageOptions, page, type RouteItem } from '../../lib/route-types.ts';
import { RECEIVE_PATHS } from './receive-paths.ts';

/**
 * The site construction pages (spec §2 /projectConstruction and /project; docs/construction.md), each under the
 * title key the route table already gave it. Receiving, inspection and stock (issue 24 items 1, 2, 4, 9).
 */

// ---- receive, receiveDetail, stock, stockDetail, receiveTrackDetail, receiveInvoiceDetail ----

const ReceivePage = lazyPage(() => import('./pages/ReceivePage.tsx').then((m) => ({ default: m.ReceivePage })));
const ReceiveDetailPage = lazyPage(() =>
  import('./pages/ReceiveDetailPage.tsx').then((m) => ({ default: m.ReceiveDetailPage })),
);
const StockPage = lazyPage(() => import('./pages/StockPage.tsx').then((m) => ({ default: m.StockPage })));
const StockDetailPage = lazyPage(() =>
  import('./pages/StockDetailPage.tsx').then((m) => ({ default: m.StockDetailPage })),
);
const ReceiveTrackDetailPage = lazyPage(() =>
  import('./pages/ReceiveTrackDetailPage.tsx').then((m) => ({ default: m.ReceiveTrackDetailPage })),
);
const ReceiveInvoiceDetailPage = lazyPage(() =>
  import('./pages/ReceiveInvoiceDetailPage.tsx').then((m) => ({ default: m.ReceiveInvoiceDetailPage })),
);
/** A delivery's or a shipment's first query, started beside the page's code (lib/record-id.ts, `recordData`). */
const deliveryData = () => import('./delivery-data.ts');
const shipmentData = () => import('./shipment-data.ts');

const onProject: PageOptions = { requiresProject: true };

/** Under /projectConstruction (paths relative to the group). */
export const receiveRoutes = {
  /** 收货验收: 待收货, 待验收, 到货记录; 收货 and 平台外到货. */
  receive: page('receive', 'constructionReceive', ReceivePage, onProject),
  /** A delivery and its lots' inspections (`&inspection=` opens one). */
  receiveDetail: page('receiveDetail', 'receiveDetail', ReceiveDetailPage, {
    ...onProject,
    hidden: true,
    activeMenu: RECEIVE_PATHS.receive,
    data: deliveryData,
  }),
  /** 项目库存: the project's stock by lot and state. */
  stock: page('stock', 'constructionStock', StockPage, { ...onProject, keepAlive: true }),
  /** One lot's moves. */
  stockDetail: page('stockDetail', 'constructionStockDetail', StockDetailPage, {
    ...onProject,
    hidden: true,
    activeMenu: RECEIVE_PATHS.stock,
  }),
} satisfies Record<string, RouteItem>;

/** Under /project (reached from the receive pages; the menu highlights 收货验收). */
export const receiveProjectRoutes = {
  receiveTrackDetail: page('receiveTrackDetail', 'receiveTrackDetail', ReceiveTrackDetailPage, {
    ...onProject,
    hidden: true,
    activeMenu: RECEIVE_PATHS.receive,
    data: shipmentData,
  }),
  receiveInvoiceDetail: page('receiveInvoiceDetail', 'receiveInvoiceDetail', ReceiveInvoiceDetailPage, {
    ...onProject,
    hidden: true,
    activeMenu: RECEIVE_PATHS.receive,
    data: deliveryData,
  }),
} satisfies Record<string, RouteItem>;
