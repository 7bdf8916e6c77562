import { Role } from '@jcbb/contract/enums';
import { pages } from '@jcbb/contract/pages';
import { lazyPage, page, type RouteItem } from '../../lib/route-types.ts';

const QueuePage = lazyPage(() =>
  import('./pages/CertificationQueuePage.tsx').then((m) => ({ default: m.CertificationQueuePage })),
);
const DetailPage = lazyPage(() =>
  import('./pages/CertificationDetailPage.tsx').then((m) => ({ default: m.CertificationDetailPage })),
);
const OrganizationsPage = lazyPage(() =>
  import('./pages/OrganizationsPage.tsx').then((m) => ({ default: m.OrganizationsPage })),
);

const platform = [Role.SUPER_ADMIN];

/** The platform administrator's console: certification review and the organisations. */
export const adminRoutes: RouteItem[] = [
  page(pages.certificationReview.path, 'admin:routes.certification', QueuePage, {
    icon: 'AuditOutlined',
    roles: platform,
    keepAlive: true,
  }),
  page('/admin/certification/detail', 'admin:routes.certificationDetail', DetailPage, {
    hidden: true,
    activeMenu: pages.certificationReview.path,
    roles: platform,
    data: () => import('./certification-detail-data.ts'),
  }),
  page('/admin/organizations', 'admin:routes.organizations', OrganizationsPage, {
    icon: 'ApartmentOutlined',
    roles: platform,
  }),
];
