import {
  buyerProjectsData,
  buyerProjectsQuery,
  buyerSearchData,
  buyerSearchQuery,
  contractShipBody,
  contractShipData,
  distributionIdBody,
  distributionIdQuery,
  distributorProductListBody,
  distributorProductListData,
  distributorProductSaveBody,
  distributorProductView,
  licensedDetailData,
  licensedListBody,
  licensedListData,
  salesContractDetail,
  salesContractListBody,
  salesContractListData,
  salesContractSaveBody,
  salesContractTerminateBody,
} from './distribution.ts';
import { endpoint } from './endpoint.ts';
import { z } from './zod.ts';

/**
 * The distribution module's calls (docs/distribution.md), under /api/agent/… (module code jcbb-agent) and, for the
 * public verification of a letter, /open/…. Schemas in `./distribution.ts`.
 */
/** The id of the record a distributor's call saved or changed. */
const done = z.object({ id: z.number().int() });

export const distributionEndpoints = {
  // ---- authorisations and letters ----
  // ---- the scope check ----
  // ---- distributor products, licensed products and sales contracts ----
  productList: endpoint({
    method: 'POST',
    path: '/api/agent/product/list',
    body: distributorProductListBody,
    response: distributorProductListData,
  }),
  productDetail: endpoint({
    method: 'GET',
    path: '/api/agent/product/detail',
    query: distributionIdQuery,
    response: distributorProductView,
  }),
  productSave: endpoint({
    method: 'POST',
    path: '/api/agent/product/save',
    body: distributorProductSaveBody,
    response: done,
  }),
  productDelete: endpoint({
    method: 'POST',
    path: '/api/agent/product/delete',
    body: distributionIdBody,
    response: done,
  }),
  licensedList: endpoint({
    method: 'POST',
    path: '/api/agent/licensed/list',
    body: licensedListBody,
    response: licensedListData,
  }),
  licensedDetail: endpoint({
    method: 'GET',
    path: '/api/agent/licensed/detail',
    query: distributionIdQuery,
    response: licensedDetailData,
  }),
  contractList: endpoint({
    method: 'POST',
    path: '/api/agent/contract/list',
    body: salesContractListBody,
    response: salesContractListData,
  }),
  contractDetail: endpoint({
    method: 'GET',
    path: '/api/agent/contract/detail',
    query: distributionIdQuery,
    response: salesContractDetail,
  }),
  contractSave: endpoint({
    method: 'POST',
    path: '/api/agent/contract/save',
    body: salesContractSaveBody,
    response: done,
  }),
  contractSign: endpoint({
    method: 'POST',
    path: '/api/agent/contract/sign',
    body: distributionIdBody,
    response: done,
  }),
  contractActivate: endpoint({
    method: 'POST',
    path: '/api/agent/contract/activate',
    body: distributionIdBody,
    response: done,
  }),
  contractComplete: endpoint({
    method: 'POST',
    path: '/api/agent/contract/complete',
    body: distributionIdBody,
    response: done,
  }),
  contractTerminate: endpoint({
    method: 'POST',
    path: '/api/agent/contract/terminate',
    body: salesContractTerminateBody,
    response: done,
  }),
  contractShip: endpoint({
    method: 'POST',
    path: '/api/agent/contract/ship',
    body: contractShipBody,
    response: contractShipData,
  }),
  buyerSearch: endpoint({
    method: 'GET',
    path: '/api/agent/contract/buyers',
    query: buyerSearchQuery,
    response: buyerSearchData,
  }),
  buyerProjects: endpoint({
    method: 'GET',
    path: '/api/agent/contract/buyerProjects',
    query: buyerProjectsQuery,
    response: buyerProjectsData,
  }),
};
