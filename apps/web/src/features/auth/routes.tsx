import { lazyPage, page, type RouteItem } from '../../lib/route-types.ts';

const LoginPage = lazyPage(() => import('./pages/LoginPage.tsx'));
const ChangePasswordPage = lazyPage(() => import('./pages/ChangePasswordPage.tsx'));

/** Public: the sign-in screen under both of its paths (spec §2). */
export const authPublicRoutes: RouteItem[] = [
  page('/login', 'auth:login.routeTitle', LoginPage, { hidden: true }),
  page('/signIn', 'auth:login.routeTitle', LoginPage, { hidden: true }),
];

/** Inside the console: the change-password page, reached from the remote-login reminder and the user menu. */
export const authRoutes: RouteItem[] = [
  page('/user/password', 'auth:password.title', ChangePasswordPage, { hidden: true }),
];
