import { pages } from '@jcbb/contract/pages';
import { profileRoute } from '../features/account/index.ts';
import { adminRoutes } from '../features/admin/index.ts';
import { authPublicRoutes, authRoutes } from '../features/auth/index.ts';
import { basicMaterialReviewRoutes } from '../features/basic-material/index.ts';
import { cardDashboardRoute, cardPublicRoute } from '../features/business-card/index.ts';
import { catalogueRoutes } from '../features/catalogue/index.ts';
import { certificateRoutes, freeCertificateRoute } from '../features/certificate/index.ts';
import {
  outboundRoutes,
  receiveProjectRoutes,
  receiveRoutes,
  spotCheckRoutes,
  stockXlsxRoutes,
} from '../features/construction/index.ts';
import { diskRoute, shareLandingRoute } from '../features/disk/index.ts';
import {
  agentRoutes,
  contractRoutes,
  distributorRoutes,
  freeAuthorisationRoute,
} from '../features/distribution/index.ts';
import { elementAdminRoutes } from '../features/element/index.ts';
import { inspectionRoutes } from '../features/enterprise-inspection/index.ts';
import { NotFoundPage as NotFound } from '../features/error/index.ts';
import { GOVERNMENT_PATHS, type GovernmentPage, governmentRoutes } from '../features/government/index.ts';
import { HomePage as Home } from '../features/home/index.ts';
import { IframePage as Iframe } from '../features/iframe/index.ts';
import { ledgerRoutes } from '../features/ledger/index.ts';
import { cityListingAuditRoutes, listingRoutes, platformListingAuditRoutes } from '../features/listing/index.ts';
import { messagePublicRoutes, messageRoutes } from '../features/message/index.ts';
import { organizationCentreRoute, organizationRoutes } from '../features/organization/index.ts';
import { PlaceholderPage as Placeholder } from '../features/placeholder/index.ts';
import { PROCUREMENT_PATHS, type ProcurementPage, procurementRoutes } from '../features/procurement/index.ts';
import { productRoutes } from '../features/product/index.ts';
import { cityProjectRoutes, projectRoutes } from '../features/project/index.ts';
import { publicRecordRoutes } from '../features/public-record/index.ts';
import { cityRevisionRoutes, platformRevisionRoutes } from '../features/revision/index.ts';
import {
  inventoryDetailRoute,
  shipRoutes,
  TRACE_PATHS,
  traceMobileRoutes,
  traceRoutes,
} from '../features/trace/index.ts';
import { flattenRoutes } from '../lib/route-index.ts';
import type { ConsoleKey, RouteItem, RouteMeta } from '../lib/route-types.ts';

/**
 * The route table (spec §2, §3): the only source of the router, the side menu, the breadcrumb, the guard's
 * permission check and the page titles. One tree per console; `sharedConsoleRoutes` join every organisation's
 * console; `publicRoutes` need no sign-in. The paths of the pages other code links to (the server's messages, the
 * printed links, other features) are the contract's `pages` (`@jcbb/contract/pages`): the features' routes take them
 * from there, and `pages.test.ts` checks each is a route of the consoles it is sent to.
 */

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

/** A procurement page, or the "在建设中" page until its part of the module lands (docs/procurement.md). */
function procurementPage(key: ProcurementPage, titleKey: string, options: PageOptions = {}): RouteItem {
  return procurementRoutes[key] ?? soon(PROCUREMENT_PATHS[key], titleKey, options);
}

