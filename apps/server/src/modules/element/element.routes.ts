import { elementEndpoints as api, Role } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { ElementService } from './element.service.ts';

const tags = ['动态表单要素 Elements'];
const platform = [Role.SUPER_ADMIN];

export function registerElementRoutes(app: FastifyInstance, elements: ElementService) {
  // ---- Spec §7: form definitions ----

  defineRoute(app, api.selectHtmlByGroupId, {
    summary: '分组表单定义 A group with its enabled elements and their options',
    description: 'Any signed-in user. A disabled group answers 404 (except to super_admin).',
    tags,
    handler: ({ user, params }) => elements.groupForm(user, params.id),
  });

  defineRoute(app, api.selectGroupByLocalCityIdNeedSelect, {
    summary: '城市表单分组 A city’s enabled groups of a scenario with the nationwide ones, with their elements',
    description:
      'Body cityCode (an opened platform city, else 400) and scenario (1 warehousing form by default, 2 custom approval ' +
      'flow). Nationwide groups come first, then by sort.',
    tags,
    handler: ({ body }) => elements.cityGroups(body),
  });

  defineRoute(app, api.getElementList, {
    summary: '城市入库要素 The elements of a city’s listing form, flat, with their group names',
    description: 'The city’s enabled scenario-1 elements and the nationwide ones.',
    tags,
    handler: ({ body }) => elements.cityElements(body.cityCode, false),
  });

  defineRoute(app, api.getGovProcurementElementList, {
    summary: '政府采购需求标准要素 A city’s government-procurement demand-standard elements',
    description:
      'The enabled elements with govProcurement of the city’s listing form (and nationwide). A listing meets the standard ' +
      'when each is met: radio/dropdown, the chosen option has meetsStandard; checkbox, one chosen option has it; text, ' +
      'non-empty and, with standardMin, propertyNumValue ≥ standardMin; file, at least one file.',
    tags,
    handler: ({ body }) => elements.cityElements(body.cityCode, true),
  });

  defineRoute(app, api.getNationwideElement, {
    summary: '全国通用要素 The nationwide groups of the listing form with their elements',
    description: 'Success code 200 (spec §9).',
    tags,
    handler: () => elements.nationwide(),
  });

  // ---- The platform administrator (super_admin) ----

  defineRoute(app, api.adminGroups, {
    summary: '要素分组列表（平台） Attribute groups, nationwide first',
    description: 'cityCode: one city’s groups; nationwide=true: only the nationwide ones; neither: all.',
    tags,
    roles: platform,
    handler: ({ query }) => elements.adminGroups(query),
  });

  defineRoute(app, api.adminGroup, {
    summary: '要素分组详情（平台） A group with all its elements, disabled ones included',
    tags,
    roles: platform,
    handler: ({ params }) => elements.adminGroup(params.id),
  });

  defineRoute(app, api.createGroup, {
    summary: '新建要素分组（平台） Create a group for a city, or nationwide (cityCode null)',
    description: 'cityCode must be an opened platform city (400).',
    tags,
    roles: platform,
    handler: ({ user, body }) => elements.createGroup(user, body),
  });

  defineRoute(app, api.updateGroup, {
    summary: '修改要素分组（平台） Rename a group, change its scenario or sort',
    tags,
    roles: platform,
    handler: ({ user, params, body }) => elements.updateGroup(user, params.id, body),
  });

  defineRoute(app, api.setGroupUseStatus, {
    summary: '启用/停用要素分组（平台） Enable (1) or disable (2) a group',
    tags,
    roles: platform,
    handler: ({ user, params, body }) => elements.setGroupUseStatus(user, params.id, body.useStatus),
  });

  defineRoute(app, api.deleteGroup, {
    summary: '删除要素分组（平台） Delete a group none of whose elements has an answer',
    description: '409 when a listing has answered one of its elements: disable it instead.',
    tags,
    roles: platform,
    handler: ({ user, params }) => elements.deleteGroup(user, params.id),
  });

  defineRoute(app, api.createElement, {
    summary: '新建要素（平台） Create an element with its options',
    description:
      'Options (1–100) are required for radio (3), checkbox (4) and dropdown (5) and refused for the other types; ' +
      'standardMin only for text types (1, 2). meetsStandard counts only on govProcurement elements.',
    tags,
    roles: platform,
    handler: ({ user, body }) => elements.createElement(user, body),
  });

  defineRoute(app, api.updateElement, {
    summary: '修改要素（平台） Update an element and its options',
    description:
      'Options with an enumId are kept and updated, those without are added, the rest removed (chosen values that ' +
      'are no longer options are cleared, spec §5). The display type may change only while no listing has answered ' +
      'the element (400). Re-evaluates the government-procurement flag of the listings concerned.',
    tags,
    roles: platform,
    handler: ({ user, params, body }) => elements.updateElement(user, params.id, body),
  });

  defineRoute(app, api.setElementUseStatus, {
    summary: '启用/停用要素（平台） Enable (1) or disable (2) an element',
    tags,
    roles: platform,
    handler: ({ user, params, body }) => elements.setElementUseStatus(user, params.id, body.useStatus),
  });

  defineRoute(app, api.deleteElement, {
    summary: '删除要素（平台） Delete an element no listing has answered',
    description: '409 when a listing has answered it: disable it instead.',
    tags,
    roles: platform,
    handler: ({ user, params }) => elements.deleteElement(user, params.id),
  });

  defineRoute(app, api.sort, {
    summary: '要素排序（平台） Set the sort of groups and elements',
    tags,
    roles: platform,
    handler: ({ user, body }) => elements.sort(user, body),
  });
}
