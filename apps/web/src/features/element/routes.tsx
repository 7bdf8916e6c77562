import { Role } from '@jcbb/contract/enums';
import { lazyPage, page, type RouteItem } from '../../lib/route-types.ts';

const ElementAdminPage = lazyPage(() =>
  import('./pages/ElementAdminPage.tsx').then((m) => ({ default: m.ElementAdminPage })),
);

/** The platform administrator's 表单要素 screen (dynamic-form definitions per city and nationwide). */
export const elementAdminRoutes: RouteItem[] = [
  page('/admin/elements', 'elementAdmin', ElementAdminPage, { icon: 'SettingOutlined', roles: [Role.SUPER_ADMIN] }),
];
