import { Role } from '@jcbb/contract/enums';
import { pages } from '@jcbb/contract/pages';
import { lazyPage, page, type RouteItem } from '../../lib/route-types.ts';

/** The detail's first query, started beside its code (lib/record-id.ts, `recordData`). */
const revisionData = () => import('./detail-data.ts');
const PlatformQueue = lazyPage(() =>
  import('./pages/RevisionQueuePage.tsx').then((m) => ({ default: m.PlatformRevisionQueuePage })),
);
const CityQueue = lazyPage(() =>
  import('./pages/RevisionQueuePage.tsx').then((m) => ({ default: m.CityRevisionQueuePage })),
);
const PlatformDetail = lazyPage(() =>
  import('./pages/RevisionDetailPage.tsx').then((m) => ({ default: m.PlatformRevisionDetailPage })),
);
const CityDetail = lazyPage(() =>
  import('./pages/RevisionDetailPage.tsx').then((m) => ({ default: m.CityRevisionDetailPage })),
);

/** The platform administrator's review of changes to listed products (super_admin). */
export const platformRevisionRoutes: RouteItem[] = [
  page('/admin/revisions', 'revisionAudit', PlatformQueue, {
    icon: 'DiffOutlined',
    roles: [Role.SUPER_ADMIN],
    keepAlive: true,
  }),
  page(pages.platformRevisionDetail.path, 'revisionDetail', PlatformDetail, {
    hidden: true,
    activeMenu: '/admin/revisions',
    roles: [Role.SUPER_ADMIN],
    data: revisionData,
  }),
];

/** A city committee's review of changes to products listed in its city. */
export const cityRevisionRoutes: RouteItem[] = [
  page('/gov/revisions', 'revisionAudit', CityQueue, {
    icon: 'DiffOutlined',
    roles: [Role.CITY_COMMITTEE],
    keepAlive: true,
  }),
  page(pages.cityRevisionDetail.path, 'revisionDetail', CityDetail, {
    hidden: true,
    activeMenu: '/gov/revisions',
    roles: [Role.CITY_COMMITTEE],
    data: revisionData,
  }),
];
