import { distributionEndpoints as api, OrgType } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { defineRoute } from '../../lib/route.ts';
import { createSalesContractService } from './distribution.contract.service.ts';
import { registerDistributorProductRoutes } from './distribution.product.routes.ts';
import { createDistributorProductService } from './distribution.product.service.ts';

/** The distributor console's services (the routes' and the demo seed's). */
export function createDistributorConsoleServices({ db }: { db: Db }) {
  return { products: createDistributorProductService({ db }), contracts: createSalesContractService({ db }) };
}

/** The distributor console's calls: product records, licensed products, sales contracts (one line in app.ts). */
export function registerDistributorConsoleRoutes(app: FastifyInstance, deps: { db: Db }) {
  const services = createDistributorConsoleServices(deps);
  registerDistributorProductRoutes(app, deps, services.products);
  registerSalesContractRoutes(app, services.contracts);
}

const tags = ['经销合同 Sales contracts'];
const seller =
  "The contract's distributor only: its buyer gets 403, anyone else 404. A change not allowed from the contract's state: 409.";

/** Sales contracts (docs/distribution.md, "Sales contracts"). */
function registerSalesContractRoutes(app: FastifyInstance, contracts: ReturnType<typeof createSalesContractService>) {
  const orgTypes = [OrgType.DISTRIBUTOR];

  defineRoute(app, api.contractList, {
    summary: '经销合同 The distributor’s contracts (side mine), or those naming the caller as buyer (side buyer)',
    description:
      'Newest first; filter by status and keyword (number, buyer, project). A buyer sees a contract once it is signed.',
    tags,
    handler: ({ user, body }) => contracts.list(user, body),
  });

  defineRoute(app, api.contractDetail, {
    summary: '合同详情 One contract, each line checked against the distributor’s letters',
    description:
      "Each line's coverage for the contract's region (the project's county or the place of delivery), signing date (else today) and project: the covering letter, or the first rule it fails (CoverageRefusal). The distributor and, once signed, the buyer; anyone else 404. actions: what the caller may do from here.",
    tags,
    handler: ({ user, query }) => contracts.detail(user, query.id),
  });

  defineRoute(app, api.contractSave, {
    summary: '保存合同 Create or edit a draft contract',
    description: `Buyer: a platform organisation (buyerOrgId) or a name with a valid unified social credit code. Project: a platform project the buyer has joined (its county is the place of delivery), else regionCode. Amount = Σ quantity × unit price (fen). signedFileId: an upload of the caller's organisation. Only a draft may be edited. ${seller}`,
    tags,
    orgTypes,
    certified: true,
    handler: ({ user, body }) => contracts.save(user, body),
  });

  defineRoute(app, api.contractSign, {
    summary: '签订 draft → signed: the signed file’s SHA-256 on the evidence ledger (doc type 4)',
    description: `Without a signed file: 400 on signedFileId. The buyer, when on the platform, is told. ${seller}`,
    tags,
    orgTypes,
    certified: true,
    handler: ({ user, body }) => contracts.sign(user, body.id),
  });

  defineRoute(app, api.contractActivate, {
    summary: '生效 signed → active, when the distributor’s letters cover every line',
    description: `A line no letter covers: 409 naming the line and the reason. ${seller}`,
    tags,
    orgTypes,
    certified: true,
    handler: ({ user, body }) => contracts.activate(user, body.id),
  });

  defineRoute(app, api.contractComplete, {
    summary: '完成 active → completed',
    description: seller,
    tags,
    orgTypes,
    handler: ({ user, body }) => contracts.complete(user, body.id),
  });

  defineRoute(app, api.contractTerminate, {
    summary: '终止 signed | active → terminated, with a reason',
    description: seller,
    tags,
    orgTypes,
    handler: ({ user, body }) => contracts.terminate(user, body.id, body.reason),
  });

  defineRoute(app, api.contractShip, {
    summary: '按合同发货 A draft shipment against an active contract (then the send wizard)',
    description: `Lines: contract line, a lot the distributor holds, a quantity within what the line has left (400 on lines.N.quantity). The destination is the contract's project, else its buyer (toAddressId). Saved as POST /api/track/shipment/save would (its refusals on the same fields) and linked to the contract; the shipment gate draws the contract down when it ships. ${seller}`,
    tags,
    orgTypes,
    certified: true,
    handler: ({ user, body }) => contracts.ship(user, body),
  });

  defineRoute(app, api.buyerSearch, {
    summary: '查找买方 Platform organisations by name or credit code (at most 20)',
    tags,
    orgTypes,
    certified: true,
    handler: ({ user, query }) => contracts.buyerSearch(user, query.keyword),
  });

  defineRoute(app, api.buyerProjects, {
    summary: '买方项目 The projects a buyer organisation has joined, with their county',
    tags,
    orgTypes,
    certified: true,
    handler: ({ user, query }) => contracts.buyerProjects(user, query.orgId),
  });
}
