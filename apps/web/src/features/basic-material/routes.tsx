import { Role } from '@jcbb/contract/enums';
import { pages } from '@jcbb/contract/pages';
import { lazyPage, page, type RouteItem } from '../../lib/route-types.ts';

const ReviewPage = lazyPage(() =>
  import('./pages/BasicMaterialReviewPage.tsx').then((m) => ({ default: m.BasicMaterialReviewPage })),
);

/** The platform administrator's 基础材料申请 screen: decide on manufacturers' applications for new common names. */
export const basicMaterialReviewRoutes: RouteItem[] = [
  page(pages.basicMaterialReview.path, 'basicMaterialReview', ReviewPage, {
    icon: 'AppstoreOutlined',
    roles: [Role.SUPER_ADMIN],
    keepAlive: true,
  }),
];
