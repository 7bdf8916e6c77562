import { Role } from '@jcbb/contract/enums';
import { pages } from '@jcbb/contract/pages';
import { lazyPage, page, type RouteItem } from '../../lib/route-types.ts';

const ListPage = lazyPage(() => import('./pages/ListingListPage.tsx').then((m) => ({ default: m.ListingListPage })));
const EditPage = lazyPage(() => import('./pages/ListingEditPage.tsx').then((m) => ({ default: m.ListingEditPage })));
const BatchPage = lazyPage(() => import('./pages/ListingBatchPage.tsx').then((m) => ({ default: m.ListingBatchPage })));
const DetailsPage = lazyPage(() =>
  import('./pages/ListingDetailsPage.tsx').then((m) => ({ default: m.ListingDetailsPage })),
);
const PlatformQueue = lazyPage(() =>
  import('./pages/AuditQueuePage.tsx').then((m) => ({ default: m.PlatformAuditQueuePage })),
);
const CityQueue = lazyPage(() => import('./pages/AuditQueuePage.tsx').then((m) => ({ default: m.CityAuditQueuePage })));
const PlatformDetail = lazyPage(() =>
  import('./pages/AuditDetailPage.tsx').then((m) => ({ default: m.PlatformAuditDetailPage })),
);
const CityDetail = lazyPage(() =>
  import('./pages/AuditDetailPage.tsx').then((m) => ({ default: m.CityAuditDetailPage })),
);

const MANAGEMENT = pages.listingList.path;
/** A listing's first query, started beside its detail pages' code (lib/record-id.ts, `recordData`). */
const listingData = () => import('./detail-data.ts');
const toManagement = { hidden: true, activeMenu: MANAGEMENT };

/**
 * The manufacturer's warehousing-city pages (spec §2 /productCenter). Each entry replaces the placeholder of the
 * same path in app/route-table.tsx, keeping its path, title, hidden, activeMenu and keepAlive.
 */
export const listingRoutes = {
  management: page(MANAGEMENT, 'productManagement', ListPage, { keepAlive: true }),
  edit: page('/warehousing/edit', 'warehousingEdit', EditPage, toManagement),
  batch: page('/warehousing/batch', 'warehousingBatch', BatchPage, toManagement),
  details: page(pages.listingDetails.path, 'warehousingDetails', DetailsPage, { ...toManagement, data: listingData }),
} satisfies Record<string, RouteItem>;

/** The platform administrator's listing audit (super_admin). */
export const platformListingAuditRoutes: RouteItem[] = [
  page('/admin/listings', 'listingAudit', PlatformQueue, {
    icon: 'FileSearchOutlined',
    roles: [Role.SUPER_ADMIN],
    keepAlive: true,
  }),
  page(pages.platformListingAudit.path, 'listingAuditDetail', PlatformDetail, {
    hidden: true,
    activeMenu: '/admin/listings',
    roles: [Role.SUPER_ADMIN],
    data: listingData,
  }),
];

/** A city committee's listing audit (住建委 of a government unit; the server keeps it to its own city). */
export const cityListingAuditRoutes: RouteItem[] = [
  page('/gov/listings', 'cityListingAudit', CityQueue, {
    icon: 'AuditOutlined',
    roles: [Role.CITY_COMMITTEE],
    keepAlive: true,
  }),
  page(pages.cityListingAudit.path, 'listingAuditDetail', CityDetail, {
    hidden: true,
    activeMenu: '/gov/listings',
    roles: [Role.CITY_COMMITTEE],
    data: listingData,
  }),
];
