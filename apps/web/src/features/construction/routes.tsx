import { lazyPage, page, type RouteItem } from '../../lib/route-types.ts';

/**
 * The site construction pages (spec §2 /projectConstruction and the project's stock records; docs/construction.md),
 * grouped by part. The route table places them in the construction and supervision units' console (`projectConsole`)
 * under the titles it already uses (`route.<key>`); every one needs a project (暂无项目).
 */

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
