import { pages } from '@jcbb/contract/pages';
import { describe, expect, it } from 'vitest';
import routeDescEn from '../features/placeholder/locales/en.ts';
import routeDescZh from '../features/placeholder/locales/zh-CN.ts';
import shellEn from '../lib/locales/en.ts';
import shellZh from '../lib/locales/zh-CN.ts';
import { filterByRoles, findRoute, flattenRoutes, resolvePath } from '../lib/route-index.ts';
import type { ConsoleKey, MenuEntry, RouteItem } from '../lib/route-types.ts';
import {
  activeMenuKey,
  breadcrumbFor,
  buildMenu,
  type ConsoleContext,
  cityOf,
  defaultApp,
  externalSiteHref,
  groupTarget,
  iframeHref,
  isGroupRoute,
  type MenuOptions,
  openKeysFor,
  selectConsole,
} from './menu.ts';
import { consoles, consoleTree, publicRoutes } from './route-table.tsx';

const Page = () => null;
const base: MenuOptions = { roles: ['企业管理员'], host: 'www.jcbb.cn' };
const keys = (menu: MenuEntry[]): string[] => menu.map((m) => m.key);

describe('selectConsole', () => {
  const ctx = (over: Partial<ConsoleContext>): ConsoleContext => ({
    roles: ['企业管理员'],
    orgType: null,
    currentApp: null,
    modules: [],
    ...over,
  });

  it('gives super_admin the platform console, whatever else is set', () => {
    expect(selectConsole(ctx({ roles: ['super_admin'] }))).toBe('admin');
    expect(selectConsole(ctx({ roles: ['super_admin'], orgType: 6, currentApp: 'jcbb-production' }))).toBe('admin');
  });

  it('gives government its fixed console even with modules enabled (no function list)', () => {
    expect(selectConsole(ctx({ orgType: 5 }))).toBe('government');
    expect(selectConsole(ctx({ orgType: 5, modules: ['jcbb-agent'], currentApp: 'jcbb-agent' }))).toBe('government');
  });

  it.each([
    [6, 'manufacturer'],
    [7, 'distributor'],
    [4, 'construction'],
    [3, 'supervision'],
    [1, 'developer'],
    [8, 'certification'],
  ] as const)('chooses by organisation type %i → %s', (orgType, key) => {
    expect(selectConsole(ctx({ orgType }))).toBe(key);
  });

  it('follows the current app when the organisation has it enabled', () => {
    const both = { orgType: 6, modules: ['jcbb-production', 'jcbb-agent'] };
    expect(selectConsole(ctx({ ...both, currentApp: 'jcbb-agent' }))).toBe('distributor');
    expect(selectConsole(ctx({ ...both, currentApp: 'jcbb-production' }))).toBe('manufacturer');
    expect(
      selectConsole(
        ctx({ orgType: 2, modules: ['jcbb-construction', 'jcbb-supervisor'], currentApp: 'jcbb-supervisor' }),
      ),
    ).toBe('supervision');
  });

  it('ignores a current app the organisation has not enabled', () => {
    expect(selectConsole(ctx({ orgType: 6, modules: ['jcbb-production'], currentApp: 'jcbb-agent' }))).toBe(
      'manufacturer',
    );
    expect(selectConsole(ctx({ orgType: 6, modules: [], currentApp: 'jcbb-agent' }))).toBe('manufacturer');
  });

  it('ignores an unknown module code', () => {
    expect(selectConsole(ctx({ orgType: 7, modules: ['jcbb-unknown'], currentApp: 'jcbb-unknown' }))).toBe(
      'distributor',
    );
  });

  it('uses the first enabled module for types without a console of their own', () => {
    expect(selectConsole(ctx({ orgType: 9, modules: ['jcbb-unknown', 'jcbb-construction'] }))).toBe('construction');
  });

  it('gives design institutes their project console', () => {
    expect(selectConsole(ctx({ orgType: 2 }))).toBe('design');
    expect(selectConsole(ctx({ orgType: 2, modules: ['jcbb-construction'], currentApp: 'jcbb-construction' }))).toBe(
      'construction',
    );
  });

  it('falls back to the basic console', () => {
    expect(selectConsole(ctx({ orgType: 10 }))).toBe('basic');
    expect(selectConsole(ctx({ orgType: 9 }))).toBe('basic');
    expect(selectConsole(ctx({ orgType: null }))).toBe('basic');
  });
});

