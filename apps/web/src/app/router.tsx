import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { BootScreen } from '../components/PageLoading.tsx';
import { authPublicRoutes } from '../features/auth/index.ts';
import { authApi } from '../features/auth/public.ts';
import { setConsoleWarmUp } from '../lib/console-warm-up.ts';
import { onSessionInvalid } from '../lib/http.ts';
import { flattenRoutes } from '../lib/route-index.ts';
import type { ConsoleKey } from '../lib/route-types.ts';
import { createGuardLoader, type GuardDeps } from './guard.tsx';
import { Root } from './Root.tsx';
import { RouteErrorPage } from './RouteErrorPage.tsx';
import { ConsolePage, RoutePage } from './RoutePage.tsx';
import { prefetchPageData, preloadPage } from './route-preload.ts';
import { consoles, consoleTree, framedPublicRoutes, publicRoutes } from './route-table.tsx';
import { createSessionInvalidHandler } from './session-invalid.ts';
import { WithAntd } from './WithAntd.tsx';

/** Every path of every console (and the framed public pages), once: the page itself is picked per console. */
export function consolePaths(): string[] {
  const all = [
    ...(Object.keys(consoles) as ConsoleKey[]).flatMap((key) => flattenRoutes(consoleTree(key))),
    ...flattenRoutes(framedPublicRoutes),
  ];
  return [...new Set(all.map((r) => r.fullPath))];
}

/** The console frame's code, fetched by the router for the frame's pages and by the sign-in page ahead of them. */
const loadConsoleLayout = () => import('../layout/ConsoleLayout.tsx');

/** The sign-in screens bring no antd: they render without antd's providers, so their page load carries none. */
const antdFreePaths = new Set(authPublicRoutes.map((r) => r.path));

/** The router's routes, built from the route table. */
export function appRoutes(deps: GuardDeps): RouteObject[] {
  return [
    {
      id: 'root',
      element: <Root />,
      loader: createGuardLoader({ ...deps, preload: { page: preloadPage, data: prefetchPageData } }),
      // The guard runs before every navigation, not only when the root's own params change.
      shouldRevalidate: () => true,
      HydrateFallback: BootScreen,
      errorElement: <RouteErrorPage />,
      children: [
        ...flattenRoutes(publicRoutes).map((route) => ({
          path: route.fullPath,
          element: antdFreePaths.has(route.fullPath) ? (
            <RoutePage route={route} />
          ) : (
            <WithAntd fallback={<BootScreen />}>
              <RoutePage route={route} />
            </WithAntd>
          ),
        })),
        {
          // The console frame loads with the first console page, not with the sign-in page.
          lazy: () => loadConsoleLayout().then((m) => ({ Component: m.ConsoleLayout })),
          children: consolePaths().map((path) => ({ path, element: <ConsolePage path={path} /> })),
        },
        { path: '*', element: <Navigate to="/404" replace /> },
      ],
    },
  ];
}

type RouterFactory = (routes: RouteObject[]) => ReturnType<typeof createBrowserRouter>;

/** The app's router, with the guard and the re-login flow wired to it. */
export function createAppRouter(queryClient: QueryClient, factory: RouterFactory = createBrowserRouter) {
  let router: ReturnType<typeof createBrowserRouter> | undefined;
  const previousLocation = () =>
    router?.state.initialized ? `${router.state.location.pathname}${router.state.location.search}` : null;
  router = factory(appRoutes({ queryClient, previousLocation }));
  const created = router;
  setConsoleWarmUp((path) => {
    loadConsoleLayout().catch(() => {});
    preloadPage(new URL(path, 'http://x').pathname);
  });
  onSessionInvalid(
    createSessionInvalidHandler({
      invalidDetails: authApi.invalidDetails,
      navigate: (to) => void created.navigate(to, { replace: true }),
      location: () => created.state.location,
    }),
  );
  return created;
}
