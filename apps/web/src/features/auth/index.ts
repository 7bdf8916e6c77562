import { lazy } from 'react';

/** The auth feature's routes and what the app shell uses (light: it loads with the shell). */
export { authPublicRoutes, authRoutes } from './routes.tsx';
/** The remote-login reminder (app/guard.tsx), loaded only when it is needed. */
export const RemoteLoginDialog = lazy(() =>
  import('./components/RemoteLoginDialog.tsx').then((m) => ({ default: m.RemoteLoginDialog })),
);
