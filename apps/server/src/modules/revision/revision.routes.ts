import { revisionEndpoints as api, OrgType, Role } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { RevisionService } from './revision.service.ts';

const tags = ['产品变更审核 Product revisions'];
const WHO =
  'Visible to the product’s manufacturer, the platform (super_admin) and, from the platform’s approval on, the committees (住建委) of the cities where the product is listed; anyone else 404.';

/** Revisions of listed products' approved facts (docs/decisions.md, "Approved facts and revisions"). */
export function registerRevisionRoutes(app: FastifyInstance, revisions: RevisionService) {
  defineRoute(app, api.list, {
    summary: '变更列表 The caller’s revisions: the platform’s queue, a city committee’s, or a manufacturer’s own',
    description: `Newest change first. Without status: the platform sees those in platform audit (1), a committee those of its city in city audit (2), a manufacturer all of its own. ${WHO}`,
    tags,
    handler: ({ user, body }) => revisions.list(user, body),
  });

  defineRoute(app, api.detail, {
    summary:
      '变更详情 One revision: the approved and the proposed value of every changed fact, its history and the caller’s actions',
    description: WHO,
    tags,
    handler: ({ user, params }) => revisions.detail(user, params.id),
  });

  defineRoute(app, api.ofProduct, {
    summary: '产品的变更 The open and the latest closed revision of one of the caller’s products',
    description: 'Manufacturers only (403 otherwise); another organisation’s product answers 404.',
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user, query }) => revisions.ofProduct(user, query.productId),
  });

  defineRoute(app, api.approve, {
    summary: '审核通过 Approve a revision: the platform (1 → 2), then each city (2 → 3 when every city has approved)',
    description: `The listing workflow's transition table decides (409 from another state). When the last city approves, the changes apply to the product in the same transaction and the catalogue shows them. ${WHO}`,
    tags,
    roles: [Role.SUPER_ADMIN, Role.CITY_COMMITTEE],
    handler: ({ user, params }) => revisions.decide(user, params.id, 'approve'),
  });

  defineRoute(app, api.reject, {
    summary: '驳回 Reject a revision with a reason: the product keeps its approved facts',
    description: `Platform in platform audit (1 → 4), a city committee in city audit (2 → 5). ${WHO}`,
    tags,
    roles: [Role.SUPER_ADMIN, Role.CITY_COMMITTEE],
    handler: ({ user, params, body }) => revisions.decide(user, params.id, 'reject', body.reason),
  });

  defineRoute(app, api.withdraw, {
    summary: '撤回 The manufacturer takes an open revision back: nothing changes',
    description: 'Any member of the product’s manufacturer; 409 once decided.',
    tags,
    orgTypes: [OrgType.MANUFACTURER],
    handler: ({ user, params }) => revisions.withdraw(user, params.id),
  });
}
