import type {
  adminCertificationDetail,
  adminCertificationList,
  adminOrganizationList,
  certificationDecisionData,
} from '@jcbb/contract';
import type { z } from 'zod';
import { http } from '../../lib/http.ts';

export type AdminCertificationList = z.infer<typeof adminCertificationList>;
export type AdminCertificationItem = AdminCertificationList['list'][number];
export type AdminCertificationDetail = z.infer<typeof adminCertificationDetail>;
export type CertificationDecision = z.infer<typeof certificationDecisionData>;
export type AdminOrganizationList = z.infer<typeof adminOrganizationList>;
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
  certifications: (query: CertificationQuery) =>
    http.get<AdminCertificationList>('/api/admin/certification/list', { ...query }),
  certification: (id: number) => http.get<AdminCertificationDetail>(`/api/admin/certification/${id}`),
  license: (id: number) => http.blob('GET', `/api/admin/certification/${id}/license`),
  approve: (id: number) => http.post<CertificationDecision>(`/api/admin/certification/${id}/approve`),
  reject: (id: number, reason: string) =>
    http.post<CertificationDecision>(`/api/admin/certification/${id}/reject`, { reason }, { silent: true }),
  organizations: (query: OrganizationQuery) =>
    http.get<AdminOrganizationList>('/api/admin/organizations', { ...query }),
};

export const adminKeys = {
  certifications: ['admin', 'certifications'] as const,
  certificationList: (query: CertificationQuery) => ['admin', 'certifications', 'list', query] as const,
  certification: (id: number) => ['admin', 'certifications', 'detail', id] as const,
  license: (id: number) => ['admin', 'certifications', 'license', id] as const,
  organizations: (query: OrganizationQuery) => ['admin', 'organizations', query] as const,
};
