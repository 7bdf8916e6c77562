import type { RouteItem } from '../../lib/route-types.ts';
import type { GovernmentPage } from './paths.ts';
import { riskRoutes } from './routes/risk.tsx';

export { GOVERNMENT_PATHS, type GovernmentPage } from './paths.ts';

import { filingRoutes } from './routes/filing.tsx';
import { statisticsRoutes } from './routes/statistics.tsx';

/**
 * Every government-procurement page (docs/government.md), by name: filings (materialFill and a filing), statistics
 * (statisticsList), risk alerts and rules. Each part of the module declares its own in routes/ and joins it here
 * with one line.
 */
export const governmentRoutes: Partial<Record<GovernmentPage, RouteItem>> = {
  ...statisticsRoutes,
  ...filingRoutes,
  ...riskRoutes,
};
