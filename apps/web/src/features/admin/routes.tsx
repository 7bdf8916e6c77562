import { Role } from '@jcbb/contract/enums';
import { lazy } from 'react';
import type { RouteItem } from '../../app/route-types.ts';

const QueuePage = lazy(() =>
  import('./pages/CertificationQueuePage.tsx').then((m) => ({ default: m.CertificationQueuePage })),
);
const DetailPage = lazy(() =>
  import('./pages/CertificationDetailPage.tsx').then((m) => ({ default: m.CertificationDetailPage })),
);
const OrganizationsPage = lazy(() =>
  import('./pages/OrganizationsPage.tsx').then((m) => ({ default: m.OrganizationsPage })),
);

const platform = [Role.SUPER_ADMIN];

/** The platform administrator's console: certification review and the organisations. */
export const adminRoutes: RouteItem[] = [
  {
    path: '/admin/certification',
    meta: { title: 'admin:routes.certification', icon: 'AuditOutlined', roles: platform, keepAlive: true },
    component: QueuePage,
  },
  {
    path: '/admin/certification/detail',
    hidden: true,
    meta: { title: 'admin:routes.certificationDetail', activeMenu: '/admin/certification', roles: platform },
    component: DetailPage,
  },
  {
    path: '/admin/organizations',
    meta: { title: 'admin:routes.organizations', icon: 'ApartmentOutlined', roles: platform },
    component: OrganizationsPage,
  },
];
