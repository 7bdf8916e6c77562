import { type ReactNode, Suspense, useEffect, useRef } from 'react';
import { Navigate, useNavigation, useRevalidator } from 'react-router-dom';
import { PageLoading } from '../components/PageLoading.tsx';
import { RouteItemContext } from '../lib/route-context.ts';
import { type FlatRoute, findRoute, flattenRoutes } from '../lib/route-index.ts';
import { useSessionConsole } from './console-routes.ts';
import { framedPublicRoutes } from './route-table.tsx';

const flatFramedPublic = flattenRoutes(framedPublicRoutes);

/** Render one route-table entry: its redirect, or its (lazily loaded) page with the entry in context. */
export function RoutePage({ route }: { route: FlatRoute }): ReactNode {
  const { item } = route;
  const Component = item.component;
  if (!Component) return <Navigate to={item.redirect ?? '/404'} replace />;
  return (
    <RouteItemContext.Provider value={route}>
      <Suspense fallback={<PageLoading />}>
        <Component />
      </Suspense>
    </RouteItemContext.Provider>
  );
}

/**
 * A page inside the console frame. Several consoles share paths with different pages or redirects (/home,
 * /productionManagement), so the entry comes from the signed-in user's own console, by the route's path.
 */
export function ConsolePage({ path }: { path: string }): ReactNode {
  const own = useSessionConsole();
  const route = (own && findRoute(own.routes, path)) ?? findRoute(flatFramedPublic, path);
  if (!route) return <SessionChanged />;
  return <RoutePage route={route} />;
}

/**
 * The guard let this page in, so it went missing because the session changed under it: signed out or expired
 * (the re-login flow is already navigating to sign-in), or another app chosen (the switcher is going home). Where to
 * go is the guard's answer, never this page's: a redirect of its own (/404) would override the one under way. When
 * nothing is navigating (a session cleared by code that does not navigate), ask the guard again for this address,
 * once: its answer for a page the session does not cover is always a redirect.
 */
function SessionChanged(): ReactNode {
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const asked = useRef(false);
  const idle = navigation.state === 'idle' && revalidator.state === 'idle';
  useEffect(() => {
    if (!idle || asked.current) return;
    asked.current = true;
    void revalidator.revalidate();
  }, [idle, revalidator]);
  return <PageLoading />;
}
