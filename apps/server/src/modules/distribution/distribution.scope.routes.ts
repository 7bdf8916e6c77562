import { distributionEndpoints as api, OrgType } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { ScopeService } from './distribution.scope.service.ts';

const tags = ['经销授权 Distribution'];

/** The coverage call (docs/distribution.md, "The coverage call"). */
export function registerDistributionScopeRoutes(app: FastifyInstance, scope: ScopeService) {
  defineRoute(app, api.scopeCheck, {
    summary: '授权范围核对 Would the caller’s letters of authorisation cover these lines?',
    description:
      'Distributors only. For each line (specification, quantity): the letter that covers it for the destination (exactly one of regionCode, projectId — its county and the project — or addressId — its county) on the date, with the maker and what the cap leaves after this and the earlier lines; or the first rule it fails (CoverageRefusal: no_authorisation, not_active, region, period, project, cap) with its sentence. With contractId (the caller’s own, else 404): within the active contract’s remaining quantity per specification (contract_not_active, contract_quantity). Nothing is locked or drawn down: shipping checks again.',
    tags,
    orgTypes: [OrgType.DISTRIBUTOR],
    handler: ({ user, body }) => scope.check(user, body),
  });
}
