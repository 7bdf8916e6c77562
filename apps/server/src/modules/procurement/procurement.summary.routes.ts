import { procurementSummaryEndpoints as api } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import { BUYER_ORG_TYPES } from './procurement.access.ts';
import type { ProcurementDeps } from './procurement.routes.ts';
import { createSummaryService } from './procurement.summary.service.ts';

const tags = ['材料采购 Procurement'];
const green =
  'A line is green when everything accepted at the gate for it was green on its arrival day (the shipment line’s evidence snapshot), or, with nothing delivered yet, when its chosen product’s evidence is green on its required-by date. Ordered: lines of orders neither draft nor cancelled; delivered: accepted at the gate. Money in fen.';

/** Procurement's summary calls (docs/procurement.md, "Summaries"). */
export function registerSummaryRoutes(app: FastifyInstance, deps: ProcurementDeps): void {
  const summaries = createSummaryService({ db: deps.db });
  defineRoute(app, api.materialsSummary, {
    summary: '材料汇总 A buyer’s projects by category: budget, ordered, delivered, green share and the policy’s rules',
    description: `Developers: their projects; construction units: the projects they have joined (a project named in the body that is neither: 404). Optional fromMonth/toMonth (yyyy-mm) restrict the lines by required-by month. ${green} Mandatory compliance: every mandatory line green; optional coverage: green optional kinds ≥ the edition’s minimum share of the optional kinds used. failures lists the first 200 failing lines, mandatory first.`,
    tags,
    orgTypes: [...BUYER_ORG_TYPES],
    handler: ({ user, body }) => summaries.summary(user, body),
  });
  defineRoute(app, api.materialsSummaryDetail, {
    summary: '材料汇总明细 One project’s lines of one category, each with ordered, delivered, green and why',
    description: `categoryKey: the category code of the project’s edition, or "outside" for lines outside the standard. ${green}`,
    tags,
    orgTypes: [...BUYER_ORG_TYPES],
    handler: ({ user, body }) => summaries.detail(user, body),
  });
}