/** The buyer's procurement pages (spec §2 /buildMaterialProcurement): the developer's and the construction unit's. */
function buyerProcurement(): RouteItem {
  const project = { requiresProject: true };
  const under = (parent: ProcurementPage) => ({ ...project, hidden: true, activeMenu: PROCUREMENT_PATHS[parent] });
  return {
    ...group(
      '/buildMaterialProcurement',
      'buildMaterialProcurement',
      'ShoppingCartOutlined',
      PROCUREMENT_PATHS.materialsList,
      [
        procurementPage('materialsList', 'materialsList', { ...project, keepAlive: true }),
        procurementPage('materialsSummary', 'materialsSummary', project),
        procurementPage('materialsSummaryDetail', 'materialsSummaryDetail', under('materialsSummary')),
        procurementPage('selectionAndPurchase', 'selectionAndPurchase', project),
        procurementPage('inquiryDetail', 'procurementInquiryDetail', under('selectionAndPurchase')),
        procurementPage('orders', 'procurementOrders', project),
        procurementPage('orderDetail', 'procurementOrderDetail', under('orders')),
        procurementPage('alternateSuppliers', 'alternateSuppliers', project),
        procurementPage('region', 'procurementRegion', project),
      ],
    ),
    alwaysShow: true,
  };
}

/** The supplier's side of procurement (manufacturers, distributors): inquiries to quote, orders to ship. */
const supplierProcurement = group(
  '/procurementSales',
  'procurementSales',
  'AccountBookOutlined',
  PROCUREMENT_PATHS.supplierInquiries,
  [
    procurementPage('supplierInquiries', 'supplierInquiries', { keepAlive: true }),
    procurementPage('supplierInquiryDetail', 'supplierInquiryDetail', {
      hidden: true,
      activeMenu: PROCUREMENT_PATHS.supplierInquiries,
    }),
    procurementPage('supplierOrders', 'supplierOrders'),
    procurementPage('supplierOrderDetail', 'supplierOrderDetail', {
      hidden: true,
      activeMenu: PROCUREMENT_PATHS.supplierOrders,
    }),
  ],
);

/**
 * A government-procurement page with this console's options (the project guard, hidden detail pages), or the
 * "在建设中" page until its part of the module lands (docs/government.md). The same page joins several consoles, each
 * with its own options, so they are given here rather than in the feature's route.
 */
function governmentPage(key: GovernmentPage, titleKey: string, options: PageOptions = {}): RouteItem {
  const route = governmentRoutes[key];
  if (!route) return soon(GOVERNMENT_PATHS[key], titleKey, options);
  const { hidden, ...meta } = options;
  return { ...route, ...(hidden ? { hidden } : {}), meta: { ...route.meta, ...meta } as RouteMeta };
}

/**
 * Government procurement information (spec §2 /govProcurementInfo: materialFill, statisticsList). The same pages in
 * every console that has them; the server decides what each sees: a committee its city's filings, statistics and
 * alerts; a developer, construction or supervision unit its projects' (construction units and developers file);
 * the platform operator every city's statistics and the rules.
 */
function governmentProcurement(options: { requiresProject?: boolean; rules?: boolean } = {}): RouteItem {
  const project = options.requiresProject ? { requiresProject: true } : {};
  const under = (parent: GovernmentPage) => ({ ...project, hidden: true, activeMenu: GOVERNMENT_PATHS[parent] });
  return {
    ...group('/govProcurementInfo', 'govProcurementInfo', 'BankOutlined', GOVERNMENT_PATHS.materialFill, [
      governmentPage('materialFill', 'materialFill', { ...project, keepAlive: true }),
      governmentPage('filingDetail', 'filingDetail', under('materialFill')),
      governmentPage('statisticsList', 'statisticsList', { ...project, keepAlive: true }),
      governmentPage('riskAlerts', 'riskAlerts', project),
      governmentPage('alertDetail', 'alertDetail', under('riskAlerts')),
      ...(options.rules ? [governmentPage('riskRules', 'riskRules')] : []),
    ]),
    alwaysShow: true,
  };
}

/**
 * The alerts that name a supplier (a manufacturer's or distributor's: docs/government.md, "Risk rules"), for it to
 * explain: reached from their messages, off the spec's menu of those consoles.
 */
