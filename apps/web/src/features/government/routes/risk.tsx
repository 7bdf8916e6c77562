import { lazyPage, page, type RouteItem } from '../../../lib/route-types.ts';
import { GOVERNMENT_PATHS, type GovernmentPage } from '../paths.ts';

const Alerts = lazyPage(() => import('../pages/RiskAlertsPage.tsx').then((m) => ({ default: m.RiskAlertsPage })));
const AlertDetail = lazyPage(() =>
  import('../pages/AlertDetailPage.tsx').then((m) => ({ default: m.AlertDetailPage })),
);
const Rules = lazyPage(() => import('../pages/RiskRulesPage.tsx').then((m) => ({ default: m.RiskRulesPage })));

/** The risk pages (docs/government.md, "Risk rules"); routes.tsx joins them. */
export const riskRoutes: Partial<Record<GovernmentPage, RouteItem>> = {
  riskAlerts: page(GOVERNMENT_PATHS.riskAlerts, 'riskAlerts', Alerts),
  alertDetail: page(GOVERNMENT_PATHS.alertDetail, 'alertDetail', AlertDetail, {
    hidden: true,
    activeMenu: GOVERNMENT_PATHS.riskAlerts,
    data: () => import('./risk-alert-data.ts'),
  }),
  riskRules: page(GOVERNMENT_PATHS.riskRules, 'riskRules', Rules),
};
