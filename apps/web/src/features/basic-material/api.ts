import type { AdminBasicMaterialItem, BasicMaterialApproveBody } from '@jcbb/contract';
import { http } from '../../lib/http.ts';

export type { AdminBasicMaterialItem, BasicMaterialApproveBody };

export interface ApplicationQuery {
  take: number;
  skip: number;
  /** 2 pending, 1 approved, 3 rejected, 0 all. */
  status: number;
  commonName?: string;
}

export interface ApplicationPage {
  list: AdminBasicMaterialItem[];
  total: number;
}

const BASE = '/api/admin/basic-materials';

/** The platform administrator's review of basic-material applications, one function per call. */
export const basicMaterialApi = {
  applications: (query: ApplicationQuery) => http.get<ApplicationPage>(BASE, { ...query }),
  application: (id: number) => http.get<AdminBasicMaterialItem>(`${BASE}/${id}`),
  /** Silent: the drawer puts field errors on the form and toasts the rest itself. */
  approve: (id: number, body: BasicMaterialApproveBody) =>
    http.post<AdminBasicMaterialItem>(`${BASE}/${id}/approve`, { ...body }, { silent: true }),
  reject: (id: number, reason: string) =>
    http.post<AdminBasicMaterialItem>(`${BASE}/${id}/reject`, { reason }, { silent: true }),
};

export const basicMaterialKeys = {
  all: ['basic-material', 'applications'] as const,
  list: (query: ApplicationQuery) => ['basic-material', 'applications', 'list', query] as const,
  detail: (id: number) => ['basic-material', 'applications', 'detail', id] as const,
};
