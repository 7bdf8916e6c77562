import { lazy } from 'react';
import { adminRoutes } from '../features/admin/routes.tsx';
import { authPublicRoutes, authRoutes } from '../features/auth/routes.tsx';
import { messagePublicRoutes, messageRoutes } from '../features/message/routes.tsx';
import { organizationRoutes } from '../features/organization/routes.tsx';
import type { RouteItem, RouteMeta } from './route-types.ts';

/**
 * The route table (spec §2, §3): the only source of the router, the side menu, the breadcrumb, the guard's
 * permission check and the page titles. One tree per console; `sharedConsoleRoutes` join every organisation's
 * console; `publicRoutes` need no sign-in.
 */

const Placeholder = lazy(() => import('../features/placeholder/PlaceholderPage.tsx'));
const Home = lazy(() => import('../features/home/HomePage.tsx'));
const NotFound = lazy(() => import('../features/error/NotFoundPage.tsx'));
const Iframe = lazy(() => import('../features/iframe/IframePage.tsx'));

export type ConsoleKey =
  | 'manufacturer'
  | 'distributor'
  | 'construction'
  | 'supervision'
  | 'developer'
  | 'government'
  | 'certification'
  | 'admin'
  /** Organisation types without a console of their own (design institutes, regulators, …): home and shared pages. */
  | 'basic';

type PageOptions = Omit<RouteMeta, 'title' | 'description'> & { hidden?: boolean };

/** A page a later issue builds: the honest "在建设中" page, titled and described from the locale files. */
function soon(path: string, key: string, options: PageOptions = {}): RouteItem {
  const { hidden, ...meta } = options;
  return {
    path,
    ...(hidden ? { hidden } : {}),
    component: Placeholder,
    meta: { title: `route.${key}`, description: `routeDesc:${key}`, ...meta },
  };
}

function group(path: string, key: string, icon: string, redirect: string, children: RouteItem[]): RouteItem {
  return { path, redirect, meta: { title: `route.${key}`, icon }, children };
}

const home: RouteItem = {
  path: '/',
  redirect: '/home',
  children: [{ path: 'home', component: Home, meta: { title: 'route.home', icon: 'HomeOutlined' } }],
};

/** The personal centre's page on the account-centre site (the profile menu entry and the user dropdown). */
export const PROFILE_SITE_PATH = '/profile';

/** Services of the platform's account centre, opened on the configured external site with the token (spec §2). */
const externalServices: RouteItem[] = [
  soon('/external/carbonExchange', 'carbonExchange', { icon: 'TransactionOutlined', externalSite: '/carbonExchange' }),
  soon('/external/organizationManagement', 'organizationManagement', {
    icon: 'ApartmentOutlined',
    externalSite: '/organizationManagement',
  }),
  soon('/external/profile', 'profile', { icon: 'IdcardOutlined', externalSite: PROFILE_SITE_PATH }),
];

const marketing = group('/marketing', 'marketing', 'ShopOutlined', '/marketing/dashboard', [
  soon('dashboard', 'marketingDashboard'),
  soon('documentManagement', 'documentManagement'),
]);

