import { lazyPage, page, type RouteItem } from '../../lib/route-types.ts';
import { CARD_DASHBOARD_PATH, CARD_PUBLIC_PATH } from './paths.ts';

// Part of the console shell (the route table imports it): the page paths only, and the pages lazily.
const Dashboard = lazyPage(() =>
  import('./pages/CardDashboardPage.tsx').then((m) => ({ default: m.CardDashboardPage })),
);
const PublicCard = lazyPage(() => import('./pages/CardPublicPage.tsx').then((m) => ({ default: m.CardPublicPage })));

/** /marketing/dashboard: the smart business card of manufacturers and distributors (the marketing group). */
export const cardDashboardRoute: RouteItem = page(
  CARD_DASHBOARD_PATH.replace('/marketing/', ''),
  'marketingDashboard',
  Dashboard,
);

/** /free/card?id=: a card's public page, no sign-in. */
export const cardPublicRoute: RouteItem = page(CARD_PUBLIC_PATH, 'businessCardPublic', PublicCard);
