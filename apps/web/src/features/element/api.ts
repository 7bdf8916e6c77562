import type {
  AttributeGroupWithElements,
  adminGroupList,
  ElementItem,
  elementCreateBody,
  elementUpdateBody,
  groupCreateBody,
  groupUpdateBody,
} from '@jcbb/contract';
import { fileEndpoints } from '@jcbb/contract/file.endpoints';
import { referenceEndpoints } from '@jcbb/contract/reference.endpoints';
import type { z } from 'zod';
import { call, download, upload } from '../../lib/api.ts';
import { http } from '../../lib/http.ts';

export type AdminGroupItem = z.infer<typeof adminGroupList>[number];
export type GroupCreateBody = z.input<typeof groupCreateBody>;
export type GroupUpdateBody = z.input<typeof groupUpdateBody>;
export type ElementCreateBody = z.input<typeof elementCreateBody>;
export type ElementUpdateBody = z.input<typeof elementUpdateBody>;

export interface AdminGroupQuery {
  /** One city's groups; with `nationwide` only the nationwide ones. */
  cityCode?: string;
  nationwide?: boolean;
  scenario?: number;
}

/** The dynamic-form calls (spec §7 and the platform administrator's /api/admin/elements/…), one function each. */
export const elementApi = {
  /** A city's listing form: its enabled groups of the scenario and the nationwide ones, with their elements. */
  cityGroups: (cityCode: string, scenario = 1) =>
    http.post<AttributeGroupWithElements[]>('/materials/bm-attribute-group/selectGroupByLocalCityIdNeedSelect', {
      cityCode,
      scenario,
    }),
  nationwide: () =>
    http.post<AttributeGroupWithElements[]>('/materials/products-settled-in-cities/getNationwideElement'),
  /** The platform's opened cities by province. */
  cityTree: () => call(referenceEndpoints.selectCityTree),
  upload: (file: File) => upload(fileEndpoints.upload, file, { silent: true }),
  download: (id: number) => download(fileEndpoints.download, { id }),

  adminGroups: (query: AdminGroupQuery) =>
    http.get<AdminGroupItem[]>('/api/admin/elements/groups', {
      cityCode: query.cityCode,
      nationwide: query.nationwide ? 'true' : undefined,
      scenario: query.scenario,
    }),
  adminGroup: (id: number) => http.get<AttributeGroupWithElements>(`/api/admin/elements/groups/${id}`),
  createGroup: (body: GroupCreateBody) =>
    http.post<AttributeGroupWithElements>('/api/admin/elements/groups', { ...body }, { silent: true }),
  updateGroup: (id: number, body: GroupUpdateBody) =>
    http.put<AttributeGroupWithElements>(`/api/admin/elements/groups/${id}`, { ...body }, { silent: true }),
  setGroupUseStatus: (id: number, useStatus: number) =>
    http.post<AttributeGroupWithElements>(`/api/admin/elements/groups/${id}/use-status`, { useStatus }),
  createElement: (body: ElementCreateBody) =>
    http.post<ElementItem>('/api/admin/elements', { ...body }, { silent: true }),
  updateElement: (id: number, body: ElementUpdateBody) =>
    http.put<ElementItem>(`/api/admin/elements/${id}`, { ...body }, { silent: true }),
  setElementUseStatus: (id: number, useStatus: number) =>
    http.post<ElementItem>(`/api/admin/elements/${id}/use-status`, { useStatus }),
};

export const elementKeys = {
  all: ['element'] as const,
  cityGroups: (cityCode: string, scenario: number) => ['element', 'city-groups', cityCode, scenario] as const,
  cityTree: ['element', 'city-tree'] as const,
  nationwide: ['element', 'nationwide'] as const,
  adminGroups: (query: AdminGroupQuery) => ['element', 'admin', 'groups', query] as const,
  adminGroup: (id: number) => ['element', 'admin', 'group', id] as const,
};
