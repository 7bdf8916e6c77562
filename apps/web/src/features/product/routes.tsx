import { pages } from '@jcbb/contract/pages';
import { lazyPage, page, type RouteItem } from '../../lib/route-types.ts';

/**
 * The product centre's pages of the manufacturer console (spec §2 /productCenter). Each entry replaces the
 * placeholder of the same path in app/route-table.tsx, keeping its path, title, hidden, activeMenu and keepAlive.
 * Pages load lazily: the console shell stays within its size budget.
 */
const List = lazyPage(() => import('./pages/ProductListPage.tsx'));
const Edit = lazyPage(() => import('./pages/ProductEditPage.tsx'));
const Details = lazyPage(() => import('./pages/ProductDetailsPage.tsx'));
const Success = lazyPage(() => import('./pages/ProductSuccessPage.tsx'));
const SpotCheck = lazyPage(() => import('./pages/SpotCheckPage.tsx'));
const SpecsList = lazyPage(() => import('./pages/SpecsListPage.tsx'));
const SpecsEdit = lazyPage(() => import('./pages/SpecsEditPage.tsx'));
const SpecsBatchEdit = lazyPage(() => import('./pages/SpecsBatchEditPage.tsx'));
const SpecsDetails = lazyPage(() => import('./pages/SpecsDetailsPage.tsx'));
const Manuals = lazyPage(() => import('./pages/ManualsPage.tsx'));

const toList = { hidden: true, activeMenu: '/product/list' };
const toSpecs = { hidden: true, activeMenu: '/specs/list' };

export const productRoutes = {
  list: page(pages.productList.path, 'productList', List, { keepAlive: true, data: () => import('./list-data.ts') }),
  edit: page('/productCenter/productEdit', 'productEdit', Edit, { ...toList, newTitle: 'route.productNew' }),
  details: page(pages.productDetails.path, 'productDetails', Details, {
    ...toList,
    data: () => import('./details-data.ts'),
  }),
  success: page('/product/success', 'productSuccess', Success, toList),
  spotCheck: page(pages.productSpotCheck.path, 'productSpotCheck', SpotCheck),
  specsList: page(pages.specsList.path, 'specsList', SpecsList, { keepAlive: true }),
  specsEdit: page('/specs/edit', 'specsEdit', SpecsEdit, { ...toSpecs, newTitle: 'route.specsNew' }),
  specsBatchEdit: page('/specs/batchEdit', 'specsBatchEdit', SpecsBatchEdit, toSpecs),
  specsDetails: page('/specs/details', 'specsDetails', SpecsDetails, toSpecs),
  manuals: page('/productManuals', 'productManuals', Manuals),
} satisfies Record<string, RouteItem>;
