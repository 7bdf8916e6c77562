import type { EndpointData } from '@jcbb/contract/endpoint';
import { organizationEndpoints as api } from '@jcbb/contract/organization.endpoints';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { call, download, keyOf } from '../../lib/api.ts';

export type AdminCertificationList = EndpointData<typeof api.adminCertifications>;
export type AdminCertificationItem = AdminCertificationList['list'][number];
export type AdminCertificationDetail = EndpointData<typeof api.adminCertification>;
export type CertificationDecision = EndpointData<typeof api.approveCertification>;
export type AdminOrganizationList = EndpointData<typeof api.adminOrganizations>;
export type AdminOrganizationItem = AdminOrganizationList['list'][number];

export interface CertificationQuery {
  take: number;
  skip: number;
  /** 1 pending, 2 approved, 3 rejected, 0 all. */
  status: number;
  keyword?: string;
}

export interface OrganizationQuery {
  take: number;
  skip: number;
  keyword?: string;
  type?: number;
  certStatus?: number;
}

/** The platform administrator's calls (certification review, organisations), one function each. */
export const adminApi = {
  certifications: (query: CertificationQuery) => call(api.adminCertifications, query),
  certification: (id: number) => call(api.adminCertification, { id }),
  license: (id: number) => download(api.adminCertificationLicense, { id }),
  approve: (id: number) => call(api.approveCertification, { id }),
  reject: (id: number, reason: string) => call(api.rejectCertification, { id, reason }, { silent: true }),
  organizations: (query: OrganizationQuery) => call(api.adminOrganizations, query),
};

// Query options: the endpoint's key paired with the fetcher above (which component tests replace).

export const certificationsQuery = (query: CertificationQuery) =>
  queryOptions({ queryKey: keyOf(api.adminCertifications, query), queryFn: () => adminApi.certifications(query) });

export const certificationQuery = (id: number) =>
  queryOptions({ queryKey: keyOf(api.adminCertification, { id }), queryFn: () => adminApi.certification(id) });

export const licenseQuery = (id: number) =>
  queryOptions({ queryKey: keyOf(api.adminCertificationLicense, { id }), queryFn: () => adminApi.license(id) });

export const organizationsQuery = (query: OrganizationQuery) =>
  queryOptions({ queryKey: keyOf(api.adminOrganizations, query), queryFn: () => adminApi.organizations(query) });

/** After a decision: the queue and the application's details load again. */
export async function invalidateCertifications(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [api.adminCertifications, api.adminCertification].map((e) => queryClient.invalidateQueries({ queryKey: keyOf(e) })),
  );
}
