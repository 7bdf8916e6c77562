import { lazy } from 'react';
import { page, type RouteItem } from '../../app/route-types.ts';

/**
 * The product centre's pages of the manufacturer console (spec §2 /productCenter). Each entry replaces the
 * placeholder of the same path in app/route-table.tsx, keeping its path, title, hidden, activeMenu and keepAlive.
 * Pages load lazily: the console shell stays within its size budget.
 */
const List = lazy(() => import('./pages/ProductListPage.tsx'));
const Edit = lazy(() => import('./pages/ProductEditPage.tsx'));
const Details = lazy(() => import('./pages/ProductDetailsPage.tsx'));
const Success = lazy(() => import('./pages/ProductSuccessPage.tsx'));
const SpotCheck = lazy(() => import('./pages/SpotCheckPage.tsx'));
const SpecsList = lazy(() => import('./pages/SpecsListPage.tsx'));
const SpecsEdit = lazy(() => import('./pages/SpecsEditPage.tsx'));
const SpecsBatchEdit = lazy(() => import('./pages/SpecsBatchEditPage.tsx'));
const SpecsDetails = lazy(() => import('./pages/SpecsDetailsPage.tsx'));
const Manuals = lazy(() => import('./pages/ManualsPage.tsx'));

const toList = { hidden: true, activeMenu: '/product/list' };
const toSpecs = { hidden: true, activeMenu: '/specs/list' };

export const productRoutes = {
  list: page('/product/list', 'productList', List, { keepAlive: true }),
  edit: page('/productCenter/productEdit', 'productEdit', Edit, { ...toList, newTitle: 'route.productNew' }),
  details: page('/product/details', 'productDetails', Details, toList),
  success: page('/product/success', 'productSuccess', Success, toList),
  spotCheck: page('/product/spotCheck', 'productSpotCheck', SpotCheck),
  specsList: page('/specs/list', 'specsList', SpecsList, { keepAlive: true }),
  specsEdit: page('/specs/edit', 'specsEdit', SpecsEdit, { ...toSpecs, newTitle: 'route.specsNew' }),
  specsBatchEdit: page('/specs/batchEdit', 'specsBatchEdit', SpecsBatchEdit, toSpecs),
  specsDetails: page('/specs/details', 'specsDetails', SpecsDetails, toSpecs),
  manuals: page('/productManuals', 'productManuals', Manuals),
} satisfies Record<string, RouteItem>;
