import { lazyPage, page, type RouteItem } from '../../lib/route-types.ts';

const MessageCenterPage = lazyPage(() => import('./pages/MessageCenterPage.tsx'));
const MessageDetailPage = lazyPage(() => import('./pages/MessageDetailPage.tsx'));

/**
 * Public per spec §2: reachable without the guard's sign-in redirect; without a session the pages show a sign-in
 * prompt that comes back here (`/login?redirect=…`).
 */
export const messagePublicRoutes: RouteItem[] = [
  page('/message', 'message:title', MessageCenterPage, { hidden: true }),
  page('/message/detail', 'message:detailTitle', MessageDetailPage, { hidden: true, activeMenu: '/message' }),
];

/** Console-only message routes: none today, the message pages are all public (above). */
export const messageRoutes: RouteItem[] = [];
