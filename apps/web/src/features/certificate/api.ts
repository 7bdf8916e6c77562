import type {
  ApplicationSaveBody,
  ApproveBody,
  applicationDetail,
  applicationItem,
  applicationList,
  CertificateVerifyData,
  certificateItem,
  certificateList,
  decisionData,
} from '@jcbb/contract';
import type { z } from 'zod';
import { http } from '../../lib/http.ts';

export type ApplicationItem = z.infer<typeof applicationItem>;
export type ApplicationList = z.infer<typeof applicationList>;
export type ApplicationDetail = z.infer<typeof applicationDetail>;
export type CertificateItem = z.infer<typeof certificateItem>;
export type CertificateList = z.infer<typeof certificateList>;
export type DecisionData = z.infer<typeof decisionData>;
export type OrgRef = { id: number; name: string };

export interface ApplicationQuery {
  take: number;
  skip: number;
  status?: number;
  type?: number;
  keyword?: string;
}

export interface CertificateQuery {
  take: number;
  skip: number;
  keyword?: string;
  state?: 'valid' | 'expired' | 'revoked';
}

const A = '/api/certificate/applications';
const C = '/api/certificate/certificates';

/**
 * The certificate calls (server module `certificate`), one function each. Form submissions are silent: the form
 * shows the server's per-field messages itself.
 */
export const certificateApi = {
  // Applicant
  applications: (query: ApplicationQuery) => http.get<ApplicationList>(A, { ...query }),
  application: (id: number) => http.get<ApplicationDetail>(`${A}/${id}`),
  create: (body: ApplicationSaveBody) => http.post<ApplicationDetail>(A, { ...body }, { silent: true }),
  update: (id: number, body: ApplicationSaveBody) =>
    http.put<ApplicationDetail>(`${A}/${id}`, { ...body }, { silent: true }),
  submit: (id: number) => http.post<ApplicationDetail>(`${A}/${id}/submit`),
  withdraw: (id: number) => http.post<ApplicationDetail>(`${A}/${id}/withdraw`),
  bodies: () => http.get<OrgRef[]>('/api/certificate/bodies'),

  // Certification body
  approvals: (query: ApplicationQuery) => http.get<ApplicationList>('/api/certificate/approvals', { ...query }),
  /** An application addressed to the caller's body (the same call as the applicant's, the server checks which). */
  approval: (id: number) => http.get<ApplicationDetail>(`${A}/${id}`),
  approve: (id: number, body: ApproveBody) =>
    http.post<DecisionData>(`/api/certificate/approvals/${id}/approve`, { ...body }, { silent: true }),
  reject: (id: number, reason: string) =>
    http.post<DecisionData>(`/api/certificate/approvals/${id}/reject`, { reason }, { silent: true }),

  // Certificates: those the organisation holds, and those a body issued
  certificates: (query: CertificateQuery) => http.get<CertificateList>(C, { ...query }),
  issued: (query: CertificateQuery) => http.get<CertificateList>('/api/certificate/issued', { ...query }),
  revoke: (id: number, reason: string) => http.post<CertificateItem>(`${C}/${id}/revoke`, { reason }, { silent: true }),
  pdf: (id: number) => http.blob('GET', `${C}/${id}/pdf`),

  /** The organisation's products to choose from (the product centre's list call). */
  products: (materialName?: string) =>
    http.post<{ list: { id: number; name: string }[]; total: number }>('/materials/bmProduct/getProdutInfoList', {
      take: 50,
      skip: 0,
      materialName: materialName || undefined,
    }),

  /**
   * The products the caller may apply for: a manufacturer's own, a distributor's those it has evidence for (the
   * application form's picker; GET /api/certificate/products).
   */
  applicableProducts: (keyword?: string) =>
    http.get<{ list: { id: number; name: string }[] }>('/api/certificate/products', {
      keyword: keyword || undefined,
    }),

  // Evidence files of an application
  file: (id: number) => http.blob('GET', `/api/file/${id}`),
  upload: (file: File) => http.upload<{ id: number; name: string }>('/api/file/upload', file, { silent: true }),
};

/** Public calls (no session): the lookup page of the certificate's QR code. */
export const publicCertificateApi = {
  verify: (no: string) => http.get<CertificateVerifyData>('/open/certificate/verify', { no }, { silent: true }),
  pdf: (no: string) => http.blob('GET', '/open/certificate/pdf', { no }),
};

export const certificateKeys = {
  all: ['certificate'] as const,
  applications: ['certificate', 'applications'] as const,
  applicationList: (q: ApplicationQuery) => ['certificate', 'applications', q] as const,
  application: (id: number) => ['certificate', 'applications', 'detail', id] as const,
  approvals: ['certificate', 'approvals'] as const,
  approvalList: (q: ApplicationQuery) => ['certificate', 'approvals', q] as const,
  approval: (id: number) => ['certificate', 'approvals', 'detail', id] as const,
  certificates: ['certificate', 'certificates'] as const,
  certificateList: (q: CertificateQuery) => ['certificate', 'certificates', q] as const,
  bodies: ['certificate', 'bodies'] as const,
  products: (keyword: string) => ['certificate', 'products', keyword] as const,
  verify: (no: string) => ['certificate', 'verify', no] as const,
};
