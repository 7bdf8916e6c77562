import { endpoint } from './endpoint.ts';
import {
  productRevisionData,
  productRevisionQuery,
  revisionIdParams,
  revisionListBody,
  revisionListData,
  revisionRejectBody,
  revisionView,
} from './revision.ts';
import { z } from './zod.ts';

const decision = z.object({ id: z.number().int(), status: z.number().int() });

/** Revisions of listed products' approved facts: the manufacturer's view, the platform's and the cities' audits. */
export const revisionEndpoints = {
  /** The caller's queue or list: the platform's, a city committee's, or a manufacturer's own. */
  list: endpoint({
    method: 'POST',
    path: '/api/product-revisions/list',
    body: revisionListBody,
    response: revisionListData,
  }),
  detail: endpoint({
    method: 'GET',
    path: '/api/product-revisions/{id}',
    params: revisionIdParams,
    response: revisionView,
  }),
  ofProduct: endpoint({
    method: 'GET',
    path: '/api/product-revisions/of-product',
    query: productRevisionQuery,
    response: productRevisionData,
  }),
  approve: endpoint({
    method: 'POST',
    path: '/api/product-revisions/{id}/approve',
    params: revisionIdParams,
    response: decision,
  }),
  reject: endpoint({
    method: 'POST',
    path: '/api/product-revisions/{id}/reject',
    params: revisionIdParams,
    body: revisionRejectBody,
    response: decision,
  }),
  withdraw: endpoint({
    method: 'POST',
    path: '/api/product-revisions/{id}/withdraw',
    params: revisionIdParams,
    response: decision,
  }),
};
