import { Role } from '@jcbb/contract/enums';
import { pages } from '@jcbb/contract/pages';
import { lazyPage, page, type RouteItem } from '../../lib/route-types.ts';

const VerificationPage = lazyPage(() =>
  import('./pages/VerificationPage.tsx').then((m) => ({ default: m.VerificationPage })),
);
const OrganizationCentre = lazyPage(() =>
  import('./pages/OrganizationCentrePage.tsx').then((m) => ({ default: m.OrganizationCentrePage })),
);
const MembersPage = lazyPage(() => import('./pages/MembersPage.tsx').then((m) => ({ default: m.MembersPage })));

/**
 * /account/organization: the account centre's organisation page (information, certification, personnel, divisions).
 * Hidden from the menu here; the manufacturer's 组织管理 entry shows it (route table).
 */
export const organizationCentreRoute: RouteItem = page(
  pages.accountOrganization.path,
  'organizationManagement',
  OrganizationCentre,
  { hidden: true },
);

/** The organisation's own pages: certification (every member; the guard's page for users without one) and members. */
export const organizationRoutes: RouteItem[] = [
  page(pages.verification.path, 'organization:routes.verification', VerificationPage, {
    icon: 'SafetyCertificateOutlined',
  }),
  page('/organization/members', 'organization:routes.members', MembersPage, {
    icon: 'TeamOutlined',
    roles: [Role.ENTERPRISE_ADMIN],
  }),
  organizationCentreRoute,
];
