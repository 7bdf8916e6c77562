import { lazy } from 'react';
import type { RouteItem } from '../../app/route-types.ts';

const StorageIndexPage = lazy(() =>
  import('./pages/StorageIndexPage.tsx').then((m) => ({ default: m.StorageIndexPage })),
);
const StorageSelectPage = lazy(() =>
  import('./pages/StorageSelectPage.tsx').then((m) => ({ default: m.StorageSelectPage })),
);
const StorageDetailPage = lazy(() =>
  import('./pages/StorageDetailPage.tsx').then((m) => ({ default: m.StorageDetailPage })),
);
const CheckPage = lazy(() => import('./pages/CheckPage.tsx').then((m) => ({ default: m.CheckPage })));

/**
 * The evidence-storage pages of the /blockchain groups (manufacturer and distributor consoles), with the paths,
 * menu flags and titles the route table gave them. Paths are relative to the group.
 */
export const ledgerRoutes = {
  storageIndex: {
    path: 'storage/index',
    component: StorageIndexPage,
    meta: { title: 'route.storageIndex', keepAlive: true },
  },
  // Reached from the records page (选择产品资料存证): the menu keeps 存证记录 lit.
  storageSelect: {
    path: 'storage/select',
    hidden: true,
    component: StorageSelectPage,
    meta: { title: 'route.storageSelect', activeMenu: '/blockchain/storage/index' },
  },
  storageDetail: {
    path: 'storage/detail',
    hidden: true,
    component: StorageDetailPage,
    meta: { title: 'route.storageDetail', activeMenu: '/blockchain/storage/index' },
  },
  checkDetail: {
    path: 'check/detail',
    hidden: true,
    component: CheckPage,
    meta: { title: 'route.checkDetail', activeMenu: '/blockchain/storage/index' },
  },
} satisfies Record<string, RouteItem>;
