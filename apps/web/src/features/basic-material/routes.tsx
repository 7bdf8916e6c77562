import { Role } from '@jcbb/contract/enums';
import { lazy } from 'react';
import type { RouteItem } from '../../app/route-types.ts';

const ReviewPage = lazy(() =>
  import('./pages/BasicMaterialReviewPage.tsx').then((m) => ({ default: m.BasicMaterialReviewPage })),
);

/** The platform administrator's 基础材料申请 screen: decide on manufacturers' applications for new common names. */
export const basicMaterialReviewRoutes: RouteItem[] = [
  {
    path: '/admin/basic-materials',
    meta: { title: 'route.basicMaterialReview', icon: 'AppstoreOutlined', roles: [Role.SUPER_ADMIN], keepAlive: true },
    component: ReviewPage,
  },
];
