import { basicMaterialEndpoints as api, OrgType } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { BasicMaterialService } from './basic-material.service.ts';

const tags = ['基础建材 Basic materials'];
const unknownName = 'A common name that is not an approved entry answers 40400.';

/**
 * Basic materials (spec §7): the platform's common material names, read by any signed-in user; manufacturers
 * apply for new ones. Also bmUpGradation/page, the product records of the caller's organisation.
 */
export function registerBasicMaterialRoutes(app: FastifyInstance, basics: BasicMaterialService) {
  defineRoute(app, api.page, {
    summary: '基础建材分页 A page of approved common material names',
    description:
      'Filters: commonName (fragment, case-insensitive), classifyCode (the class and its descendants). Ordered by classification, then id. take default 10, at most 100.',
    tags,
    handler: ({ body }) => basics.page(body),
  });

  defineRoute(app, api.getUnitByCommonName, {
    summary: '通用名称的计量单位 Units a common name is sold in',
    description: `Body { commonName } (exact). ${unknownName}`,
    tags,
    handler: ({ body }) => basics.units(body.commonName),
  });

  defineRoute(app, api.getFormatByCommonNameAndUnit, {
    summary: '通用名称与单位的规格 Usual formats of a common name in one unit',
    description: `Body { commonName, unitId }. ${unknownName} A unit the name is not sold in answers 40400.`,
    tags,
    handler: ({ body }) => basics.formats(body.commonName, body.unitId),
  });

  defineRoute(app, api.getClassifyIdByCommonName, {
    summary: '通用名称的产品分类 The classification of a common name',
    description: `Body { commonName }. Answers the product class and its category. ${unknownName}`,
    tags,
    handler: ({ body }) => basics.classify(body.commonName),
  });

  defineRoute(app, api.applyForAdd, {
    summary: '申请新增通用名称 A manufacturer applies for a new common name',
    description:
      'Manufacturers only (others 40300). Stored pending (status 2) until the platform decides; platform staff get a message on the materials channel. A name that is approved or already pending answers 40000 on commonName; an unknown classification or unit 40000 on that field.',
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user, body }) => basics.apply(user, body),
  });

  defineRoute(app, api.upGradationPage, {
    summary: '产品升级记录 The change records of the caller’s products',
    description:
      'Product records from the audit log (entity "product": creation, corrections, enable status changes), newest first, of the caller’s organisation only; productId narrows to one product (another organisation’s answers 40400). Users without an organisation answer 40300.',
    tags,
    handler: ({ user, body }) => basics.upgradations(user, body),
  });
}
