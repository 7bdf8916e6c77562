import type { AdminBasicMaterialItem, BasicMaterialApproveBody } from '@jcbb/contract';
import { basicMaterialEndpoints as api } from '@jcbb/contract/basic-material.endpoints';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call, keyOf } from '../../lib/api.ts';

export type { AdminBasicMaterialItem, BasicMaterialApproveBody };

/** The review page's filter and page (the query of `adminList`). */
export interface ApplicationQuery {
  take: number;
  skip: number;
  /** 2 pending, 1 approved, 3 rejected, 0 all. */
  status: number;
  commonName?: string;
}

/** The platform administrator's review of basic-material applications (`basicMaterialEndpoints`), one function per call. */
export const basicMaterialApi = {
  applications: (query: ApplicationQuery) => call(api.adminList, query),
  application: (id: number) => call(api.adminDetail, { id }),
  /** Silent: the drawer puts field errors on the form and toasts the rest itself. */
  approve: (id: number, body: BasicMaterialApproveBody) => call(api.approve, { id, ...body }, { silent: true }),
  reject: (id: number, reason: string) => call(api.reject, { id, reason }, { silent: true }),
};

export const applicationsQuery = (query: ApplicationQuery) =>
  queryOptions({ queryKey: keyOf(api.adminList, query), queryFn: () => basicMaterialApi.applications(query) });

export const applicationKey = (id: number) => keyOf(api.adminDetail, { id });

export const applicationQuery = (id: number) =>
  queryOptions({ queryKey: applicationKey(id), queryFn: () => basicMaterialApi.application(id) });

/** After a decision: the queue and every opened application may have changed. */
export const invalidateApplications = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: keyOf(api.adminList) }),
    queryClient.invalidateQueries({ queryKey: keyOf(api.adminDetail) }),
  ]);
