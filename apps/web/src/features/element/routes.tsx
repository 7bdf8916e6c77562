import { Role } from '@jcbb/contract/enums';
import { lazy } from 'react';
import type { RouteItem } from '../../app/route-types.ts';

const ElementAdminPage = lazy(() =>
  import('./pages/ElementAdminPage.tsx').then((m) => ({ default: m.ElementAdminPage })),
);

/** The platform administrator's 表单要素 screen (dynamic-form definitions per city and nationwide). */
export const elementAdminRoutes: RouteItem[] = [
  {
    path: '/admin/elements',
    meta: { title: 'route.elementAdmin', icon: 'SettingOutlined', roles: [Role.SUPER_ADMIN] },
    component: ElementAdminPage,
  },
];
