import { Role } from '@jcbb/contract/enums';
import { lazyPage, page, type RouteItem } from '../../../lib/route-types.ts';
import { PROCUREMENT_PATHS, type ProcurementPage } from '../paths.ts';

const MaterialsListPage = lazyPage(() =>
  import('../pages/MaterialsListPage.tsx').then((m) => ({ default: m.MaterialsListPage })),
);
const PolicyAdminPage = lazyPage(() =>
  import('../pages/PolicyAdminPage.tsx').then((m) => ({ default: m.PolicyAdminPage })),
);

/** The list pages of procurement (routes.tsx joins them; the route table shows "在建设中" for a page not here yet). */
export const listRoutes: Partial<Record<ProcurementPage, RouteItem>> = {
  materialsList: page(PROCUREMENT_PATHS.materialsList, 'materialsList', MaterialsListPage, {
    requiresProject: true,
    keepAlive: true,
  }),
  // The platform operator's policy data (server: super_admin only), as elementAdminRoutes.
  policy: page(PROCUREMENT_PATHS.policy, 'procurementPolicy', PolicyAdminPage, {
    icon: 'SettingOutlined',
    roles: [Role.SUPER_ADMIN],
  }),
};
