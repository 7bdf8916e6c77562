import { lazyPage, page, type RouteItem } from '../../app/route-types.ts';

/**
 * The site construction pages (spec §2 /projectConstruction; docs/construction.md), grouped by part of the module.
 * The route table places them in the project consoles' /projectConstruction group under the titles it already uses
 * (`route.<key>`); every one needs a project (the 暂无项目 guard).
 */

// ---- spotCheck, spotCheckDetail (witness sampling and spot checks) ----

const SpotCheckPage = lazyPage(() => import('./pages/SpotCheckPage.tsx').then((m) => ({ default: m.SpotCheckPage })));
const SpotCheckDetailPage = lazyPage(() =>
  import('./pages/SpotCheckDetailPage.tsx').then((m) => ({ default: m.SpotCheckDetailPage })),
);

export const constructionRoutes = {
  /** 抽检与见证: witnessed samples and the witness ratio; the supervision unit's spot checks. */
  spotCheck: page('spotCheck', 'spotCheck', SpotCheckPage, { requiresProject: true }),
  /** A spot check (`?id=`) or a witnessed sample (`?sample=`). */
  spotCheckDetail: page('spotCheckDetail', 'spotCheckDetail', SpotCheckDetailPage, {
    requiresProject: true,
    hidden: true,
    activeMenu: '/projectConstruction/spotCheck',
    data: () => import('./spot-check-detail-data.ts'),
  }),
} satisfies Record<string, RouteItem>;