describe('defaultApp', () => {
  it('prefers the organisation type’s own module', () => {
    expect(defaultApp(6, ['jcbb-agent', 'jcbb-production'])).toBe('jcbb-production');
    expect(defaultApp(3, ['jcbb-construction', 'jcbb-supervisor'])).toBe('jcbb-supervisor');
  });

  it('else the first known module, else none', () => {
    expect(defaultApp(6, ['jcbb-agent'])).toBe('jcbb-agent');
    expect(defaultApp(2, ['x', 'jcbb-construction'])).toBe('jcbb-construction');
    expect(defaultApp(5, [])).toBeNull();
    expect(defaultApp(null, [])).toBeNull();
  });
});

describe('buildMenu', () => {
  it('keeps open items and items sharing a role with the user, drops the others', () => {
    const items: RouteItem[] = [
      { path: '/open', component: Page, meta: { title: 'open' } },
      { path: '/admins', component: Page, meta: { title: 'admins', roles: ['企业管理员'] } },
      { path: '/platform', component: Page, meta: { title: 'platform', roles: ['super_admin'] } },
      { path: '/either', component: Page, meta: { title: 'either', roles: ['super_admin', '企业管理员'] } },
      { path: '/empty-roles', component: Page, meta: { title: 'empty', roles: [] } },
    ];
    expect(keys(buildMenu(items, base))).toEqual(['/open', '/admins', '/either', '/empty-roles']);
    expect(keys(buildMenu(items, { ...base, roles: [] }))).toEqual(['/open', '/empty-roles']);
  });

  it('drops a group the user may not see together with its children', () => {
    const items: RouteItem[] = [
      {
        path: '/g',
        redirect: '/g/a',
        meta: { title: 'g', roles: ['super_admin'] },
        children: [
          { path: 'a', component: Page, meta: { title: 'a' } },
          { path: 'b', component: Page, meta: { title: 'b' } },
        ],
      },
    ];
    expect(buildMenu(items, base)).toEqual([]);
  });

  it('omits hidden items', () => {
    const items: RouteItem[] = [
      { path: '/list', component: Page, meta: { title: 'list' } },
      { path: '/detail', hidden: true, component: Page, meta: { title: 'detail' } },
    ];
    expect(keys(buildMenu(items, base))).toEqual(['/list']);
  });

  it('shows a group with exactly one visible child as that child, with the group’s icon when the child has none', () => {
    const items: RouteItem[] = [
      {
        path: '/agent',
        redirect: '/agent/index',
        meta: { title: 'agent', icon: 'TeamOutlined' },
        children: [
          { path: 'index', component: Page, meta: { title: 'agentIndex' } },
          { path: 'agentForm', hidden: true, component: Page, meta: { title: 'agentForm' } },
        ],
      },
    ];
    expect(buildMenu(items, base)).toEqual([
      { key: '/agent/index', title: 'agentIndex', icon: 'TeamOutlined', to: '/agent/index' },
    ]);
  });

  it('keeps the only child’s own icon', () => {
    const items: RouteItem[] = [
      {
        path: '/',
        redirect: '/home',
        children: [{ path: 'home', component: Page, meta: { title: 'home', icon: 'HomeOutlined' } }],
      },
    ];
    expect(buildMenu(items, base)).toEqual([{ key: '/home', title: 'home', icon: 'HomeOutlined', to: '/home' }]);
  });

  it('keeps a one-child group as a submenu when alwaysShow', () => {
    const items: RouteItem[] = [
      {
        path: '/g',
        alwaysShow: true,
        redirect: '/g/a',
        meta: { title: 'g', icon: 'AppstoreOutlined' },
        children: [{ path: 'a', component: Page, meta: { title: 'a' } }],
      },
    ];
    expect(buildMenu(items, base)).toEqual([
      { key: '/g', title: 'g', icon: 'AppstoreOutlined', children: [{ key: '/g/a', title: 'a', to: '/g/a' }] },
    ]);
  });

  it('shows several visible children as a submenu', () => {
    const items: RouteItem[] = [
      {
        path: '/g',
        redirect: '/g/a',
        meta: { title: 'g' },
        children: [
          { path: 'a', component: Page, meta: { title: 'a' } },
          { path: '/elsewhere/b', component: Page, meta: { title: 'b' } },
        ],
      },
    ];
    const [group] = buildMenu(items, base);
    expect(group?.key).toBe('/g');
    expect(group?.children?.map((c) => c.to)).toEqual(['/g/a', '/elsewhere/b']);
  });

  it('does not collapse into an only child that is itself a submenu', () => {
    const items: RouteItem[] = [
      {
        path: '/outer',
        meta: { title: 'outer' },
        children: [
          {
            path: 'inner',
            meta: { title: 'inner' },
            children: [
              { path: 'a', component: Page, meta: { title: 'a' } },
              { path: 'b', component: Page, meta: { title: 'b' } },
            ],
          },
        ],
      },
    ];
    const [outer] = buildMenu(items, base);
    expect(outer?.key).toBe('/outer');
    expect(outer?.children?.[0]?.key).toBe('/outer/inner');
    expect(outer?.children?.[0]?.children?.map((c) => c.key)).toEqual(['/outer/inner/a', '/outer/inner/b']);
  });

  it('collapses nested single children all the way down', () => {
    const items: RouteItem[] = [
      {
        path: '/a',
        meta: { title: 'a' },
        children: [
          { path: 'b', meta: { title: 'b' }, children: [{ path: 'c', component: Page, meta: { title: 'c' } }] },
        ],
      },
    ];
    expect(buildMenu(items, base)).toEqual([{ key: '/a/b/c', title: 'c', to: '/a/b/c' }]);
  });

  it('drops a group with no visible child unless the group is a page itself', () => {
    const items: RouteItem[] = [
      {
        path: '/nothing',
        redirect: '/nothing/x',
        meta: { title: 'nothing' },
        children: [{ path: 'x', hidden: true, component: Page, meta: { title: 'x' } }],
      },
      {
        path: '/page',
        component: Page,
        meta: { title: 'page' },
        children: [{ path: 'x', hidden: true, component: Page, meta: { title: 'x' } }],
      },
    ];
    expect(buildMenu(items, base)).toEqual([{ key: '/page', title: 'page', to: '/page' }]);
  });

  it('opens external links in a new tab, safely', () => {
    const items: RouteItem[] = [{ path: 'https://help.example.com/a', meta: { title: 'help', externalLink: true } }];
    expect(buildMenu(items, base)).toEqual([
      {
        key: 'https://help.example.com/a',
        title: 'help',
        external: { href: 'https://help.example.com/a', target: '_blank', rel: 'noopener noreferrer' },
      },
    ]);
  });

  it('points account-centre items at the configured site with the token, or at their own page when none is set', () => {
    const items: RouteItem[] = [
      { path: '/external/profile', component: Page, meta: { title: 'p', externalSite: '/profile' } },
    ];
    const configured = buildMenu(items, { ...base, externalSiteUrl: 'https://account.jcbb.cn/', token: 'a b&c' });
    expect(configured[0]?.external).toEqual({
      href: 'https://account.jcbb.cn/profile?token=a%20b%26c',
      target: '_blank',
      rel: 'noopener noreferrer',
    });
    expect(configured[0]?.to).toBeUndefined();
    const unset = buildMenu(items, { ...base, externalSiteUrl: '', token: 't' });
    expect(unset[0]).toEqual({ key: '/external/profile', title: 'p', to: '/external/profile' });
  });

  it('leaves an external-only item off the menu while no external site is configured', () => {
    const items: RouteItem[] = [
      { path: '/external/carbon', component: Page, meta: { title: 'c', externalSite: '/c', externalOnly: true } },
    ];
    expect(buildMenu(items, { ...base, externalSiteUrl: '' })).toEqual([]);
    expect(buildMenu(items, { ...base, externalSiteUrl: 'https://a.cn', token: 't' })[0]?.external?.href).toBe(
      'https://a.cn/c?token=t',
    );
  });

  it('sends iframe items through /myiframe/urlPath with the encoded address and name', () => {
    const items: RouteItem[] = [
      {
        path: '/report',
        meta: { title: 'report' },
        iframe: { src: 'https://bi.example.com/r?id=1&x=y', name: '报表' },
      },
    ];
    const [entry] = buildMenu(items, base);
    expect(entry?.to).toBe(
      `/myiframe/urlPath?src=${encodeURIComponent('https://bi.example.com/r?id=1&x=y')}&name=${encodeURIComponent('报表')}`,
    );
    expect(entry?.key).toBe(entry?.to);
  });

  it('hides items on the city sites listed in hiddenCity, by the first label of the host', () => {
    const items: RouteItem[] = [
      { path: '/a', component: Page, meta: { title: 'a', hiddenCity: ['nj', 'SZ'] } },
      { path: '/b', component: Page, meta: { title: 'b' } },
    ];
    expect(keys(buildMenu(items, { ...base, host: 'nj.jcbb.cn' }))).toEqual(['/b']);
    expect(keys(buildMenu(items, { ...base, host: 'sz.jcbb.cn' }))).toEqual(['/b']);
    expect(keys(buildMenu(items, { ...base, host: 'NJ.JCBB.CN' }))).toEqual(['/b']);
    expect(keys(buildMenu(items, { ...base, host: 'wx.jcbb.cn' }))).toEqual(['/a', '/b']);
    expect(keys(buildMenu(items, { ...base, host: 'jcbb.cn' }))).toEqual(['/a', '/b']);
  });
});