const supplierAlerts: RouteItem = {
  ...group('/govProcurementInfo', 'govProcurementInfo', 'BankOutlined', GOVERNMENT_PATHS.riskAlerts, [
    governmentPage('riskAlerts', 'riskAlerts'),
    governmentPage('alertDetail', 'alertDetail', { hidden: true, activeMenu: GOVERNMENT_PATHS.riskAlerts }),
  ]),
  hidden: true,
};

const home: RouteItem = {
  path: '/',
  redirect: pages.home.path,
  children: [{ path: pages.home.path, component: Home, meta: { title: 'route.home', icon: 'HomeOutlined' } }],
};

/** The personal centre's page on the account-centre site (the profile menu entry and the user dropdown). */
export const PROFILE_SITE_PATH = '/profile';

/** An account-centre page as a menu entry: on the external site when one is configured (menu.ts), else this page. */
function accountEntry(route: RouteItem, key: string, icon: string, externalSite: string): RouteItem {
  const { hidden: _hidden, ...entry } = route;
  return { ...entry, meta: { ...route.meta, title: `route.${key}`, icon, externalSite } as RouteMeta };
}

/**
 * Services of the platform's account centre, opened on the configured external site with the token (spec §2). With
 * none configured, 组织管理 and 个人资料 open the console's own pages (docs/account.md) and 碳交易, which has none
 * here, leaves the menu (docs/decisions.md, "The account centre without an external site").
 */
const externalServices: RouteItem[] = [
  soon('/external/carbonExchange', 'carbonExchange', {
    icon: 'TransactionOutlined',
    externalSite: '/carbonExchange',
    externalOnly: true,
  }),
  accountEntry(organizationCentreRoute, 'organizationManagement', 'ApartmentOutlined', '/organizationManagement'),
  accountEntry(profileRoute, 'profile', 'IdcardOutlined', PROFILE_SITE_PATH),
];

const marketing = group('/marketing', 'marketing', 'ShopOutlined', '/marketing/dashboard', [
  cardDashboardRoute,
  diskRoute,
]);

const manufacturer: RouteItem[] = [
  home,
  marketing,
  group('/productCenter', 'productCenter', 'AppstoreOutlined', '/product/list', [
    productRoutes.list,
    productRoutes.edit,
    productRoutes.details,
    productRoutes.success,
    productRoutes.spotCheck,
    listingRoutes.management,
    listingRoutes.edit,
    listingRoutes.batch,
    listingRoutes.details,
    productRoutes.specsList,
    productRoutes.specsEdit,
    productRoutes.specsBatchEdit,
    productRoutes.specsDetails,
    productRoutes.manuals,
  ]),
  group('/blockchain', 'blockchain', 'SafetyCertificateOutlined', '/blockchain/storage/index', [
    ledgerRoutes.storageIndex,
    certificateRoutes.applyCertificate,
    ledgerRoutes.storageDetail,
    ledgerRoutes.checkDetail,
    ledgerRoutes.storageSelect,
    certificateRoutes.certifiedApply,
    certificateRoutes.selfDeclarate,
    certificateRoutes.normalApply,
    certificateRoutes.myApplys,
    certificateRoutes.myApplysDetail,
    certificateRoutes.approvalIndexHidden,
    certificateRoutes.approvalDetail,
    certificateRoutes.heldCertificates,
    certificateRoutes.success,
    certificateRoutes.fail,
  ]),
  group('/agent', 'agent', 'TeamOutlined', '/agent/index', [agentRoutes.index, agentRoutes.form]),
  group('/productionManagement', 'productionManagement', 'DeploymentUnitOutlined', TRACE_PATHS.dashboard, [
    traceRoutes.dashboard,
    traceRoutes.productDashboard,
    shipRoutes.sendProduct,
    shipRoutes.trackList,
    shipRoutes.sourceDetailOfTrackList,
    inventoryDetailRoute({ activeMenu: TRACE_PATHS.productDashboard }),
    traceRoutes.addressManagement,
  ]),
  supplierProcurement,
  supplierAlerts,
  group('/enterpriseInspection', 'enterpriseInspection', 'FileSearchOutlined', '/enterpriseInspection/info', [
    inspectionRoutes.health,
    inspectionRoutes.detail(pages.inspectionHealth.path),
  ]),
  ...externalServices,
];

