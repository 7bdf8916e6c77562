import { lazyPage, page, type RouteItem } from '../../lib/route-types.ts';
import { TRACE_PATHS } from './paths.ts';

/** A shipment's first query, started beside the detail's code (lib/record-id.ts, `recordData`). */
const shipmentData = () => import('./source-detail-data.ts');
/** The lists' first queries, started beside their code (shipment-list-data.ts). */
const outgoingData = () => import('./shipment-list-data.ts').then((m) => ({ default: m.outgoingListData }));
const incomingData = () => import('./shipment-list-data.ts').then((m) => ({ default: m.incomingListData }));
const SendProductPage = lazyPage(() =>
  import('./pages/ship/SendProductPage.tsx').then((m) => ({ default: m.SendProductPage })),
);
const TrackListPage = lazyPage(() =>
  import('./pages/ship/ShipmentListPages.tsx').then((m) => ({ default: m.TrackListPage })),
);
const SourcesPage = lazyPage(() =>
  import('./pages/ship/ShipmentListPages.tsx').then((m) => ({ default: m.SourcesPage })),
);
const SourceDetailPage = lazyPage(() =>
  import('./pages/ship/SourceDetailPage.tsx').then((m) => ({ default: m.SourceDetailPage })),
);

/**
 * The shipment pages of the /productionManagement groups (spec §2), with the titles and menu flags the route table
 * gave them, at the paths of paths.ts. The receipt form is a drawer of sourceDetail
 * (`sourceDetail?id=…&receive=1` opens it), not a page of its own.
 */
export const shipRoutes = {
  sendProduct: page(TRACE_PATHS.sendProduct, 'sendProduct', SendProductPage),
  /** A construction unit ships only returns (made from a receipt): reachable, not in its menu. */
  sendReturn: page(TRACE_PATHS.sendProduct, 'sendProduct', SendProductPage, {
    hidden: true,
    activeMenu: TRACE_PATHS.sources,
  }),
  trackList: page(TRACE_PATHS.trackList, 'trackList', TrackListPage, { keepAlive: true, data: outgoingData }),
  sources: page(TRACE_PATHS.sources, 'sources', SourcesPage, { data: incomingData }),
  materialSources: page(TRACE_PATHS.sources, 'materialSources', SourcesPage, { data: incomingData }),
  /** Under 发货记录 (a manufacturer's shipments). */
  sourceDetailOfTrackList: page(TRACE_PATHS.sourceDetail, 'sourceDetail', SourceDetailPage, {
    hidden: true,
    activeMenu: TRACE_PATHS.trackList,
    data: shipmentData,
  }),
  /** Under 货源管理 / 材料来源 (what comes in). */
  sourceDetailOfSources: page(TRACE_PATHS.sourceDetail, 'sourceDetail', SourceDetailPage, {
    hidden: true,
    activeMenu: TRACE_PATHS.sources,
    data: shipmentData,
  }),
} satisfies Record<string, RouteItem>;