const manufacturer: RouteItem[] = [
  home,
  marketing,
  group('/productCenter', 'productCenter', 'AppstoreOutlined', '/product/list', [
    soon('/product/list', 'productList', { keepAlive: true }),
    soon('/productCenter/productEdit', 'productEdit', { hidden: true, activeMenu: '/product/list' }),
    soon('/product/details', 'productDetails', { hidden: true, activeMenu: '/product/list' }),
    soon('/product/success', 'productSuccess', { hidden: true, activeMenu: '/product/list' }),
    soon('/product/spotCheck', 'productSpotCheck'),
    soon('/productCenter/productManagement', 'productManagement', { keepAlive: true }),
    soon('/warehousing/edit', 'warehousingEdit', { hidden: true, activeMenu: '/productCenter/productManagement' }),
    soon('/warehousing/batch', 'warehousingBatch', { hidden: true, activeMenu: '/productCenter/productManagement' }),
    soon('/warehousing/details', 'warehousingDetails', {
      hidden: true,
      activeMenu: '/productCenter/productManagement',
    }),
    soon('/specs/list', 'specsList', { keepAlive: true }),
    soon('/specs/edit', 'specsEdit', { hidden: true, activeMenu: '/specs/list' }),
    soon('/specs/batchEdit', 'specsBatchEdit', { hidden: true, activeMenu: '/specs/list' }),
    soon('/specs/details', 'specsDetails', { hidden: true, activeMenu: '/specs/list' }),
    soon('/productManuals', 'productManuals'),
  ]),
  group('/blockchain', 'blockchain', 'SafetyCertificateOutlined', '/blockchain/storage/index', [
    soon('storage/index', 'storageIndex', { keepAlive: true }),
    soon('applyCertificate/index', 'applyCertificate'),
    soon('storage/detail', 'storageDetail', { hidden: true, activeMenu: '/blockchain/storage/index' }),
    soon('check/detail', 'checkDetail', { hidden: true, activeMenu: '/blockchain/storage/index' }),
    // The application steps are a guide: the menu keeps "申请证书" lit through them.
    soon('storage/select', 'storageSelect', {
      hidden: true,
      guidePath: true,
      jumpPath: '/blockchain/applyCertificate/index',
    }),
    soon('storage/certifiedApply', 'certifiedApply', {
      hidden: true,
      guidePath: true,
      jumpPath: '/blockchain/applyCertificate/index',
    }),
    soon('storage/selfDeclarate', 'selfDeclarate', {
      hidden: true,
      guidePath: true,
      jumpPath: '/blockchain/applyCertificate/index',
    }),
    soon('storage/normalApply', 'normalApply', {
      hidden: true,
      guidePath: true,
      jumpPath: '/blockchain/applyCertificate/index',
    }),
    soon('myApplys/index', 'myApplys'),
    soon('myApplys/detail', 'myApplysDetail', { hidden: true, activeMenu: '/blockchain/myApplys/index' }),
    soon('approval/index', 'approvalIndex', { hidden: true }),
    soon('approval/detail', 'approvalDetail', { hidden: true, activeMenu: '/blockchain/approval/index' }),
    soon('certificate/index', 'certificateIndex'),
    soon('certificate/success', 'certificateSuccess', { hidden: true, activeMenu: '/blockchain/certificate/index' }),
    soon('certificate/fail', 'certificateFail', { hidden: true, activeMenu: '/blockchain/certificate/index' }),
  ]),
  group('/agent', 'agent', 'TeamOutlined', '/agent/index', [
    soon('index', 'agentIndex'),
    soon('agentForm', 'agentForm', { hidden: true, activeMenu: '/agent/index' }),
  ]),
  group('/productionManagement', 'productionManagement', 'DeploymentUnitOutlined', '/productionManagement/dashboard', [
    soon('dashboard', 'traceDashboard'),
    soon('productDashboard', 'productDashboard'),
    soon('sendProduct', 'sendProduct'),
    soon('trackList', 'trackList', { keepAlive: true }),
    soon('sourceDetail', 'sourceDetail', { hidden: true, activeMenu: '/productionManagement/trackList' }),
    soon('inventoryDetail', 'inventoryDetail', { hidden: true, activeMenu: '/productionManagement/productDashboard' }),
    soon('addressManagement', 'addressManagement'),
  ]),
  group('/enterpriseInspection', 'enterpriseInspection', 'FileSearchOutlined', '/enterpriseInspection/info', [
    soon('info', 'enterpriseInspectionInfo'),
  ]),
  ...externalServices,
];

