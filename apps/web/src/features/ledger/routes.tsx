import { lazyPage, page, type RouteItem } from '../../lib/route-types.ts';

const StorageIndexPage = lazyPage(() =>
  import('./pages/StorageIndexPage.tsx').then((m) => ({ default: m.StorageIndexPage })),
);
const StorageSelectPage = lazyPage(() =>
  import('./pages/StorageSelectPage.tsx').then((m) => ({ default: m.StorageSelectPage })),
);
const StorageDetailPage = lazyPage(() =>
  import('./pages/StorageDetailPage.tsx').then((m) => ({ default: m.StorageDetailPage })),
);
const CheckPage = lazyPage(() => import('./pages/CheckPage.tsx').then((m) => ({ default: m.CheckPage })));

/**
 * The evidence-storage pages of the /blockchain groups (manufacturer and distributor consoles), with the paths,
 * menu flags and titles the route table gave them. Paths are relative to the group.
 */
export const ledgerRoutes = {
  storageIndex: page('storage/index', 'storageIndex', StorageIndexPage, { keepAlive: true }),
  // Reached from the records page (选择产品资料存证): the menu keeps 存证记录 lit.
  storageSelect: page('storage/select', 'storageSelect', StorageSelectPage, {
    hidden: true,
    activeMenu: '/blockchain/storage/index',
  }),
  storageDetail: page('storage/detail', 'storageDetail', StorageDetailPage, {
    hidden: true,
    activeMenu: '/blockchain/storage/index',
    data: () => import('./storage-detail-data.ts'),
  }),
  checkDetail: page('check/detail', 'checkDetail', CheckPage, {
    hidden: true,
    activeMenu: '/blockchain/storage/index',
  }),
} satisfies Record<string, RouteItem>;
