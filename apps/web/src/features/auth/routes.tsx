import { lazy } from 'react';
import type { RouteItem } from '../../app/route-types.ts';

const LoginPage = lazy(() => import('./pages/LoginPage.tsx'));
const ChangePasswordPage = lazy(() => import('./pages/ChangePasswordPage.tsx'));

/** Public: the sign-in screen under both of its paths (spec §2). */
export const authPublicRoutes: RouteItem[] = [
  { path: '/login', hidden: true, meta: { title: 'auth:login.routeTitle' }, component: LoginPage },
  { path: '/signIn', hidden: true, meta: { title: 'auth:login.routeTitle' }, component: LoginPage },
];

/** Inside the console: the change-password page, reached from the remote-login reminder and the user menu. */
export const authRoutes: RouteItem[] = [
  { path: '/user/password', hidden: true, meta: { title: 'auth:password.title' }, component: ChangePasswordPage },
];
