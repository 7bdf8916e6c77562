import { Role } from '@jcbb/contract/enums';
import { lazy } from 'react';
import { page, type RouteItem } from '../../app/route-types.ts';

const ElementAdminPage = lazy(() =>
  import('./pages/ElementAdminPage.tsx').then((m) => ({ default: m.ElementAdminPage })),
);

/** The platform administrator's 表单要素 screen (dynamic-form definitions per city and nationwide). */
export const elementAdminRoutes: RouteItem[] = [
  page('/admin/elements', 'elementAdmin', ElementAdminPage, { icon: 'SettingOutlined', roles: [Role.SUPER_ADMIN] }),
];
