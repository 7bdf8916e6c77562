import { Role } from '@jcbb/contract/enums';
import { pages } from '@jcbb/contract/pages';
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

// ---- issue to the works: outbound, outboundDetail, /project/outboundOrderDetail, /project/outboundRecord ----

const OutboundPage = lazyPage(() => import('./pages/OutboundPage.tsx').then((m) => ({ default: m.OutboundPage })));
const OutboundDetailPage = lazyPage(() =>
  import('./pages/OutboundDetailPage.tsx').then((m) => ({ default: m.OutboundDetailPage })),
);
const OutboundRecordPage = lazyPage(() =>
  import('./pages/OutboundRecordPage.tsx').then((m) => ({ default: m.OutboundRecordPage })),
);
const outboundDetailData = () => import('./outbound-detail-data.ts');

/** Under /projectConstruction (出库领用 and its detail) and under /project (the same detail, 领用记录). */
export const outboundRoutes = {
  outbound: page('outbound', 'constructionOutbound', OutboundPage, { requiresProject: true }),
  detail: page('outboundDetail', 'outboundDetail', OutboundDetailPage, {
    requiresProject: true,
    hidden: true,
    activeMenu: '/projectConstruction/outbound',
    data: outboundDetailData,
  }),
  orderDetail: page('outboundOrderDetail', 'outboundOrderDetail', OutboundDetailPage, {
    requiresProject: true,
    hidden: true,
    activeMenu: '/project/list',
    data: outboundDetailData,
  }),
  record: page('outboundRecord', 'outboundRecord', OutboundRecordPage, {
    requiresProject: true,
    hidden: true,
    activeMenu: '/project/list',
  }),
} satisfies Record<string, RouteItem>;

// ---- spotCheck, spotCheckDetail (witness sampling and spot checks) ----

const SpotCheckPage = lazyPage(() => import('./pages/SpotCheckPage.tsx').then((m) => ({ default: m.SpotCheckPage })));
const SpotCheckDetailPage = lazyPage(() =>
  import('./pages/SpotCheckDetailPage.tsx').then((m) => ({ default: m.SpotCheckDetailPage })),
);

export const spotCheckRoutes = {
  /** 抽检与见证: witnessed samples and the witness ratio; the supervision unit's spot checks. */
  spotCheck: page('spotCheck', 'spotCheck', SpotCheckPage, { requiresProject: true }),
  /** A spot check (`?id=`) or a witnessed sample (`?sample=`). */
  spotCheckDetail: page(pages.spotCheckDetail.path, 'spotCheckDetail', SpotCheckDetailPage, {
    requiresProject: true,
    hidden: true,
    activeMenu: '/projectConstruction/spotCheck',
    data: () => import('./spot-check-detail-data.ts'),
  }),
} satisfies Record<string, RouteItem>;

// ---- stock import and export (.xlsx) ----

const StockImportPage = lazyPage(() =>
  import('./pages/StockImportPage.tsx').then((m) => ({ default: m.StockImportPage })),
);
const StockExportPage = lazyPage(() =>
  import('./pages/StockExportPage.tsx').then((m) => ({ default: m.StockExportPage })),
);

/**
 * The project's Excel pages (docs/construction.md, "Import and export"), under /project, reached from the project's
 * detail: the construction unit's import of off-platform deliveries, and the exports for everyone who may read the
 * site — the project consoles' (construction, supervision), the developer's and the city committee's.
 */
export const stockXlsxRoutes = {
  stockImport: page('stockImport', 'stockImport', StockImportPage, {
    requiresProject: true,
    hidden: true,
    activeMenu: '/project/list',
  }),
  stockExport: page('stockExport', 'stockExport', StockExportPage, {
    requiresProject: true,
    hidden: true,
    activeMenu: '/project/list',
  }),
  /** The city committee's: it takes part in no project, and arrives from a project's detail. */
  cityStockExport: page(pages.siteStockExport.path, 'stockExport', StockExportPage, {
    hidden: true,
    activeMenu: '/gov/projects',
    roles: [Role.CITY_COMMITTEE],
  }),
} satisfies Record<string, RouteItem>;
