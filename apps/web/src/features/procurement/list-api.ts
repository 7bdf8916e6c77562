import type { EndpointData, EndpointInput } from '@jcbb/contract/endpoint';
import { materialListEndpoints as api } from '@jcbb/contract/procurement-list.endpoints';
import { procurementPolicyEndpoints as policy } from '@jcbb/contract/procurement-policy.endpoints';
import { queryOptions } from '@tanstack/react-query';
import { download, keyOf, mutationOf, queryOf, upload } from '../../lib/api.ts';

/**
 * The material list's and the policy console's calls (docs/procurement.md, "Material lists", "Policy data") as
 * TanStack Query options over the contract's endpoints. No URL and no answer type is written here.
 */

export type MaterialList = EndpointData<typeof api.materialList>;
export type MaterialLine = MaterialList['lines'][number];
export type LineInput = EndpointInput<typeof api.materialListSave>['lines'][number];
export type ImportPreview = EndpointData<typeof api.materialListImportPreview>;
export type PolicyEdition = EndpointData<typeof policy.policyEdition>;
export type PolicyCategory = PolicyEdition['categories'][number];
export type PolicyCity = EndpointData<typeof policy.policyCities>['list'][number];
export type PolicyAuditTarget = EndpointInput<typeof policy.policyAudit>['target'];

export const listQueries = {
  list: (projectId: number) => queryOf(api.materialList, { projectId }),
  version: (projectId: number, version: number) => queryOf(api.materialListVersion, { projectId, version }),
  copySources: (projectId: number) => queryOf(api.materialListCopySources, { projectId }),
};

export const listMutations = {
  /** Silent: the grid places the server's messages under their cells (the page says the rest). */
  save: () => mutationOf(api.materialListSave, { silent: true }),
  confirm: () => mutationOf(api.materialListConfirm),
  reopen: () => mutationOf(api.materialListReopen),
  importCommit: () => mutationOf(api.materialListImportCommit),
  copy: () => mutationOf(api.materialListCopy),
};

/** The list's key prefix (every project's), to refresh after a change. */
export const listKey = keyOf(api.materialList);

export const previewImport = (projectId: number, file: File) =>
  upload(api.materialListImportPreview, file, { input: { projectId }, fileName: file.name });
export const importTemplate = (projectId: number) => download(api.materialListImportTemplate, { projectId });

export const policyQueries = {
  editions: () => queryOf(policy.policyEditions),
  edition: (editionCode: string) => queryOptions({ ...queryOf(policy.policyEdition, { editionCode }) }),
  cities: () => queryOf(policy.policyCities),
  audit: (target: PolicyAuditTarget, key: string) => queryOf(policy.policyAudit, { target, key }),
};

export const policyMutations = {
  /** Silent: the forms place the server's messages under their fields. */
  rule: () => mutationOf(policy.policyRuleSave, { silent: true }),
  category: () => mutationOf(policy.policyCategorySave, { silent: true }),
  classes: () => mutationOf(policy.policyCategoryClasses),
  city: () => mutationOf(policy.policyCitySave, { silent: true }),
  removeCity: () => mutationOf(policy.policyCityRemove),
};

/** Everything the policy console shows, to refresh after a change. */
export const policyKeys = [
  keyOf(policy.policyEditions),
  keyOf(policy.policyEdition),
  keyOf(policy.policyCities),
  keyOf(policy.policyAudit),
];
