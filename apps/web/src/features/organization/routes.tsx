import { Role, VERIFICATION_PATH } from '@jcbb/contract/enums';
import { lazy } from 'react';
import type { RouteItem } from '../../app/route-types.ts';

const VerificationPage = lazy(() =>
  import('./pages/VerificationPage.tsx').then((m) => ({ default: m.VerificationPage })),
);
const MembersPage = lazy(() => import('./pages/MembersPage.tsx').then((m) => ({ default: m.MembersPage })));

/** The organisation's own pages: certification (every member; the guard's page for users without one) and members. */
export const organizationRoutes: RouteItem[] = [
  {
    path: VERIFICATION_PATH,
    meta: { title: 'organization:routes.verification', icon: 'SafetyCertificateOutlined' },
    component: VerificationPage,
  },
  {
    path: '/organization/members',
    meta: { title: 'organization:routes.members', icon: 'TeamOutlined', roles: [Role.ENTERPRISE_ADMIN] },
    component: MembersPage,
  },
];
