import { pages } from '@jcbb/contract/pages';
import { lazyPage, page, type RouteItem } from '../../lib/route-types.ts';
import { AGENT_FORM_PATH } from './paths.ts';
import { SALES_PATHS } from './sales-paths.ts';

// Part of the console shell (the route table imports it): the page paths only, and the pages lazily.
const AgentIndex = lazyPage(() => import('./pages/AgentIndexPage.tsx').then((m) => ({ default: m.AgentIndexPage })));
const AgentForm = lazyPage(() => import('./pages/AgentFormPage.tsx').then((m) => ({ default: m.AgentFormPage })));
const FreeAuthorisation = lazyPage(() => import('./pages/FreeAuthorisationPage.tsx'));

/**
 * The manufacturer's authorisation pages (spec §2 /agent): the list, which opens one letter in a drawer with `?id=`
 * (`pages.authorisationManage`, the messages' link), and the form.
 */
export const agentRoutes = {
  index: page(pages.authorisationManage.path, 'agentIndex', AgentIndex, { keepAlive: true }),
  form: page(AGENT_FORM_PATH, 'agentForm', AgentForm, { hidden: true, activeMenu: pages.authorisationManage.path }),
} satisfies Record<string, RouteItem>;

/** /free/authorisation: public, no sign-in (the letter's QR code opens it with ?id=<publicId>). */
export const freeAuthorisationRoute: RouteItem = page(
  pages.authorisationVerify.path,
  'freeAuthorisation',
  FreeAuthorisation,
);

// ---- the distributor's pages and its sales contracts ----

const ProductList = lazyPage(() =>
  import('./pages/DistributorProductListPage.tsx').then((m) => ({ default: m.DistributorProductListPage })),
);
const ProductEdit = lazyPage(() =>
  import('./pages/DistributorProductEditPage.tsx').then((m) => ({ default: m.DistributorProductEditPage })),
);
const ProductDetails = lazyPage(() =>
  import('./pages/DistributorProductDetailsPage.tsx').then((m) => ({ default: m.DistributorProductDetailsPage })),
);
const LicensedDetails = lazyPage(() =>
  import('./pages/LicensedProductDetailsPage.tsx').then((m) => ({ default: m.LicensedProductDetailsPage })),
);
const ContractList = lazyPage(() =>
  import('./pages/ContractListPage.tsx').then((m) => ({ default: m.ContractListPage })),
);
const ContractUpload = lazyPage(() =>
  import('./pages/ContractUploadPage.tsx').then((m) => ({ default: m.ContractUploadPage })),
);
const ContractDetail = lazyPage(() =>
  import('./pages/ContractDetailPage.tsx').then((m) => ({ default: m.ContractDetailPage })),
);
const ContractSendProduct = lazyPage(() =>
  import('./pages/ContractSendProductPage.tsx').then((m) => ({ default: m.ContractSendProductPage })),
);

const underProducts = { hidden: true, activeMenu: SALES_PATHS.productList } as const;
const underContracts = { hidden: true, activeMenu: SALES_PATHS.contractList } as const;

/** The distributor's pages (spec §2 /distributor): product records, licensed products, one letter. */
export const distributorRoutes = {
  productList: page(SALES_PATHS.productList, 'distributorProductList', ProductList, { keepAlive: true }),
  productEdit: page(SALES_PATHS.productEdit, 'distributorProductEdit', ProductEdit, underProducts),
  productDetails: page(SALES_PATHS.productDetails, 'distributorProductDetails', ProductDetails, underProducts),
  licensedDetails: page(SALES_PATHS.licensedDetails, 'licensedProductDetails', LicensedDetails, underProducts),
} satisfies Record<string, RouteItem>;

/** The distributor's sales contracts (under /productionManagement, spec §2). */
export const contractRoutes = {
  list: page(SALES_PATHS.contractList, 'contractList', ContractList, { keepAlive: true }),
  upload: page(SALES_PATHS.contractUpload, 'contractUpload', ContractUpload, underContracts),
  detail: page(SALES_PATHS.contractDetail, 'contractDetail', ContractDetail, underContracts),
  sendProduct: page(SALES_PATHS.contractSendProduct, 'contractSendProduct', ContractSendProduct, underContracts),
} satisfies Record<string, RouteItem>;
