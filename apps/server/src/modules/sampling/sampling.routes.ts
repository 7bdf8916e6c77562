import { samplingEndpoints as api, OrgType } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { SamplingService } from './sampling.service.ts';

const tags = ['产品抽检 Supervision product sampling'];
const who =
  'Manufacturers only (others 40300), and only samplings of their own products; a productId of another organisation’s product answers 40400.';

/** Supervision sampling of the manufacturer's products (spec §7; the spot-check screen /product/spotCheck). */
export function registerSamplingRoutes(app: FastifyInstance, samplings: SamplingService) {
  defineRoute(app, api.latestPage, {
    summary: '最新抽检分页 The latest sampling results of the caller’s products',
    description: `Newest sampling first (then id). Filters: productId, result (1 pass, 2 fail). take default 10, at most 100. ${who}`,
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user, body }) => samplings.latestPage(user, body),
  });

  defineRoute(app, api.checkStateObjects, {
    summary: '抽检结果状态 The result states with their counts',
    description: `[{ value 1 合格, value 2 不合格 }] each with how many of the caller’s samplings (of productId, if given) have it; for the screen’s filter tabs. ${who}`,
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user, query }) => samplings.stateObjects(user, query.productId),
  });

  defineRoute(app, api.count, {
    summary: '抽检数量 How many samplings, passed and failed',
    description: `Body { productId? }. ${who}`,
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user, body }) => samplings.count(user, body.productId),
  });

  defineRoute(app, api.samplingDetail, {
    summary: '抽检详情 One sampling result',
    description: `Another organisation’s sampling answers 40400. ${who}`,
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user, params }) => samplings.detail(user, params.id),
  });
}