describe('helpers', () => {
  it('resolves child paths like vue-router', () => {
    expect(resolvePath('/blockchain', 'storage/index')).toBe('/blockchain/storage/index');
    expect(resolvePath('/productCenter', '/product/list')).toBe('/product/list');
    expect(resolvePath('/', 'home')).toBe('/home');
    expect(resolvePath('/g/', 'a')).toBe('/g/a');
  });

  it('names the city by the first host label', () => {
    expect(cityOf('Nj.jcbb.cn')).toBe('nj');
    expect(cityOf('localhost')).toBe('localhost');
  });

  it('joins the external site and its path once', () => {
    expect(externalSiteHref('https://a.cn/', '/p', null)).toBe('https://a.cn/p');
    expect(externalSiteHref('https://a.cn', 'p?x=1', 't')).toBe('https://a.cn/p?x=1&token=t');
  });

  it('filters route trees by role, keeping hidden routes (they stay reachable by the guard)', () => {
    const items: RouteItem[] = [
      { path: '/a', hidden: true, component: Page, meta: { title: 'a' } },
      { path: '/b', component: Page, meta: { title: 'b', roles: ['super_admin'] } },
      {
        path: '/g',
        meta: { title: 'g' },
        children: [{ path: 'c', component: Page, meta: { title: 'c', roles: ['x'] } }],
      },
    ];
    const kept = flattenRoutes(filterByRoles(items, ['企业管理员'])).map((r) => r.fullPath);
    expect(kept).toEqual(['/a', '/g']);
  });
});

