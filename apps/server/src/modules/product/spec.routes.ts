import { productEndpoints as api, OrgType } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { defineRoute } from '../../lib/route.ts';
import type { FactGate } from './product.facts.ts';
import { createSpecService } from './spec.service.ts';

const tags = ['产品规格 Specification models'];
const OWN = 'Manufacturers only (others 403); another organisation’s product or specification answers 404.';

/** Specification models (sales information: /specs/list, /specs/edit, /specs/batchEdit, /specs/details). */
export function registerSpecRoutes(app: FastifyInstance, deps: { db: Db; facts: FactGate }) {
  const specs = createSpecService(deps);

  defineRoute(app, api.specList, {
    summary: '规格列表 Specifications of a product, paged',
    description: `${OWN} Oldest first by id (stable paging); optional status filter (1 on sale, 2 off sale).`,
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user, body }) => specs.list(user, body),
  });

  defineRoute(app, api.specDetails, {
    summary: '规格详情 One specification by id',
    description: OWN,
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user, body }) => specs.details(user, body.id),
  });

  defineRoute(app, api.specRelationInfo, {
    summary: '规格及其产品 A specification with its product',
    description: OWN,
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user, params }) => specs.withProduct(user, params.id),
  });

  defineRoute(app, api.specDelete, {
    summary: '删除规格 Delete a specification (GET, as the spec has it)',
    description: `${OWN} Enterprise administrator only: staff 403.`,
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user, params }) => specs.remove(user, params.id),
  });

  defineRoute(app, api.specUpdate, {
    summary: '新增或修改规格 Create (no id) or update (id) a specification',
    description:
      `${OWN} unitId: one of the 37 units (bm_product_unit); price ≥ 0 in yuan with at most two decimals; ` +
      "minOrder > 0; status 1 on sale, 2 off sale. Prices are answered as strings ('12.50').",
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user, body }) => specs.save(user, body),
  });

  defineRoute(app, api.specBatchUpdate, {
    summary: '批量修改规格 Set price and/or status of several specifications (/specs/batchEdit)',
    description: `${OWN} All ids must be the caller’s, else 404 and nothing changes. One audit row per specification.`,
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user, body }) => specs.batchUpdate(user, body),
  });

  defineRoute(app, api.detailsByProductInfoId, {
    summary: '产品的全部规格 Every specification of one product',
    description: OWN,
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user, body }) => specs.ofProduct(user, body.productId),
  });

  defineRoute(app, api.productDetailList, {
    summary: '按产品列出规格 Every product of the caller with its specifications',
    description: 'Manufacturers only. Newest product first; specifications oldest first.',
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user }) => specs.perProduct(user),
  });
}
