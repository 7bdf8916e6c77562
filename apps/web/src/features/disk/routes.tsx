import { lazyPage, page, type RouteItem } from '../../lib/route-types.ts';
import { DISK_PATH, SHARE_LANDING_PATH } from './paths.ts';

// Part of the console shell (the route table imports it): the page paths only, and the pages lazily.
const Disk = lazyPage(() => import('./pages/DiskPage.tsx').then((m) => ({ default: m.DiskPage })));
const ShareLanding = lazyPage(() => import('./pages/ShareLandingPage.tsx'));

/** /marketing/documentManagement: the enterprise disk of manufacturers and distributors (the marketing group). */
export const diskRoute: RouteItem = page(DISK_PATH.replace('/marketing/', ''), 'documentManagement', Disk, {
  keepAlive: true,
});

/** /showDiskLoginInfo?link=: a share link's landing page, public. */
export const shareLandingRoute: RouteItem = page(SHARE_LANDING_PATH, 'showDiskLoginInfo', ShareLanding);
