import { distributionEndpoints as api } from '@jcbb/contract/distribution.endpoints';
import type { EndpointData, EndpointInput } from '@jcbb/contract/endpoint';
import { productEndpoints } from '@jcbb/contract/product.endpoints';
import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { download, keyOf, mutationOf, queryOf } from '../../lib/api.ts';
import { retryUnlessNotFound } from '../../lib/record-id.ts';

/**
 * The authorisation calls (docs/distribution.md) as TanStack Query options over the contract's endpoints: no URL and
 * no answer type is written here. The manufacturer's list and form, the distributor's acceptance.
 */

export type AuthorisationListInput = EndpointInput<typeof api.authorisationList>;
export type AuthorisationRow = EndpointData<typeof api.authorisationList>['list'][number];
export type AuthorisationView = EndpointData<typeof api.authorisationDetail>;
export type AuthorisationSaveInput = EndpointInput<typeof api.authorisationSave>;
/** The maker's own products with their specifications (the form's product picker). */
export type OwnProduct = EndpointData<typeof productEndpoints.productDetailList>[number];

export const authorisationQueries = {
  list: (input: AuthorisationListInput) => queryOf(api.authorisationList, input),
  detail: (id: number) => queryOptions({ ...queryOf(api.authorisationDetail, { id }), retry: retryUnlessNotFound }),
  distributors: (keyword: string) => queryOf(api.distributorSearch, { keyword }),
  /** The maker's products and specifications change rarely during a form's life. */
  products: () => queryOptions({ ...queryOf(productEndpoints.productDetailList), staleTime: 60_000 }),
  /** Platform projects by name (the project letter's picker). */
  projects: (name: string) =>
    queryOf(projectEndpoints.trackProjectList, { take: 20, skip: 0, name: name || undefined }),
};

// The form shows its refusals under its fields, the reason modal under its field: those calls are silent.
export const authorisationMutations = {
  save: mutationOf(api.authorisationSave, { silent: true }),
  remove: mutationOf(api.authorisationDelete),
  issue: mutationOf(api.authorisationIssue, { silent: true }),
  accept: mutationOf(api.authorisationAccept),
  suspend: mutationOf(api.authorisationSuspend, { silent: true }),
  resume: mutationOf(api.authorisationResume),
  revoke: mutationOf(api.authorisationRevoke, { silent: true }),
  renew: mutationOf(api.authorisationRenew),
};

/** The letter as a PDF (either party, once issued). */
export const letterPdf = (id: number) => download(api.authorisationLetter, { id });

/** After any change: the lists and every version's detail may differ. */
export function invalidateAuthorisations(queryClient: QueryClient) {
  return Promise.all(
    [api.authorisationList, api.authorisationDetail].map((e) => queryClient.invalidateQueries({ queryKey: keyOf(e) })),
  );
}

export { api as distributionEndpoints };