describe('activeMenuKey', () => {
  const routes = flattenRoutes([
    {
      path: '/blockchain',
      meta: { title: 'b' },
      children: [
        { path: 'storage/index', component: Page, meta: { title: 's' } },
        {
          path: 'storage/detail',
          hidden: true,
          component: Page,
          meta: { title: 'd', activeMenu: '/blockchain/storage/index' },
        },
        {
          path: 'storage/select',
          hidden: true,
          component: Page,
          meta: { title: 'sel', guidePath: true, jumpPath: '/blockchain/applyCertificate/index' },
        },
        { path: 'storage/lost', hidden: true, component: Page, meta: { title: 'l', guidePath: true } },
        {
          path: 'both',
          hidden: true,
          component: Page,
          meta: { title: 'both', activeMenu: '/x', guidePath: true, jumpPath: '/y' },
        },
      ],
    },
  ]);

  it('uses activeMenu first', () => {
    expect(activeMenuKey(routes, '/blockchain/storage/detail')).toBe('/blockchain/storage/index');
    expect(activeMenuKey(routes, '/blockchain/both')).toBe('/x');
  });

  it('uses the jump path for guide routes', () => {
    expect(activeMenuKey(routes, '/blockchain/storage/select')).toBe('/blockchain/applyCertificate/index');
  });

  it('else the route’s own path (also for a guide route without a jump path), ignoring a trailing slash', () => {
    expect(activeMenuKey(routes, '/blockchain/storage/index/')).toBe('/blockchain/storage/index');
    expect(activeMenuKey(routes, '/blockchain/storage/lost')).toBe('/blockchain/storage/lost');
  });

  it('gives the path back for paths outside the table', () => {
    expect(activeMenuKey(routes, '/nowhere')).toBe('/nowhere');
  });

  it('matches iframe entries by their address', () => {
    const search = `?${new URLSearchParams({ name: '报表', src: 'https://bi/x' }).toString()}`;
    expect(activeMenuKey(routes, '/myiframe/urlPath', search)).toBe(iframeHref('https://bi/x', '报表'));
  });
});

