import {
  adminGroupList,
  adminGroupListQuery,
  attributeGroupList,
  attributeGroupWithElements,
  cityElementsBody,
  cityGroupsBody,
  deletedData,
  elementCreateBody,
  elementItem,
  elementListData,
  elementUpdateBody,
  groupCreateBody,
  groupUpdateBody,
  sortBody,
  sortedData,
  useStatusBody,
} from './element.ts';
import { endpoint } from './endpoint.ts';
import { MAX_ID } from './params.ts';
import { z } from './zod.ts';

const GROUPS = '/api/admin/elements/groups';
const ELEMENTS = '/api/admin/elements';

/** A group's or an element's id in the path: a number that fits the `integer` column (a larger one is a 400). */
const elementIdParams = z.object({ id: z.coerce.number().int().positive().max(MAX_ID, '编号超出范围') });

/**
 * The dynamic form's calls: the form definitions of spec §7 (`bm-attribute-group`, `bmElementProductsSettledInCities`,
 * `getNationwideElement`) and the platform administrator's groups and elements (`/api/admin/elements/*`).
 */
export const elementEndpoints = {
  selectHtmlByGroupId: endpoint({
    method: 'GET',
    path: '/materials/bm-attribute-group/selectHtmlByGroupId/{id}',
    params: elementIdParams,
    response: attributeGroupWithElements,
  }),
  selectGroupByLocalCityIdNeedSelect: endpoint({
    method: 'POST',
    path: '/materials/bm-attribute-group/selectGroupByLocalCityIdNeedSelect',
    body: cityGroupsBody,
    response: attributeGroupList,
  }),
  getElementList: endpoint({
    method: 'POST',
    path: '/materials/bmElementProductsSettledInCities/getElementList',
    body: cityElementsBody,
    response: elementListData,
  }),
  getGovProcurementElementList: endpoint({
    method: 'POST',
    path: '/materials/bmElementProductsSettledInCities/getGovProcurementElementList',
    body: cityElementsBody,
    response: elementListData,
  }),
  getNationwideElement: endpoint({
    method: 'POST',
    path: '/materials/products-settled-in-cities/getNationwideElement',
    response: attributeGroupList,
  }),

  // ---- The platform administrator (super_admin) ----
  adminGroups: endpoint({ method: 'GET', path: GROUPS, query: adminGroupListQuery, response: adminGroupList }),
  adminGroup: endpoint({
    method: 'GET',
    path: `${GROUPS}/{id}`,
    params: elementIdParams,
    response: attributeGroupWithElements,
  }),
  createGroup: endpoint({ method: 'POST', path: GROUPS, body: groupCreateBody, response: attributeGroupWithElements }),
  updateGroup: endpoint({
    method: 'PUT',
    path: `${GROUPS}/{id}`,
    params: elementIdParams,
    body: groupUpdateBody,
    response: attributeGroupWithElements,
  }),
  setGroupUseStatus: endpoint({
    method: 'POST',
    path: `${GROUPS}/{id}/use-status`,
    params: elementIdParams,
    body: useStatusBody,
    response: attributeGroupWithElements,
  }),
  deleteGroup: endpoint({ method: 'DELETE', path: `${GROUPS}/{id}`, params: elementIdParams, response: deletedData }),
  createElement: endpoint({ method: 'POST', path: ELEMENTS, body: elementCreateBody, response: elementItem }),
  updateElement: endpoint({
    method: 'PUT',
    path: `${ELEMENTS}/{id}`,
    params: elementIdParams,
    body: elementUpdateBody,
    response: elementItem,
  }),
  setElementUseStatus: endpoint({
    method: 'POST',
    path: `${ELEMENTS}/{id}/use-status`,
    params: elementIdParams,
    body: useStatusBody,
    response: elementItem,
  }),
  deleteElement: endpoint({
    method: 'DELETE',
    path: `${ELEMENTS}/{id}`,
    params: elementIdParams,
    response: deletedData,
  }),
  sort: endpoint({ method: 'POST', path: `${ELEMENTS}/sort`, body: sortBody, response: sortedData }),
};