const distributor: RouteItem[] = [
  home,
  marketing,
  group('/distributor', 'distributor', 'ShoppingOutlined', '/distributor/productList', [
    distributorRoutes.productList,
    distributorRoutes.productEdit,
    distributorRoutes.productDetails,
    distributorRoutes.licensedDetails,
  ]),
  group('/blockchain', 'blockchain', 'SafetyCertificateOutlined', '/blockchain/storage/index', [
    ledgerRoutes.storageIndex,
    ledgerRoutes.storageDetail,
    ledgerRoutes.checkDetail,
    certificateRoutes.applyCertificate,
    ledgerRoutes.storageSelect,
    certificateRoutes.normalApply,
    certificateRoutes.myApplys,
    certificateRoutes.myApplysDetail,
    certificateRoutes.heldCertificates,
    certificateRoutes.success,
  ]),
  group(
    '/productionManagement',
    'productionManagement',
    'DeploymentUnitOutlined',
    '/productionManagement/contractList',
    [
      contractRoutes.list,
      contractRoutes.upload,
      contractRoutes.detail,
      contractRoutes.sendProduct,
      traceRoutes.dashboard,
      shipRoutes.sources,
      shipRoutes.sendProduct,
      shipRoutes.trackList,
      shipRoutes.sourceDetailOfSources,
      inventoryDetailRoute({ activeMenu: TRACE_PATHS.sources }),
      traceRoutes.addressManagement,
    ],
  ),
  supplierProcurement,
  supplierAlerts,
];

/**
 * Construction and supervision units share one tree (spec §2); the project check differs by organisation type. Only
 * construction units buy materials (docs/procurement.md): supervision units have no procurement pages.
 */
function projectConsole(buysMaterials: boolean): RouteItem[] {
  const project = { requiresProject: true };
  return [
    home,
    group('/productionManagement', 'materialTrace', 'DeploymentUnitOutlined', TRACE_PATHS.sources, [
      shipRoutes.materialSources,
      shipRoutes.sourceDetailOfSources,
      shipRoutes.sendReturn,
      inventoryDetailRoute({ ...project, activeMenu: TRACE_PATHS.sources }),
    ]),
    group('/project', 'project', 'ProjectOutlined', '/project/list', [
      projectRoutes.list,
      projectRoutes.detail,
      stockXlsxRoutes.stockImport,
      stockXlsxRoutes.stockExport,
      receiveProjectRoutes.receiveTrackDetail,
      receiveProjectRoutes.receiveInvoiceDetail,
      outboundRoutes.orderDetail,
      outboundRoutes.record,
    ]),
    group('/projectConstruction', 'projectConstruction', 'BuildOutlined', '/projectConstruction/stock', [
      receiveRoutes.stock,
      receiveRoutes.stockDetail,
      receiveRoutes.receive,
      receiveRoutes.receiveDetail,
      outboundRoutes.outbound,
      outboundRoutes.detail,
      spotCheckRoutes.spotCheck,
      spotCheckRoutes.spotCheckDetail,
    ]),
    ...(buysMaterials ? [buyerProcurement()] : []),
    governmentProcurement({ requiresProject: true }),
  ];
}

const developer: RouteItem[] = [
  home,
  group('/project', 'project', 'ProjectOutlined', '/project/list', [
    projectRoutes.list,
    projectRoutes.detail,
    projectRoutes.edit,
    stockXlsxRoutes.stockExport,
  ]),
  buyerProcurement(),
  governmentProcurement({ requiresProject: true }),
];

/** Inspection records entered by certification bodies and city committees (docs/enterprise-inspection.md). */
const inspectorRecords: RouteItem = {
  ...group('/enterpriseInspection', 'enterpriseInspection', 'FileSearchOutlined', pages.inspectionRecords.path, [
    inspectionRoutes.records,
    inspectionRoutes.detail(pages.inspectionRecords.path),
  ]),
  alwaysShow: true,
};