const distributor: RouteItem[] = [
  home,
  marketing,
  group('/distributor', 'distributor', 'ShoppingOutlined', '/distributor/productList', [
    soon('productList', 'distributorProductList', { keepAlive: true }),
    soon('productEdit', 'distributorProductEdit', { hidden: true, activeMenu: '/distributor/productList' }),
    soon('productDetails', 'distributorProductDetails', { hidden: true, activeMenu: '/distributor/productList' }),
    soon('licensedProductDetails', 'licensedProductDetails', {
      hidden: true,
      activeMenu: '/distributor/productList',
    }),
  ]),
  group('/blockchain', 'blockchain', 'SafetyCertificateOutlined', '/blockchain/storage/index', [
    soon('storage/index', 'storageIndex', { keepAlive: true }),
    soon('storage/detail', 'storageDetail', { hidden: true, activeMenu: '/blockchain/storage/index' }),
    soon('check/detail', 'checkDetail', { hidden: true, activeMenu: '/blockchain/storage/index' }),
    soon('applyCertificate/index', 'applyCertificate'),
    soon('storage/select', 'storageSelect', {
      hidden: true,
      guidePath: true,
      jumpPath: '/blockchain/applyCertificate/index',
    }),
    soon('storage/normalApply', 'normalApply', {
      hidden: true,
      guidePath: true,
      jumpPath: '/blockchain/applyCertificate/index',
    }),
    soon('myApplys/index', 'myApplys'),
    soon('myApplys/detail', 'myApplysDetail', { hidden: true, activeMenu: '/blockchain/myApplys/index' }),
    soon('certificate/index', 'certificateIndex'),
  ]),
  group(
    '/productionManagement',
    'productionManagement',
    'DeploymentUnitOutlined',
    '/productionManagement/contractList',
    [
      soon('contractList', 'contractList', { keepAlive: true }),
      soon('contractUpload', 'contractUpload', { hidden: true, activeMenu: '/productionManagement/contractList' }),
      soon('contractDetail', 'contractDetail', { hidden: true, activeMenu: '/productionManagement/contractList' }),
      soon('contractSendProduct', 'contractSendProduct', {
        hidden: true,
        activeMenu: '/productionManagement/contractList',
      }),
      soon('sources', 'sources'),
      soon('sendProduct', 'sendProduct'),
      soon('trackList', 'trackList', { keepAlive: true }),
      soon('sourceDetail', 'sourceDetail', { hidden: true, activeMenu: '/productionManagement/sources' }),
      soon('inventoryDetail', 'inventoryDetail', { hidden: true, activeMenu: '/productionManagement/sources' }),
      soon('addressManagement', 'addressManagement'),
    ],
  ),
];

/** Construction and supervision units share one tree (spec §2); the project check differs by organisation type. */
function projectConsole(): RouteItem[] {
  const project = { requiresProject: true };
  return [
    home,
    group('/productionManagement', 'materialTrace', 'DeploymentUnitOutlined', '/productionManagement/sources', [
      soon('sources', 'materialSources'),
      soon('sourceDetail', 'sourceDetail', { hidden: true, activeMenu: '/productionManagement/sources' }),
      soon('inventoryDetail', 'inventoryDetail', { hidden: true, activeMenu: '/productionManagement/sources' }),
    ]),
    group('/project', 'project', 'ProjectOutlined', '/project/list', [
      soon('list', 'projectList', { ...project, keepAlive: true }),
      soon('detail', 'projectDetail', { ...project, hidden: true, activeMenu: '/project/list' }),
      soon('stockImport', 'stockImport', { ...project, hidden: true, activeMenu: '/project/list' }),
      soon('stockExport', 'stockExport', { ...project, hidden: true, activeMenu: '/project/list' }),
      soon('receiveTrackDetail', 'receiveTrackDetail', { ...project, hidden: true, activeMenu: '/project/list' }),
      soon('receiveInvoiceDetail', 'receiveInvoiceDetail', { ...project, hidden: true, activeMenu: '/project/list' }),
      soon('outboundOrderDetail', 'outboundOrderDetail', { ...project, hidden: true, activeMenu: '/project/list' }),
      soon('outboundRecord', 'outboundRecord', { ...project, hidden: true, activeMenu: '/project/list' }),
    ]),
    group('/projectConstruction', 'projectConstruction', 'BuildOutlined', '/projectConstruction/stock', [
      soon('stock', 'constructionStock', { ...project, keepAlive: true }),
      soon('stockDetail', 'constructionStockDetail', {
        ...project,
        hidden: true,
        activeMenu: '/projectConstruction/stock',
      }),
      soon('receive', 'constructionReceive', project),
      soon('receiveDetail', 'receiveDetail', { ...project, hidden: true, activeMenu: '/projectConstruction/receive' }),
      soon('outbound', 'constructionOutbound', project),
      soon('outboundDetail', 'outboundDetail', {
        ...project,
        hidden: true,
        activeMenu: '/projectConstruction/outbound',
      }),
      soon('spotCheck', 'spotCheck', project),
      soon('spotCheckDetail', 'spotCheckDetail', {
        ...project,
        hidden: true,
        activeMenu: '/projectConstruction/spotCheck',
      }),
    ]),
    group(
      '/buildMaterialProcurement',
      'buildMaterialProcurement',
      'ShoppingCartOutlined',
      '/buildMaterialProcurement/materialsList',
      [soon('materialsList', 'materialsList', project)],
    ),
    group('/govProcurementInfo', 'govProcurementInfo', 'BankOutlined', '/govProcurementInfo/index', [
      soon('index', 'govProcurementInfoIndex', project),
    ]),
  ];
}

