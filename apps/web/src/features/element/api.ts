import type {
  adminGroupList,
  elementCreateBody,
  elementUpdateBody,
  groupCreateBody,
  groupUpdateBody,
} from '@jcbb/contract';
import { elementEndpoints as api } from '@jcbb/contract/element.endpoints';
import { endpointKey } from '@jcbb/contract/endpoint';
import { fileEndpoints } from '@jcbb/contract/file.endpoints';
import { referenceEndpoints } from '@jcbb/contract/reference.endpoints';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { call, download, keyOf, upload } from '../../lib/api.ts';

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

/** The query string of `adminGroups`: `nationwide=true` or nothing. */
const adminGroupsInput = (query: AdminGroupQuery) => ({
  cityCode: query.cityCode,
  nationwide: query.nationwide ? ('true' as const) : undefined,
  scenario: query.scenario,
});

/** The dynamic-form calls (`elementEndpoints`: spec §7 and the platform administrator's), one function each. */
export const elementApi = {
  /** A city's listing form: its enabled groups of the scenario and the nationwide ones, with their elements. */
  cityGroups: (cityCode: string, scenario = 1) => call(api.selectGroupByLocalCityIdNeedSelect, { cityCode, scenario }),
  nationwide: () => call(api.getNationwideElement),
  /** The platform's opened cities by province (the reference module's call). */
  cityTree: () => call(referenceEndpoints.selectCityTree),
  upload: (file: File) => upload(fileEndpoints.upload, file, { silent: true }),
  download: (id: number) => download(fileEndpoints.download, { id }),

  adminGroups: (query: AdminGroupQuery) => call(api.adminGroups, adminGroupsInput(query)),
  adminGroup: (id: number) => call(api.adminGroup, { id }),
  createGroup: (body: GroupCreateBody) => call(api.createGroup, body, { silent: true }),
  updateGroup: (id: number, body: GroupUpdateBody) => call(api.updateGroup, { id, ...body }, { silent: true }),
  setGroupUseStatus: (id: number, useStatus: number) => call(api.setGroupUseStatus, { id, useStatus }),
  createElement: (body: ElementCreateBody) => call(api.createElement, body, { silent: true }),
  updateElement: (id: number, body: ElementUpdateBody) => call(api.updateElement, { id, ...body }, { silent: true }),
  setElementUseStatus: (id: number, useStatus: number) => call(api.setElementUseStatus, { id, useStatus }),
};

export const cityGroupsQuery = (cityCode: string, scenario = 1) =>
  queryOptions({
    queryKey: keyOf(api.selectGroupByLocalCityIdNeedSelect, { cityCode, scenario }),
    queryFn: () => elementApi.cityGroups(cityCode, scenario),
  });

export const nationwideQuery = () =>
  queryOptions({ queryKey: keyOf(api.getNationwideElement, {}), queryFn: () => elementApi.nationwide() });

export const adminGroupsQuery = (query: AdminGroupQuery) =>
  queryOptions({
    queryKey: keyOf(api.adminGroups, adminGroupsInput(query)),
    queryFn: () => elementApi.adminGroups(query),
  });

export const adminGroupQuery = (id: number) =>
  queryOptions({ queryKey: keyOf(api.adminGroup, { id }), queryFn: () => elementApi.adminGroup(id) });

const elementCallKeys = new Set<unknown>(Object.values(api).map(endpointKey));

/** After the administrator changes a group or an element, every form definition may be stale: refetch them all. */
export const invalidateElements = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: (q) => elementCallKeys.has(q.queryKey[0]) });

/**
 * Keys the listing pages still pair by hand (`cityGroups`, `nationwide`: the same keys as `cityGroupsQuery` and
 * `nationwideQuery`) and the reference module's city tree.
 */
export const elementKeys = {
  cityGroups: (cityCode: string, scenario: number) => cityGroupsQuery(cityCode, scenario).queryKey,
  nationwide: nationwideQuery().queryKey,
  cityTree: ['element', 'city-tree'] as const,
};
