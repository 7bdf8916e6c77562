import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * The types of the route table (app/route-table.tsx) and `page()`, which every feature's routes.tsx builds its
 * entries with. They live here, below the app and the features, so a feature never imports the app that composes it.
 */

/** The consoles of the route table: one per kind of organisation that has one (app/menu.ts `selectConsole`). */
export type ConsoleKey =
  | 'manufacturer'
  | 'distributor'
  | 'construction'
  | 'supervision'
  | 'developer'
  | 'government'
  | 'certification'
  | 'admin'
  /** Design institutes: the projects they are invited to (read, and their own people on them). */
  | 'design'
  /** Organisation types without a console of their own (regulators, platform users): home and shared pages. */
  | 'basic';

/** One entry of the side menu (app/menu.ts `buildMenu`), also the home page's quick links. */
export interface MenuEntry {
  /** Unique in the menu; the full path for routed entries. */
  key: string;
  /** i18n key. */
  title: string;
  icon?: string;
  /** Where a routed leaf goes. */
  to?: string;
  /** A leaf opening another site in a new tab. */
  external?: { href: string; target: '_blank'; rel: 'noopener noreferrer' };
  children?: MenuEntry[];
}

/**
 * One entry of the route table (spec §3 "Menu route item"). The table is the only source of the router, the side
 * menu and the breadcrumb.
 */
export interface RouteMeta {
  /** i18n key of the title (zh-CN and English in src/lib/i18n). */
  title: string;
  /** Name of an @ant-design/icons icon, e.g. 'HomeOutlined'. */
  icon?: string;
  /** Open `path` (an absolute URL) in a new tab instead of routing. */
  externalLink?: boolean;
  /** City site letters (first label of the host name) on which this item is hidden from the menu. */
  hiddenCity?: string[];
  /** The menu entry to highlight while on this (usually hidden) route. */
  activeMenu?: string;
  /** A guide route: its menu entry is highlighted through `jumpPath`. */
  guidePath?: boolean;
  jumpPath?: string;
  /** Cache the page by path: its state survives leaving and coming back. */
  keepAlive?: boolean;
  /** Any one of these roles sees the route; none = open to every signed-in user. */
  roles?: string[];
  /** i18n key of a sentence naming what the page holds (the "在建设中" page shows it until the module lands). */
  description?: string;
  /**
   * A path on the configured external site (`externalSiteUrl` of GET /open/config), opened in a new tab with the
   * token. While no external site is configured the item routes to its own `path` instead.
   */
  externalSite?: string;
  /** Only on the external site: left out of the menu while none is configured (no page of its own here). */
  externalOnly?: boolean;
  /** i18n key of the title while the address carries no `?id=`: the page creates a record (新增产品, not 编辑产品). */
  newTitle?: string;
  /** Entering needs a project of the user's organisation (spec §5: otherwise 暂无项目 and no entry). */
  requiresProject?: boolean;
}

export interface RouteItem {
  /** Absolute path for top-level items; children may be relative to their parent. */
  path: string;
  hidden?: boolean;
  /** Always show as a submenu, even with one visible child. */
  alwaysShow?: boolean;
  children?: RouteItem[];
  meta?: RouteMeta;
  /** An embedded external page, shown through /myiframe/urlPath. */
  iframe?: { src: string; name: string };
  /** The page; absent for pure menu groups and external links. */
  component?: LazyExoticComponent<ComponentType> | ComponentType;
  /** The page's first queries, started as the navigation starts (see `RouteData`). */
  data?: RouteData;
  /** Redirect target for group paths. */
  redirect?: string;
}

/**
 * The queries a page makes as it first shows, started by the router when the navigation to it starts, beside its
 * code (app/route-preload.ts): the page then finds them answered or on their way instead of asking once it has
 * rendered. A lazily loaded function (the module's `default`), so its calls, endpoints and schemas load with the
 * page's code and not with the shell. It must ask with the very keys the page uses.
 */
export type RouteData = () => Promise<{
  default: (queryClient: QueryClient, location: { pathname: string; searchParams: URLSearchParams }) => unknown;
}>;

export { lazyPage } from './lazy-page.ts';

/** What `page()` takes besides the title: the meta fields, `hidden` for routes kept out of the menu, and `data`. */
export type PageOptions = Omit<RouteMeta, 'title'> & { hidden?: boolean; data?: RouteData };

/**
 * One route table entry of a feature's page: its path, the shell's title key `route.<key>` (or, for a feature whose
 * titles live in its own namespace, that full key: `admin:routes.certification`), the (lazy) component and the menu
 * flags. Every feature's routes.tsx builds its entries with this.
 */
export function page(
  path: string,
  key: string,
  component: RouteItem['component'],
  options: PageOptions = {},
): RouteItem {
  const { hidden, data, ...meta } = options;
  return {
    path,
    ...(hidden ? { hidden } : {}),
    ...(data ? { data } : {}),
    component,
    meta: { title: key.includes(':') ? key : `route.${key}`, ...meta },
  };
}