/** Government units get no function list (spec §6): a fixed procurement menu. */
const government: RouteItem[] = [
  home,
  governmentProcurement({ rules: true }),
  ...cityListingAuditRoutes,
  ...cityRevisionRoutes,
  ...cityProjectRoutes,
  stockXlsxRoutes.cityStockExport,
  inspectorRecords,
];

const certification: RouteItem[] = [
  home,
  group('/blockchain', 'certificationWork', 'AuditOutlined', '/blockchain/approval/index', [
    certificateRoutes.approvalIndex,
    certificateRoutes.approvalDetail,
    certificateRoutes.issuedCertificates,
    certificateRoutes.bodySuccess,
    certificateRoutes.bodyFail,
  ]),
  inspectorRecords,
];

/** Pages every console has: messages, password, the embedded external page, and the organisation's pages. */
const consoleCommon: RouteItem[] = [
  ...messagePublicRoutes,
  ...messageRoutes,
  ...authRoutes,
  profileRoute,
  { path: '/myiframe/urlPath', hidden: true, component: Iframe, meta: { title: 'route.iframe' } },
];
export const sharedConsoleRoutes: RouteItem[] = [...consoleCommon, ...organizationRoutes];

/** Government units are exempt from certification (spec §9): their certification page stays reachable, unlisted. */
const governmentShared: RouteItem[] = [
  ...consoleCommon,
  ...organizationRoutes.map((r) => (r.path === pages.verification.path ? { ...r, hidden: true } : r)),
];

export const consoles: Record<ConsoleKey, RouteItem[]> = {
  manufacturer,
  distributor,
  construction: projectConsole(true),
  supervision: projectConsole(false),
  developer,
  government,
  certification,
  admin: [
    home,
    ...adminRoutes,
    procurementPage('policy', 'procurementPolicy'),
    group('/govProcurementInfo', 'govProcurementInfo', 'BankOutlined', GOVERNMENT_PATHS.statisticsList, [
      governmentPage('statisticsList', 'statisticsList', { keepAlive: true }),
      governmentPage('riskRules', 'riskRules'),
    ]),
    ...platformListingAuditRoutes,
    ...platformRevisionRoutes,
    ...elementAdminRoutes,
    ...basicMaterialReviewRoutes,
  ],
  design: [
    home,
    group('/project', 'project', 'ProjectOutlined', '/project/list', [projectRoutes.list, projectRoutes.detail]),
  ],
  basic: [home],
};

/** The whole tree of one console, shared pages included (the platform operator has no organisation pages). */
export function consoleTree(key: ConsoleKey): RouteItem[] {
  const shared = key === 'admin' ? consoleCommon : key === 'government' ? governmentShared : sharedConsoleRoutes;
  // A shared page the console already lists in its menu (the manufacturer's account-centre entries) joins once.
  const own = new Set(flattenRoutes(consoles[key]).map((r) => r.fullPath));
  return [...consoles[key], ...shared.filter((r) => !own.has(r.path))];
}

/** Public pages shown inside the console frame (so a signed-in user keeps the menu around them). */
export const framedPublicRoutes: RouteItem[] = messagePublicRoutes;

/** Public pages of spec §2 shown on their own, without sign-in. */
export const publicRoutes: RouteItem[] = [
  ...authPublicRoutes,
  catalogueRoutes.cities,
  catalogueRoutes.committee,
  freeCertificateRoute,
  freeAuthorisationRoute,
  traceMobileRoutes.index,
  traceMobileRoutes.detail,
  publicRecordRoutes.sitemaps,
  shareLandingRoute,
  cardPublicRoute,
  catalogueRoutes.productExternal,
  publicRecordRoutes.snapshot,
  { path: '/404', component: NotFound, meta: { title: 'route.notFound' } },
];