describe('openKeysFor', () => {
  const menu: MenuEntry[] = [
    { key: '/home', title: 'h', to: '/home' },
    {
      key: '/g',
      title: 'g',
      children: [
        { key: '/g/a', title: 'a', to: '/g/a' },
        { key: '/g/in', title: 'in', children: [{ key: '/g/in/x', title: 'x', to: '/g/in/x' }] },
      ],
    },
  ];
  it('lists the submenus around the entry, outermost first', () => {
    expect(openKeysFor(menu, '/g/a')).toEqual(['/g']);
    expect(openKeysFor(menu, '/g/in/x')).toEqual(['/g', '/g/in']);
    expect(openKeysFor(menu, '/home')).toEqual([]);
    expect(openKeysFor(menu, '/missing')).toEqual([]);
  });
});

describe('breadcrumbFor', () => {
  const routes = flattenRoutes(consoleTree('manufacturer'));

  it('is 首页 alone on the home page', () => {
    expect(breadcrumbFor(routes, '/home')).toEqual([{ title: 'route.home' }]);
  });

  it('follows the table: home, group (to its first page), page', () => {
    expect(breadcrumbFor(routes, '/product/list')).toEqual([
      { title: 'route.home', to: '/home' },
      { title: 'route.productCenter', to: '/product/list' },
      { title: 'route.productList' },
    ]);
  });

  it('puts the list page before a detail page lit through activeMenu', () => {
    expect(breadcrumbFor(routes, '/product/details')).toEqual([
      { title: 'route.home', to: '/home' },
      { title: 'route.productCenter', to: '/product/list' },
      { title: 'route.productList', to: '/product/list' },
      { title: 'route.productDetails' },
    ]);
  });

  it('names a page that creates a record (no ?id=) by its new-record title: 新增产品, then 编辑产品', () => {
    const last = (search: string) => breadcrumbFor(routes, '/productCenter/productEdit', search).at(-1);
    expect(last('')).toEqual({ title: 'route.productNew' });
    expect(last('?step=0')).toEqual({ title: 'route.productNew' });
    expect(last('?id=12&step=1')).toEqual({ title: 'route.productEdit' });
    expect(breadcrumbFor(routes, '/specs/edit', '?productId=3').at(-1)).toEqual({ title: 'route.specsNew' });
    expect(shellZh.route.productNew).toBe('新增产品');
    expect(shellEn.route.productNew).toBe('New product');
  });

  it('puts the guide’s jump page before a guide step', () => {
    const trail = breadcrumbFor(routes, '/blockchain/storage/certifiedApply').map((c) => c.title);
    expect(trail).toEqual(['route.home', 'route.blockchain', 'route.applyCertificate', 'route.certifiedApply']);
  });

  it('names an embedded page by its name, literally', () => {
    const crumbs = breadcrumbFor(routes, '/myiframe/urlPath', '?src=https%3A%2F%2Fx&name=%E6%8A%A5%E8%A1%A8');
    expect(crumbs.at(-1)).toEqual({ title: '报表', literal: true });
  });

  it('is empty off the table', () => {
    expect(breadcrumbFor(routes, '/project/list')).toEqual([]);
  });
});

