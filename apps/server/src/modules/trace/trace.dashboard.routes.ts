import { traceEndpoints as api, OrgType } from '@jcbb/contract';
import type { FastifyInstance } from 'fastify';
import { defineRoute } from '../../lib/route.ts';
import type { TraceDashboardService } from './trace.dashboard.service.ts';

const tags = ['追溯 Traceability'];

/** The trace dashboards (docs/traceability.md). */
export function registerTraceDashboardRoutes(app: FastifyInstance, dashboards: TraceDashboardService) {
  defineRoute(app, api.dashboard, {
    summary: '追溯看板 Shipments, stock, transport carbon and alerts of the caller’s organisation',
    description:
      'Shipments shipped this month (Asia/Shanghai), in transit, awaiting receipt longer than AWAITING_RECEIPT_DAYS; usable stock per product; top receivers; transport carbon of the last 6 months (measured and default distances apart, shipments missing a mass counted), per product and per transport type; alerts (a code at two sites, evidence expired on a shipment still on its way).',
    tags,
    orgTypes: [OrgType.MANUFACTURER, OrgType.DISTRIBUTOR],
    handler: ({ user }) => dashboards.dashboard(user),
  });

  defineRoute(app, api.productDashboard, {
    summary: '产品追溯看板 One product’s lots, where it went and where it is',
    description:
      'The caller’s own product only (any other answers 404): its lots, the quantity shipped per destination county, current balances of its lots per holder, and how often its codes were scanned.',
    tags,
    handler: ({ user, params }) => dashboards.productDashboard(user, params.id),
  });
}