const developer: RouteItem[] = [
  home,
  {
    path: '/buildMaterialProcurement',
    redirect: '/buildMaterialProcurement/materialsList',
    alwaysShow: true,
    meta: { title: 'route.buildMaterialProcurement', icon: 'ShoppingCartOutlined' },
    children: [
      soon('materialsList', 'materialsList', { requiresProject: true, keepAlive: true }),
      soon('materialsSummary', 'materialsSummary', { requiresProject: true }),
      soon('materialsSummaryDetail', 'materialsSummaryDetail', {
        requiresProject: true,
        hidden: true,
        activeMenu: '/buildMaterialProcurement/materialsSummary',
      }),
      soon('selectionAndPurchase', 'selectionAndPurchase', { requiresProject: true }),
      soon('alternateSuppliers', 'alternateSuppliers', { requiresProject: true }),
      soon('region', 'procurementRegion', { requiresProject: true }),
    ],
  },
];

/** Government units get no function list (spec §6): a fixed procurement menu. */
const government: RouteItem[] = [
  home,
  group('/procurement', 'procurement', 'BankOutlined', '/procurement/materialFill', [
    soon('materialFill', 'materialFill'),
    soon('statisticsList', 'statisticsList', { keepAlive: true }),
  ]),
];

const certification: RouteItem[] = [
  home,
  group('/blockchain', 'certificationWork', 'AuditOutlined', '/blockchain/approval/index', [
    soon('approval/index', 'approvalIndex', { keepAlive: true }),
    soon('approval/detail', 'approvalDetail', { hidden: true, activeMenu: '/blockchain/approval/index' }),
    soon('certificate/index', 'issuedCertificates'),
  ]),
];

/** Pages every console has: messages, password, the embedded external page, and the organisation's pages. */
const consoleCommon: RouteItem[] = [
  ...messagePublicRoutes,
  ...messageRoutes,
  ...authRoutes,
  { path: '/myiframe/urlPath', hidden: true, component: Iframe, meta: { title: 'route.iframe' } },
];
export const sharedConsoleRoutes: RouteItem[] = [...consoleCommon, ...organizationRoutes];

/** Government units are exempt from certification (spec §9): their certification page stays reachable, unlisted. */
const governmentShared: RouteItem[] = [
  ...consoleCommon,
  ...organizationRoutes.map((r) => (r.path === '/organization/orgnizationVerification' ? { ...r, hidden: true } : r)),
];

export const consoles: Record<ConsoleKey, RouteItem[]> = {
  manufacturer,
  distributor,
  construction: projectConsole(),
  supervision: projectConsole(),
  developer,
  government,
  certification,
  admin: [home, ...adminRoutes],
  basic: [home],
};

/** The whole tree of one console, shared pages included (the platform operator has no organisation pages). */
export function consoleTree(key: ConsoleKey): RouteItem[] {
  const shared = key === 'admin' ? consoleCommon : key === 'government' ? governmentShared : sharedConsoleRoutes;
  return [...consoles[key], ...shared];
}

/** Public pages shown inside the console frame (so a signed-in user keeps the menu around them). */
export const framedPublicRoutes: RouteItem[] = messagePublicRoutes;

/** Public pages of spec §2 shown on their own, without sign-in. */
export const publicRoutes: RouteItem[] = [
  ...authPublicRoutes,
  soon('/cities/:type?', 'cities'),
  soon('/cities/committee', 'citiesCommittee'),
  soon('/free/certificate', 'freeCertificate'),
  soon('/mobile/index', 'mobileIndex'),
  soon('/mobile/detail', 'mobileDetail'),
  soon('/sitemaps', 'sitemaps'),
  soon('/showDiskLoginInfo', 'showDiskLoginInfo'),
  soon('/product/details/external', 'productDetailsExternal'),
  soon('/snapshot', 'snapshot'),
  { path: '/404', component: NotFound, meta: { title: 'route.notFound' } },
];
