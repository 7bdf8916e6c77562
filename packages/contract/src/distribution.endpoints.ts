import {
  authorisationDetail,
  authorisationDoneData,
  authorisationIdBody,
  authorisationIdQuery,
  authorisationListBody,
  authorisationListData,
  authorisationReasonBody,
  authorisationResumeBody,
  authorisationSaveBody,
  authorisationVerifyData,
  authorisationVerifyQuery,
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
  distributorSearchData,
  distributorSearchQuery,
  licensedDetailData,
  licensedListBody,
  licensedListData,
  salesContractDetail,
  salesContractListBody,
  salesContractListData,
  salesContractSaveBody,
  salesContractTerminateBody,
  scopeCheckBody,
  scopeCheckData,
} from './distribution.ts';
import { endpoint } from './endpoint.ts';
import { z } from './zod.ts';

const AU = '/api/agent/authorisation';

/**
 * The distribution module's calls (docs/distribution.md), under /api/agent/… (module code jcbb-agent) and, for the
 * public verification of a letter, /open/…. Schemas in `./distribution.ts`.
 */
/** The id of the record a distributor's call saved or changed. */
const done = z.object({ id: z.number().int() });

export const distributionEndpoints = {
  // ---- authorisations and letters ----
  /** A manufacturer's letters (all versions), or a distributor's (issued ones made to it). */
  authorisationList: endpoint({
    method: 'POST',
    path: `${AU}/list`,
    body: authorisationListBody,
    response: authorisationListData,
  }),
  /** One version, to its maker or (once issued) its distributor, with the chain of versions. */
  authorisationDetail: endpoint({
    method: 'GET',
    path: `${AU}/detail`,
    query: authorisationIdQuery,
    response: authorisationDetail,
  }),
  /** Create a draft (no id) or change a draft (its id). */
  authorisationSave: endpoint({
    method: 'POST',
    path: `${AU}/save`,
    body: authorisationSaveBody,
    response: authorisationDetail,
  }),
  /** Delete a draft. */
  authorisationDelete: endpoint({
    method: 'POST',
    path: `${AU}/delete`,
    body: authorisationIdBody,
    response: authorisationDoneData,
  }),
  /** Sign the draft, put it on the ledger, tell the distributor (active at once with auto-accept). */
  authorisationIssue: endpoint({
    method: 'POST',
    path: `${AU}/issue`,
    body: authorisationIdBody,
    response: authorisationDetail,
  }),
  /** The distributor accepts an issued letter. */
  authorisationAccept: endpoint({
    method: 'POST',
    path: `${AU}/accept`,
    body: authorisationIdBody,
    response: authorisationDetail,
  }),
  authorisationSuspend: endpoint({
    method: 'POST',
    path: `${AU}/suspend`,
    body: authorisationReasonBody,
    response: authorisationDetail,
  }),
  authorisationResume: endpoint({
    method: 'POST',
    path: `${AU}/resume`,
    body: authorisationResumeBody,
    response: authorisationDetail,
  }),
  authorisationRevoke: endpoint({
    method: 'POST',
    path: `${AU}/revoke`,
    body: authorisationReasonBody,
    response: authorisationDetail,
  }),
  /** A new draft version copying the scope; issuing it supersedes this one. Answers the new draft. */
  authorisationRenew: endpoint({
    method: 'POST',
    path: `${AU}/renew`,
    body: authorisationIdBody,
    response: authorisationDetail,
  }),
  /** The letter as a PDF (a file), to either party, once issued. */
  authorisationLetter: endpoint({ method: 'GET', path: `${AU}/letter`, query: authorisationIdQuery }),
  /** Certified distributors by name or credit code (the form's picker). */
  distributorSearch: endpoint({
    method: 'GET',
    path: '/api/agent/distributor/search',
    query: distributorSearchQuery,
    response: distributorSearchData,
  }),
  /** Public, no session: the letter, its signature, its ledger proof and its live state. */
  authorisationVerify: endpoint({
    method: 'GET',
    path: '/open/authorisation',
    query: authorisationVerifyQuery,
    response: authorisationVerifyData,
  }),
  // ---- the scope check ----
  /** Would the caller's letters cover these lines for a destination on a date (and within a contract)? */
  scopeCheck: endpoint({
    method: 'POST',
    path: '/api/agent/scope/check',
    body: scopeCheckBody,
    response: scopeCheckData,
  }),
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
