import { ModuleCode, OrgType, Role } from '@jcbb/contract/enums';
import { pages } from '@jcbb/contract/pages';
import { type FlatRoute, findRoute, resolvePath } from '../lib/route-index.ts';
import type { ConsoleKey, MenuEntry, RouteItem, RouteMeta } from '../lib/route-types.ts';

/**
 * The side menu, the active entry and the breadcrumb, computed from the route table (spec §2 "Side menu", §6).
 * Pure functions: everything they depend on comes in as arguments.
 */

export interface ConsoleContext {
  roles: readonly string[];
  /** The organisation's type; null for users without an organisation (the platform operator). */
  orgType: number | null;
  /** The module the user chose (session.currentApp), if any. */
  currentApp: string | null;
  /** Module codes the organisation has enabled. */
  modules: readonly string[];
}

const consoleByModule: Record<string, ConsoleKey> = {
  [ModuleCode.PRODUCTION]: 'manufacturer',
  [ModuleCode.AGENT]: 'distributor',
  [ModuleCode.CONSTRUCTION]: 'construction',
  [ModuleCode.SUPERVISOR]: 'supervision',
};

const consoleByOrgType: Partial<Record<number, ConsoleKey>> = {
  [OrgType.MANUFACTURER]: 'manufacturer',
  [OrgType.DISTRIBUTOR]: 'distributor',
  [OrgType.CONSTRUCTION]: 'construction',
  [OrgType.SUPERVISION]: 'supervision',
  [OrgType.DEVELOPER]: 'developer',
  [OrgType.GOVERNMENT]: 'government',
  [OrgType.CERTIFICATION_BODY]: 'certification',
  [OrgType.DESIGN_INSTITUTE]: 'design',
};

/**
 * Which console a user works in: the platform operator's own; government's fixed one (no function list); the
 * current app when the organisation has it enabled; the organisation type's; else the first enabled module's.
 */
export function selectConsole(ctx: ConsoleContext): ConsoleKey {
  if (ctx.roles.includes(Role.SUPER_ADMIN)) return 'admin';
  if (ctx.orgType === OrgType.GOVERNMENT) return 'government';
  if (ctx.currentApp && ctx.modules.includes(ctx.currentApp)) {
    const byApp = consoleByModule[ctx.currentApp];
    if (byApp) return byApp;
  }
  const byType = ctx.orgType === null ? undefined : consoleByOrgType[ctx.orgType];
  if (byType) return byType;
  const firstModule = ctx.modules.find((m) => consoleByModule[m]);
  return firstModule ? (consoleByModule[firstModule] as ConsoleKey) : 'basic';
}

/** The app to select when none valid is chosen: the organisation type's own module if enabled, else the first. */
export function defaultApp(orgType: number | null, modules: readonly string[]): string | null {
  const own = Object.entries(consoleByModule).find(
    ([code, key]) => modules.includes(code) && orgType !== null && consoleByOrgType[orgType] === key,
  );
  return own?.[0] ?? modules.find((m) => consoleByModule[m]) ?? null;
}

export interface MenuOptions {
  roles: readonly string[];
  /** window.location.hostname: its first label names the city site (meta.hiddenCity). */
  host: string;
  /** GET /open/config externalSiteUrl; empty when not configured. */
  externalSiteUrl?: string;
  token?: string | null;
}

export const IFRAME_PATH = '/myiframe/urlPath';

export function iframeHref(src: string, name: string): string {
  return `${IFRAME_PATH}?${new URLSearchParams({ src, name }).toString()}`;
}

