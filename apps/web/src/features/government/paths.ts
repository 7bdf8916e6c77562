import { pages } from '@jcbb/contract/pages';

/**
 * The government-procurement pages' paths (spec §2 /govProcurementInfo: materialFill, statisticsList; docs/government.md),
 * the same in the government, construction, supervision and developer consoles. Pages other code links to take theirs
 * from the contract's `pages`.
 */
export const GOVERNMENT_PATHS = {
  materialFill: pages.governmentFilings.path,
  filingDetail: pages.governmentFiling.path,
  statisticsList: pages.governmentStatistics.path,
  riskAlerts: '/govProcurementInfo/riskAlerts',
  alertDetail: pages.governmentAlert.path,
  riskRules: '/govProcurementInfo/riskRules',
} as const;

export type GovernmentPage = keyof typeof GOVERNMENT_PATHS;
