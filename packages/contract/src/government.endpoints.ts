import { governmentFilingEndpoints } from './government-filing.endpoints.ts';
import { governmentRiskEndpoints } from './government-risk.endpoints.ts';
import { governmentStatisticsEndpoints } from './government-statistics.endpoints.ts';

/**
 * Every government-procurement call (docs/government.md), joined from its parts as each lands with its routes:
 * filings (materialFill: government-filing.endpoints.ts), statistics with their open data (statisticsList,
 * /open/statistics: government-statistics.endpoints.ts), risk rules and alerts with subscriptions
 * (government-risk.endpoints.ts).
 */
export const governmentEndpoints = {
  ...governmentStatisticsEndpoints,
  ...governmentFilingEndpoints,
  ...governmentRiskEndpoints,
};