/** The account-centre address of an external service, carrying the token so the user arrives signed in. */
export function externalSiteHref(siteUrl: string, sitePath: string, token: string | null | undefined): string {
  const url = `${siteUrl.replace(/\/+$/, '')}/${sitePath.replace(/^\/+/, '')}`;
  if (!token) return url;
  return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

export function cityOf(host: string): string {
  return (host.split('.')[0] ?? '').toLowerCase();
}

function visible(item: RouteItem, options: MenuOptions): boolean {
  if (item.hidden) return false;
  if (item.meta?.externalOnly && !options.externalSiteUrl) return false;
  const roles = item.meta?.roles;
  if (roles && roles.length > 0 && !roles.some((r) => options.roles.includes(r))) return false;
  const hiddenCity = item.meta?.hiddenCity;
  if (hiddenCity?.some((c) => c.toLowerCase() === cityOf(options.host))) return false;
  return true;
}

function leaf(item: RouteItem, fullPath: string, options: MenuOptions): MenuEntry {
  const meta = item.meta;
  const base: MenuEntry = { key: fullPath, title: meta?.title ?? fullPath, ...(meta?.icon ? { icon: meta.icon } : {}) };
  const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const;
  if (meta?.externalLink) return { ...base, external: { href: item.path, ...newTab } };
  if (meta?.externalSite && options.externalSiteUrl) {
    return {
      ...base,
      external: { href: externalSiteHref(options.externalSiteUrl, meta.externalSite, options.token), ...newTab },
    };
  }
  if (item.iframe) {
    const href = iframeHref(item.iframe.src, item.iframe.name);
    return { ...base, key: href, to: href };
  }
  return { ...base, to: fullPath };
}

/**
 * The side menu of a route tree for one user: items they may not see (roles), hidden items and items hidden on this
 * city's site are left out; a group with exactly one visible leaf shows as that leaf (with the group's icon when it
 * has none) unless `alwaysShow`; a group with no visible child shows only if it is a page itself.
 */
export function buildMenu(items: RouteItem[], options: MenuOptions, parentPath = ''): MenuEntry[] {
  const out: MenuEntry[] = [];
  for (const item of items) {
    if (!visible(item, options)) continue;
    const fullPath = item.meta?.externalLink ? item.path : resolvePath(parentPath, item.path);
    if (!item.children || item.children.length === 0) {
      out.push(leaf(item, fullPath, options));
      continue;
    }
    const children = buildMenu(item.children, options, fullPath);
    const [only] = children;
    if (children.length === 1 && only && !only.children && !item.alwaysShow) {
      const icon = only.icon ?? item.meta?.icon;
      out.push(icon ? { ...only, icon } : only);
    } else if (children.length === 0) {
      if (item.component) out.push(leaf(item, fullPath, options));
    } else {
      out.push({
        key: fullPath,
        title: item.meta?.title ?? fullPath,
        ...(item.meta?.icon ? { icon: item.meta.icon } : {}),
        children,
      });
    }
  }
  return out;
}

/** The menu entry to light up: the route's activeMenu, a guide route's jumpPath, else its own path. */
export function activeMenuKey(routes: FlatRoute[], pathname: string, search = ''): string {
  if (pathname === IFRAME_PATH) {
    const q = new URLSearchParams(search);
    return iframeHref(q.get('src') ?? '', q.get('name') ?? '');
  }
  const route = findRoute(routes, pathname);
  if (!route) return pathname;
  const meta = route.item.meta;
  if (meta?.activeMenu) return meta.activeMenu;
  if (meta?.guidePath && meta.jumpPath) return meta.jumpPath;
  return route.fullPath;
}

/** Keys of the submenus that contain `key`, outermost first (to open them). */
export function openKeysFor(menu: MenuEntry[], key: string): string[] {
  for (const entry of menu) {
    if (entry.key === key) return [];
    if (entry.children) {
      const inner = openKeysFor(entry.children, key);
      if (inner.length > 0 || entry.children.some((c) => c.key === key)) return [entry.key, ...inner];
    }
  }
  return [];
}

/** A page's title key for this address: `newTitle` when the page creates a record (no ?id=), else `title`. */
export function titleFor(meta: RouteMeta | undefined, search = ''): string | undefined {
  if (meta?.newTitle && !new URLSearchParams(search).get('id')) return meta.newTitle;
  return meta?.title;
}

export interface Crumb {
  /** i18n key, or the text itself when `literal`. */
  title: string;
  literal?: boolean;
  /** Where the crumb links; absent for the current page and for groups that are no page. */
  to?: string;
}

function crumbLink(route: FlatRoute): string | undefined {
  if (route.item.component) return route.fullPath;
  return route.item.redirect;
}

/**
 * The breadcrumb of a page: 首页, then the page's groups and the page itself as the route table nests them; a
 * hidden page lit through activeMenu (a detail or edit page) gets its list page before it.
 */
export function breadcrumbFor(routes: FlatRoute[], pathname: string, search = ''): Crumb[] {
  const route = findRoute(routes, pathname);
  if (!route) return [];
  const home: Crumb = { title: 'route.home', to: pages.home.path };
  if (route.fullPath === pages.home.path) return [{ title: 'route.home' }];
  const chain: Crumb[] = [];
  let prefix = '';
  for (const ancestor of route.ancestors) {
    prefix = resolvePath(prefix, ancestor.path);
    const title = ancestor.meta?.title;
    if (!title) continue;
    const to = crumbLink({ fullPath: prefix, item: ancestor, ancestors: [] });
    chain.push(to ? { title, to } : { title });
  }
  const meta = route.item.meta;
  const via = meta?.activeMenu ?? (meta?.guidePath ? meta.jumpPath : undefined);
  if (via && via !== route.fullPath) {
    const list = findRoute(routes, via);
    const title = list?.item.meta?.title;
    if (list && title && !chain.some((c) => c.title === title)) chain.push({ title, to: list.fullPath });
  }
  const iframeName = pathname === IFRAME_PATH ? new URLSearchParams(search).get('name') : null;
  chain.push(iframeName ? { title: iframeName, literal: true } : { title: titleFor(meta, search) ?? pathname });
  return [home, ...chain];
}

/** A path of the tree that is no page of its own: a menu group (or `/`), which only leads to its children. */
export function isGroupRoute(route: FlatRoute): boolean {
  return !route.item.component && Boolean(route.item.redirect || route.item.children?.length);
}

/**
 * Where a group path leads (vue-router's `redirect`, spec §3), for one user's routes (roles applied): the table's
 * `redirect` when that is a page the user may open, else its first page the user may open (listed children before
 * hidden ones, depth first), else nothing (the caller answers 404). Group paths never show a page of their own.
 */
export function groupTarget(routes: FlatRoute[], route: FlatRoute): string | undefined {
  const page = (path: string) => {
    const found = findRoute(routes, path);
    return found?.item.component ? found.fullPath : undefined;
  };
  const preferred = route.item.redirect ? page(route.item.redirect) : undefined;
  if (preferred) return preferred;
  const below = routes.filter((r) => r.ancestors.includes(route.item) && r.item.component);
  const listed = below.find((r) => !r.item.hidden && !r.ancestors.some((a) => a.hidden));
  return (listed ?? below[0])?.fullPath;
}
