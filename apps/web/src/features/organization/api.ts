import type {
  CertificationBody,
  certificationHistoryData,
  memberCreated,
  memberItem,
  memberList,
  memberPasswordReset,
  OrganizationData,
  OrganizationSaveBody,
  UploadData,
} from '@jcbb/contract';
import type { z } from 'zod';
import { http } from '../../lib/http.ts';

export type CertificationItem = z.infer<typeof certificationHistoryData>[number];
export type MemberItem = z.infer<typeof memberItem>;
export type MemberList = z.infer<typeof memberList>;
export type MemberCreated = z.infer<typeof memberCreated>;
export type MemberPasswordReset = z.infer<typeof memberPasswordReset>;

/** What POST /api/file/upload answers. */
export type UploadedFile = UploadData;

export interface MemberQuery {
  take: number;
  skip: number;
  keyword?: string;
  status?: number;
}

/**
 * The organisation calls (spec §7 and the server's organisation module), one function each. Calls that a form
 * answers field by field are silent: the form shows the server's messages on its fields.
 */
export const organizationApi = {
  mine: () => http.get<OrganizationData>('/api/organization'),
  /** Create one (a user without an organisation: name and type) or update one's own. */
  save: (body: OrganizationSaveBody) => http.post<OrganizationData>('/api/organization', { ...body }, { silent: true }),
  submitCertification: (body: CertificationBody) =>
    http.post<CertificationItem>('/api/organization/certification', { ...body }, { silent: true }),
  certificationHistory: () => http.get<CertificationItem[]>('/api/organization/certification'),
  upload: (file: File) => http.upload<UploadedFile>('/api/file/upload', file, { silent: true }),
  download: (id: number) => http.blob('GET', `/api/file/${id}`),

  members: (query: MemberQuery) => http.get<MemberList>('/api/organization/members', { ...query }),
  addMember: (body: { mobile: string; realName: string }) =>
    http.post<MemberCreated>('/api/organization/members', body, { silent: true }),
  setMemberStatus: (id: number, status: 1 | 2) =>
    http.post<MemberItem>(`/api/organization/members/${id}/status`, { status }),
  resetMemberPassword: (id: number) => http.post<MemberPasswordReset>(`/api/organization/members/${id}/reset-password`),
};

export const organizationKeys = {
  all: ['organization'] as const,
  mine: ['organization', 'mine'] as const,
  history: ['organization', 'certification-history'] as const,
  members: (query: MemberQuery) => ['organization', 'members', query] as const,
};