describe('the route table', () => {
  const allKeys = Object.keys(consoles) as ConsoleKey[];
  const lookup = (strings: Record<string, unknown>, key: string): unknown =>
    key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], strings);

  it.each(allKeys)('%s: every path is unique', (key) => {
    const paths = flattenRoutes(consoleTree(key)).map((r) => r.fullPath);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it.each(allKeys)('%s: every menu entry leads to a page of the console (no dead link)', (key) => {
    const roles = key === 'admin' ? ['super_admin'] : ['企业管理员'];
    const routes = flattenRoutes(filterByRoles(consoleTree(key), roles));
    const leaves = (menu: MenuEntry[]): MenuEntry[] => menu.flatMap((m) => (m.children ? leaves(m.children) : [m]));
    for (const entry of leaves(buildMenu(consoleTree(key), { roles, host: 'www.jcbb.cn' }))) {
      const route = findRoute(routes, entry.to ?? '');
      expect(route, entry.key).toBeDefined();
      expect(route?.item.component, entry.key).toBeDefined();
    }
  });

  it.each(allKeys)('%s: every redirect lands on a page of the console', (key) => {
    const routes = flattenRoutes(consoleTree(key));
    for (const route of routes.filter((r) => r.item.redirect)) {
      expect(findRoute(routes, route.item.redirect ?? '')?.item.component, route.fullPath).toBeDefined();
    }
  });

  it('has zh-CN and English for every shell title and description', () => {
    const items = [...allKeys.flatMap((k) => flattenRoutes(consoleTree(k))), ...flattenRoutes(publicRoutes)];
    for (const { item } of items) {
      for (const key of [item.meta?.title, item.meta?.description]) {
        if (!key || key.includes(':')) continue; // a feature's own namespace
        expect(typeof lookup(shellZh, key), key).toBe('string');
        expect(typeof lookup(shellEn, key), key).toBe('string');
      }
    }
  });

  it('describes every "在建设中" page, in both languages', () => {
    const items = [...allKeys.flatMap((k) => flattenRoutes(consoleTree(k))), ...flattenRoutes(publicRoutes)];
    const placeholders = items.filter((r) => r.item.meta?.description);
    // Fewer with every module that lands (the traceability screens replaced 20); some remain until the last does.
    expect(placeholders.length).toBeGreaterThan(0);
    for (const { item } of placeholders) {
      const [ns, key = ''] = (item.meta?.description ?? '').split(':');
      expect(ns).toBe('routeDesc');
      expect(lookup(routeDescZh, key), key).toMatch(/：/);
      expect(lookup(routeDescEn, key), key).toMatch(/: /);
    }
  });

  it('gives the manufacturer the spec’s menu', () => {
    const menu = buildMenu(consoleTree('manufacturer'), base);
    expect(menu.map((m) => m.title)).toEqual([
      'route.home',
      'route.marketing',
      'route.productCenter',
      'route.blockchain',
      'route.agentIndex',
      'route.productionManagement',
      'route.procurementSales',
      'route.enterpriseInspectionInfo',
      'route.organizationManagement',
      'route.profile',
      'organization:routes.verification',
      'organization:routes.members',
    ]);
    const staff = buildMenu(consoleTree('manufacturer'), { ...base, roles: ['员工'] });
    expect(staff.map((m) => m.title)).not.toContain('organization:routes.members');
  });

  it('opens the account centre’s entries here without an external site, and on it (new tab, token) with one', () => {
    const entry = (menu: MenuEntry[], title: string) => menu.find((m) => m.title === title);
    const internal = buildMenu(consoleTree('manufacturer'), base);
    expect(entry(internal, 'route.profile')?.to).toBe(pages.accountProfile.path);
    expect(entry(internal, 'route.organizationManagement')?.to).toBe(pages.accountOrganization.path);
    expect(entry(internal, 'route.carbonExchange')).toBeUndefined();

    const site = { ...base, externalSiteUrl: 'https://account.jcbb.cn', token: 'tk' };
    const external = buildMenu(consoleTree('manufacturer'), site);
    const newTab = { target: '_blank', rel: 'noopener noreferrer' };
    expect(entry(external, 'route.profile')).toMatchObject({
      external: { href: 'https://account.jcbb.cn/profile?token=tk', ...newTab },
    });
    expect(entry(external, 'route.organizationManagement')?.external?.href).toBe(
      'https://account.jcbb.cn/organizationManagement?token=tk',
    );
    expect(entry(external, 'route.carbonExchange')?.external?.href).toBe(
      'https://account.jcbb.cn/carbonExchange?token=tk',
    );
    // Every other console reaches the profile (the user menu's 个人中心) and its organisation's page, unlisted.
    for (const key of ['distributor', 'developer', 'government', 'certification'] as const) {
      const routes = flattenRoutes(consoleTree(key));
      expect(findRoute(routes, pages.accountProfile.path)?.item.component, key).toBeDefined();
      expect(findRoute(routes, pages.accountOrganization.path)?.item.component, key).toBeDefined();
    }
    expect(findRoute(flattenRoutes(consoleTree('admin')), pages.accountProfile.path)).toBeDefined();
  });

  it('gives the platform operator the review console without organisation pages', () => {
    const menu = buildMenu(consoleTree('admin'), { ...base, roles: ['super_admin'] });
    const titles = menu.map((m) => m.title);
    expect(titles[0]).toBe('route.home');
    expect(titles).toContain('admin:routes.certification');
    expect(titles).not.toContain('organization:routes.verification');
  });

  it('keeps government’s certification page off its menu (exempt) but reachable', () => {
    const menu = buildMenu(consoleTree('government'), { ...base, roles: ['住建委'] });
    expect(menu.map((m) => m.title)).toEqual([
      'route.home',
      'route.govProcurementInfo',
      'route.cityListingAudit',
      'route.revisionAudit',
      'route.cityProjects',
      'route.enterpriseInspection',
    ]);
    expect(findRoute(flattenRoutes(consoleTree('government')), '/organization/orgnizationVerification')).toBeDefined();
  });

  it('marks the project consoles’ work pages as needing a project', () => {
    for (const key of ['construction', 'supervision', 'developer'] as const) {
      const routes = flattenRoutes(consoleTree(key));
      const list = findRoute(routes, '/buildMaterialProcurement/materialsList');
      // Supervision units do not buy materials (docs/procurement.md): no procurement pages at all.
      expect(key === 'supervision' ? list : list?.item.meta?.requiresProject, key).toBe(
        key === 'supervision' ? undefined : true,
      );
      expect(findRoute(routes, '/home')?.item.meta?.requiresProject, key).toBeUndefined();
      // Government procurement's pages take each console's options, whichever part of the module built them.
      expect(findRoute(routes, '/govProcurementInfo/statisticsList')?.item.meta?.requiresProject, key).toBe(true);
    }
    expect(
      findRoute(flattenRoutes(consoleTree('construction')), '/projectConstruction/spotCheck')?.item.meta
        ?.requiresProject,
    ).toBe(true);
    expect(
      findRoute(flattenRoutes(consoleTree('government')), '/govProcurementInfo/materialFill')?.item.meta
        ?.requiresProject,
    ).toBeUndefined();
    expect(
      findRoute(flattenRoutes(consoleTree('government')), '/govProcurementInfo/statisticsList')?.item.meta
        ?.requiresProject,
    ).toBeUndefined();
  });
});

