import { type ReactNode, Suspense } from 'react';
import { Navigate } from 'react-router-dom';
import { PageLoading } from './PageLoading.tsx';
import { RouteItemContext, useConsoleRoutes } from './route-context.ts';
import { type FlatRoute, findRoute, flattenRoutes } from './route-index.ts';
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
  const own = useConsoleRoutes();
  const route = (own && findRoute(own.routes, path)) ?? findRoute(flatFramedPublic, path);
  if (!route) return <Navigate to="/404" replace />;
  return <RoutePage route={route} />;
}
