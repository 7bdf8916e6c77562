import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { registerMaterialListRoutes } from './procurement.list.routes.ts';
import { registerOrderRoutes } from './procurement.order.routes.ts';
import { registerPolicyRoutes } from './procurement.policy.routes.ts';
import { registerRegionRoutes } from './procurement.region.routes.ts';
import { registerSourcingRoutes } from './procurement.sourcing.routes.ts';
import { registerSummaryRoutes } from './procurement.summary.routes.ts';

/** What the procurement module's routes are built from (app.ts passes them). */
export interface ProcurementDeps {
  db: Db;
}

/** Every procurement call (docs/procurement.md): each part registers its own routes with one line here. */
export function registerProcurementRoutes(app: FastifyInstance, deps: ProcurementDeps): void {
  registerPolicyRoutes(app, deps);
  registerMaterialListRoutes(app, deps);
  registerSummaryRoutes(app, deps);
  registerSourcingRoutes(app, deps);
  registerOrderRoutes(app, deps);
  registerRegionRoutes(app, deps);
}
