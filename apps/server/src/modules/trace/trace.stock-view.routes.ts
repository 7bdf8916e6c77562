import { traceEndpoints as api } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { TraceStockViewService } from './trace.stock-view.service.ts';

const tags = ['追溯 Traceability'];
const whose =
  'The caller’s organisation’s own stock, or with projectId a project where it has an accepted membership (any other project answers 404).';

/** The stock views (docs/traceability.md, "Stock"). */
export function registerTraceStockViewRoutes(app: FastifyInstance, stock: TraceStockViewService) {
  defineRoute(app, api.stockList, {
    summary: '库存 Stock per specification and lot',
    description: `Usable and rejected balances, pending inbound (shipped to the holder, not yet received) and pending outbound (in its drafts). ${whose}`,
    tags,
    handler: ({ user, body }) => stock.list(user, body),
  });

  defineRoute(app, api.stockCard, {
    summary: '库存卡 The moves of one specification (and lot), newest first',
    description: `Each move with its running balance (per lot and bucket) and its document’s number, and the totals. ${whose}`,
    tags,
    handler: ({ user, body }) => stock.card(user, body),
  });
}
