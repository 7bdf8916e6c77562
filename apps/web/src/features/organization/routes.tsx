import { Role } from '@jcbb/contract/enums';
import { pages } from '@jcbb/contract/pages';
import { lazyPage, page, type RouteItem } from '../../lib/route-types.ts';

const VerificationPage = lazyPage(() =>
  import('./pages/VerificationPage.tsx').then((m) => ({ default: m.VerificationPage })),
);
const MembersPage = lazyPage(() => import('./pages/MembersPage.tsx').then((m) => ({ default: m.MembersPage })));

/** The organisation's own pages: certification (every member; the guard's page for users without one) and members. */
export const organizationRoutes: RouteItem[] = [
  page(pages.verification.path, 'organization:routes.verification', VerificationPage, {
    icon: 'SafetyCertificateOutlined',
  }),
  page('/organization/members', 'organization:routes.members', MembersPage, {
    icon: 'TeamOutlined',
    roles: [Role.ENTERPRISE_ADMIN],
  }),
];
