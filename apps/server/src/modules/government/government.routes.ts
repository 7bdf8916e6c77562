import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { FileService } from '../file/index.ts';
import { registerFilingRoutes } from './government.filing.routes.ts';
import { registerRiskRoutes } from './government.risk.routes.ts';
import { registerStatisticsRoutes } from './government.statistics.routes.ts';

/** What the government module's routes are built from (app.ts passes them). */
export interface GovernmentDeps {
  db: Db;
  files: FileService;
}

/**
 * Every government-procurement call (docs/government.md): each part registers its own routes with one line here —
 * filings (government.filing.routes.ts), statistics and open data (government.statistics.routes.ts), risk rules and
 * alerts (government.risk.routes.ts).
 */
export function registerGovernmentRoutes(app: FastifyInstance, deps: GovernmentDeps): void {
  registerStatisticsRoutes(app, deps);
  registerFilingRoutes(app, deps);
  registerRiskRoutes(app, deps);
}
