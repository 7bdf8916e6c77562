import { distributionEndpoints as api, OrgType } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { callerOrgId } from '../../lib/access.ts';
import { defineRoute } from '../../lib/route.ts';
import { licensedDetail, licensedList } from './distribution.licensed.ts';
import type { createDistributorProductService } from './distribution.product.service.ts';

const tags = ['经销 Distribution'];
const own = "Distributors only (403 for other organisation types); another organisation's record answers 404.";

/** The distributor's product records and licensed products (docs/distribution.md, "The distributor console"). */
export function registerDistributorProductRoutes(
  app: FastifyInstance,
  { db }: { db: Db },
  records: ReturnType<typeof createDistributorProductService>,
) {
  const orgTypes = [OrgType.DISTRIBUTOR];

  defineRoute(app, api.productList, {
    summary: '经销产品 The distributor’s product records, each with today’s coverage by its letters',
    description: `coverage: in_force (an active letter in its period names the product, or the record's specification), expiring (the last such letter ends within 60 days) or not_covered. Newest change first; filter by keyword (product, specification, maker) and status. ${own}`,
    tags,
    orgTypes,
    handler: ({ user, body }) => records.list(user, body),
  });

  defineRoute(app, api.productDetail, {
    summary: '经销产品详情 One product record',
    description: own,
    tags,
    orgTypes,
    handler: ({ user, query }) => records.detail(user, query.id),
  });

  defineRoute(app, api.productSave, {
    summary: '保存经销产品 Create or edit a product record',
    description: `The product (and specification) must be named by one of the distributor's letters in any state but draft (else 400 on productId); supply addresses are its own traceability addresses; one record per product and specification (400 on productId/specId). Off sale: status off_sale. ${own}`,
    tags,
    orgTypes,
    certified: true,
    handler: ({ user, body }) => records.save(user, body),
  });

  defineRoute(app, api.productDelete, {
    summary: '删除经销产品 Delete a product record',
    description: own,
    tags,
    orgTypes,
    handler: ({ user, body }) => records.remove(user, body.id),
  });

  defineRoute(app, api.licensedList, {
    summary: '授权产品 The distributor’s licensed products: the items of its letters (not drafts)',
    description:
      'Each with maker, product, specification (null: all), regions with names, period, state as of today (expired derived), cap and what is left of it, letter number and publicId (the public page /free/authorisation?id=). Filter by keyword and state (issued = 待确认). Distributors only.',
    tags,
    orgTypes,
    handler: ({ user, body }) => licensedList(db, callerOrgId(user), body),
  });

  defineRoute(app, api.licensedDetail, {
    summary: '授权书详情 One letter’s scope as the distributor sees it',
    description: `canAccept when it is issued and awaits the distributor (the accept call is the authorisation's). A draft, or another distributor's letter: 404. Distributors only.`,
    tags,
    orgTypes,
    handler: ({ user, query }) => licensedDetail(db, user, query.id),
  });
}
