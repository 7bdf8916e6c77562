import { matchPath } from 'react-router-dom';
import type { RouteItem } from './route-types.ts';

/** One route of a tree with its absolute path and its ancestors (outermost first): for lookups and breadcrumbs. */
export interface FlatRoute {
  fullPath: string;
  item: RouteItem;
  ancestors: RouteItem[];
}

/** A child path is absolute when it starts with '/', else relative to its parent's (vue-router's rule). */
export function resolvePath(parent: string, child: string): string {
  if (child.startsWith('/')) return child;
  if (child === '') return parent || '/';
  return `${parent.replace(/\/+$/, '')}/${child}`;
}

export function flattenRoutes(items: RouteItem[], parentPath = '', ancestors: RouteItem[] = []): FlatRoute[] {
  const out: FlatRoute[] = [];
  for (const item of items) {
    const fullPath = resolvePath(parentPath, item.path);
    out.push({ fullPath, item, ancestors });
    if (item.children) out.push(...flattenRoutes(item.children, fullPath, [...ancestors, item]));
  }
  return out;
}

/** Keep the items whose `meta.roles` (when given) share a role with the user, with their permitted children. */
export function filterByRoles(items: RouteItem[], roles: readonly string[]): RouteItem[] {
  const out: RouteItem[] = [];
  for (const item of items) {
    const needed = item.meta?.roles;
    if (needed && needed.length > 0 && !needed.some((r) => roles.includes(r))) continue;
    out.push(item.children ? { ...item, children: filterByRoles(item.children, roles) } : item);
  }
  return out;
}

/** The route of `pathname` in a flattened tree: exact paths first, then patterns with parameters. */
export function findRoute(routes: FlatRoute[], pathname: string): FlatRoute | undefined {
  const path = normalise(pathname);
  return (
    routes.find((r) => r.fullPath === path) ??
    routes.find((r) => r.fullPath.includes(':') && matchPath({ path: r.fullPath, end: true }, path) !== null)
  );
}

function normalise(pathname: string): string {
  const trimmed = pathname.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}
