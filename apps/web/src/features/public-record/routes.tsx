import { pages } from '@jcbb/contract/pages';
import { lazyPage, page, type RouteItem } from '../../lib/route-types.ts';

/**
 * The public record's pages (issue 28 item 7, docs/public-pages.md), without sign-in and without the console frame.
 * Each replaces the placeholder of the same path in app/route-table.tsx; the pages load lazily.
 */
const Sitemap = lazyPage(() => import('./pages/SitemapPage.tsx'));
const Snapshot = lazyPage(() => import('./pages/SnapshotPage.tsx'));

export const publicRecordRoutes = {
  sitemaps: page(pages.sitemaps.path, 'sitemaps', Sitemap),
  snapshot: page(pages.productSnapshot.path, 'snapshot', Snapshot),
} satisfies Record<string, RouteItem>;
