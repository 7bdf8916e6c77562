import type { EndpointInput } from '@jcbb/contract/endpoint';
import { revisionEndpoints as api } from '@jcbb/contract/revision.endpoints';
import { keyOf, mutationOf, queryOf } from '../../lib/api.ts';

/**
 * Revisions of listed products' approved facts (docs/decisions.md, "Approved facts and revisions"): one query or
 * mutation per call, keyed by its endpoint.
 */
export const revisionQueries = {
  list: (input: EndpointInput<typeof api.list>) => queryOf(api.list, input),
  detail: (id: number) => queryOf(api.detail, { id }),
  ofProduct: (productId: number) => queryOf(api.ofProduct, { productId }),
};

export const revisionMutations = {
  approve: () => mutationOf(api.approve),
  reject: () => mutationOf(api.reject),
  withdraw: () => mutationOf(api.withdraw),
};

/** Every cached answer about revisions: to refresh after a decision or a save. */
export const revisionKeys = [keyOf(api.list), keyOf(api.detail), keyOf(api.ofProduct)];
