import { Role } from '@jcbb/contract/enums';
import { lazy } from 'react';
import type { RouteItem } from '../../app/route-types.ts';

const PlatformQueue = lazy(() =>
  import('./pages/RevisionQueuePage.tsx').then((m) => ({ default: m.PlatformRevisionQueuePage })),
);
const CityQueue = lazy(() =>
  import('./pages/RevisionQueuePage.tsx').then((m) => ({ default: m.CityRevisionQueuePage })),
);
const PlatformDetail = lazy(() =>
  import('./pages/RevisionDetailPage.tsx').then((m) => ({ default: m.PlatformRevisionDetailPage })),
);
const CityDetail = lazy(() =>
  import('./pages/RevisionDetailPage.tsx').then((m) => ({ default: m.CityRevisionDetailPage })),
);

/** The platform administrator's review of changes to listed products (super_admin). */
export const platformRevisionRoutes: RouteItem[] = [
  {
    path: '/admin/revisions',
    meta: { title: 'route.revisionAudit', icon: 'DiffOutlined', roles: [Role.SUPER_ADMIN], keepAlive: true },
    component: PlatformQueue,
  },
  {
    path: '/admin/revisions/detail',
    hidden: true,
    meta: { title: 'route.revisionDetail', activeMenu: '/admin/revisions', roles: [Role.SUPER_ADMIN] },
    component: PlatformDetail,
  },
];

/** A city committee's review of changes to products listed in its city. */
export const cityRevisionRoutes: RouteItem[] = [
  {
    path: '/gov/revisions',
    meta: { title: 'route.revisionAudit', icon: 'DiffOutlined', roles: [Role.CITY_COMMITTEE], keepAlive: true },
    component: CityQueue,
  },
  {
    path: '/gov/revisions/detail',
    hidden: true,
    meta: { title: 'route.revisionDetail', activeMenu: '/gov/revisions', roles: [Role.CITY_COMMITTEE] },
    component: CityDetail,
  },
];
