import { referenceEndpoints as api } from '@jcbb/contract/reference.endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call, keyOf } from '../../lib/api.ts';

/** Reference data calls (spec §7), one function each. */
export const referenceApi = {
  /** Children of a division; no parent code: the provinces. */
  divisionChildren: (parentCode?: string) => call(api.divisionChildren, parentCode ? { parentCode } : {}),
  /** The whole province → city → county tree. */
  divisionTree: () => call(api.divisionTree),
  orgNatures: () => call(api.orgNatures),
};

/** Reference data changes only with a release: cache it for the whole visit. */
export const referenceQueryOptions = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY };

/** The children of a division ('' = the provinces), cached for the visit. */
export const divisionChildrenQuery = (parentCode: string) =>
  queryOptions({
    queryKey: keyOf(api.divisionChildren, parentCode ? { parentCode } : {}),
    queryFn: () => referenceApi.divisionChildren(parentCode || undefined),
    ...referenceQueryOptions,
  });

export const orgNaturesQuery = () =>
  queryOptions({
    queryKey: keyOf(api.orgNatures, {}),
    queryFn: () => referenceApi.orgNatures(),
    ...referenceQueryOptions,
  });
