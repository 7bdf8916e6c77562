import { referenceEndpoints as api } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { defineRoute } from '../../lib/route.ts';
import { createReferenceService } from './reference.service.ts';

const tags = ['参考数据 Reference'];

/** Reference data: read by any signed-in user, written only by the start-up seeding. */
export function registerReferenceRoutes(app: FastifyInstance, deps: { db: Db }) {
  const reference = createReferenceService(deps);

  defineRoute(app, api.divisionTree, {
    summary: '行政区划全树 The whole GB/T 2260 division tree',
    description:
      'Provinces → cities → counties, by code. Municipalities keep the 市辖区 / 县 city level of the source data; ' +
      'leaves carry no `children`. Built once per process.',
    tags,
    handler: () => reference.divisionTree(),
  });

  defineRoute(app, api.divisionChildren, {
    summary: '下级行政区划 Children of a division (lazy cascader)',
    description: 'Without `parentCode` (or with an empty one): the provinces. An unknown `parentCode` answers 40400.',
    tags,
    handler: ({ query }) => reference.divisionChildren(query.parentCode),
  });

  defineRoute(app, api.selectCityTree, {
    summary: '平台开通城市 The platform’s opened cities by province',
    description: '`letter` is the first label of the city site’s host name (nj for Nanjing).',
    tags,
    handler: () => reference.cityTree(),
  });

  defineRoute(app, api.selectBmProductUnit, {
    summary: '查询计量单位 Units of measure, filtered by name',
    description:
      'The 37 units by id, those whose name contains `name` when it is given (case-insensitive, literal). ' +
      'selectUnitList answers the same list without a filter.',
    tags,
    handler: ({ body }) => reference.units(body.name),
  });

  defineRoute(app, api.selectUnitList, {
    summary: '计量单位列表 All units of measure',
    description: 'All 37 units by id; takes no filter (selectBmProductUnit takes a name filter).',
    tags,
    handler: () => reference.units(),
  });

  defineRoute(app, api.transportTypes, {
    summary: '运输方式 Transport types and their emission factors',
    description:
      'The 16 transport types of GB/T 51366-2019 appendix D. `factor` is in kgCO2e/(t·km), as a decimal string ' +
      "('0.334') so no float rounding creeps in.",
    tags,
    handler: () => reference.transportTypes(),
  });

  defineRoute(app, api.orgNatures, {
    summary: '企业性质 Organisation natures',
    tags,
    handler: () => reference.orgNatures(),
  });

  defineRoute(app, api.materialClassification, {
    summary: '建材分类 Building-material classification tree',
    description:
      'Categories (code 01…) and their products (0101…) of the green building material product certification ' +
      'catalogue, in catalogue order.',
    tags,
    handler: () => reference.classificationTree(),
  });

  defineRoute(app, api.checkTownCode, {
    summary: '校验区划代码 Check a county, town or village code',
    description:
      'The data holds counties (6 digits); a 9-digit town or 12-digit village code is checked on its first six ' +
      'digits, reported as `checkedCode`. A code not in the data answers `valid: false` (code 0); a malformed one 40000.',
    tags,
    handler: ({ body }) => reference.checkTownCode(body.code),
  });
}