describe('groupTarget', () => {
  const tree: RouteItem[] = [
    { path: '/', redirect: '/home', children: [{ path: 'home', component: Page, meta: { title: 'route.home' } }] },
    {
      path: '/g',
      redirect: '/g/audit',
      meta: { title: 'route.g' },
      children: [
        { path: 'detail', hidden: true, component: Page, meta: { title: 'route.d' } },
        { path: 'audit', component: Page, meta: { title: 'route.a', roles: ['auditor'] } },
        { path: 'list', component: Page, meta: { title: 'route.l' } },
      ],
    },
    { path: '/empty', redirect: '/empty/x', meta: { title: 'route.e', roles: ['auditor'] }, children: [] },
    {
      path: '/nested',
      meta: { title: 'route.n' },
      children: [{ path: 'inner', meta: { title: 'route.i' }, children: [{ path: 'leaf', component: Page }] }],
    },
  ];
  const routesFor = (roles: string[]) => flattenRoutes(filterByRoles(tree, roles));
  const target = (roles: string[], path: string) => {
    const routes = routesFor(roles);
    const route = findRoute(routes, path);
    if (!route) throw new Error(`no route ${path}`);
    return groupTarget(routes, route);
  };

  it('follows the table’s redirect when the user may open it', () => {
    expect(target(['auditor'], '/g')).toBe('/g/audit');
    expect(target([], '/')).toBe('/home');
  });

  it('else takes the first listed page the user may open, not a hidden one', () => {
    expect(target(['员工'], '/g')).toBe('/g/list');
  });

  it('looks through nested groups, and has no answer for a group without pages', () => {
    expect(target([], '/nested')).toBe('/nested/inner/leaf');
    expect(target([], '/nested/inner')).toBe('/nested/inner/leaf');
    expect(target(['auditor'], '/empty')).toBeUndefined();
  });

  it('tells groups from pages', () => {
    const routes = routesFor(['auditor']);
    expect(routes.filter(isGroupRoute).map((r) => r.fullPath)).toEqual([
      '/',
      '/g',
      '/empty',
      '/nested',
      '/nested/inner',
    ]);
  });
});
