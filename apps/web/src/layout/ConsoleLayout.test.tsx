import { homeEndpoints } from '@jcbb/contract/home.endpoints';
import { QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/providers.tsx';
import { createAppRouter } from '../app/router.tsx';
import '../lib/i18n.ts';
import { session } from '../lib/session.ts';
import { COLLAPSED_KEY } from './use-collapsed.ts';

const replies: Record<string, unknown> = {
  '/api/user/viewer': {
    id: 2,
    username: 'lvzhu_admin',
    realName: '张伟',
    mobile: '13800000001',
    headimgurl: null,
    roles: ['企业管理员'],
    org: { name: '南京绿筑新型建材有限公司' },
    organization: { id: 7, type: 6, type_enum: 'MANUFACTURER', status: '已认证', certStatus: 2 },
    companyId: 7,
  },
  '/materials/UserInfoController/getUserRole': {
    roles: [{ roleCode: '企业管理员', roleName: '企业管理员' }],
    orgType: 6,
  },
  '/api/app/authorized/org': [{ moduleCode: 'jcbb-production', name: '建材生产', enName: 'Material production' }],
  '/open/config': {
    appCode: 'jcbb',
    externalSiteUrl: '',
    helpCenterUrl: 'https://help.jcbb.cn',
    customerServiceUrl: '',
    messageNotice: false,
    joinInfo: '',
  },
  '/notice/bmMessage/getMessageList': { list: { list: [], total: 0 }, unReadCount: 3 },
  '/api/organization/members': { list: [], total: 4 },
  [homeEndpoints.today.path]: {
    todo: [
      { key: 'inquiriesToQuote', count: 2 },
      { key: 'ordersToConfirm', count: 1 },
      { key: 'expiringCertificates', count: 0 },
      { key: 'expiringAuthorisations', count: 0 },
    ],
    figures: [{ key: 'shipments', count: 6 }],
  },
  '/api/user/logout': { logout: true },
  // The product list (a real page since the product centre landed): no products yet.
  '/materials/bmProduct/getProdutInfoList': { list: [], total: 0 },
  '/materials/show/getBuildingMaterialsClassifyList': [],
};

let mobile = false;

beforeEach(() => {
  mobile = false;
  session.clear();
  session.setToken('t');
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: mobile && query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const path = new URL(String(input), 'http://console.test').pathname;
    const known = path in replies;
    const code = path.startsWith('/materials/') ? 200 : known ? 0 : 40400;
    return new Response(JSON.stringify({ code, msg: known ? 'success' : '接口不存在', data: replies[path] ?? null }), {
      status: known ? 200 : 404,
      headers: { 'content-type': 'application/json' },
    });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

function renderConsole(path = '/home') {
  const router = createAppRouter(new QueryClient(), (routes) => createMemoryRouter(routes, { initialEntries: [path] }));
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

// antd in jsdom is slow to lay out; these render the whole console, and on a busy machine (CI runs every suite at
// once on two cores) its lazily loaded pages take far longer than on a quiet one: generous waits.
describe('ConsoleLayout', { timeout: 60_000 }, () => {
  it('shows a manufacturer administrator’s console: menu, user, breadcrumb, live figures', async () => {
    renderConsole();
    // The home page's code is fetched beside the frame's (route preloading): in jsdom both are transformed at once.
    const nav = await screen.findByRole('navigation', { name: '功能菜单' }, { timeout: 15_000 });
    for (const item of [
      '首页',
      '营销管理',
      '产品中心',
      '区块链存证',
      '经销商授权',
      '溯源管理',
      '巡检信息',
      '组织管理',
    ]) {
      expect(within(nav).getByText(item)).toBeInTheDocument();
    }
    // No account-centre site configured: 碳交易 has no page here, so it is not offered (docs/account.md).
    expect(within(nav).queryByText('碳交易')).toBeNull();
    expect(within(nav).queryByText('项目施工')).toBeNull();
    // In the top bar: role queries over the whole page (the home page is there by now) are slow in jsdom.
    const topBar = screen.getByRole('banner');
    expect(within(topBar).getByRole('button', { name: /用户菜单：张伟/ })).toBeInTheDocument();
    expect(within(topBar).getByRole('link', { name: '建材帮帮首页' })).toHaveAttribute('href', '/');
    expect(await within(topBar).findByRole('link', { name: /帮助中心/ })).toHaveAttribute('target', '_blank');
    // The home page's code loads beside the frame's: on a busy machine that takes more than a second.
    expect(await screen.findByRole('heading', { name: '您好，张伟' }, { timeout: 15_000 })).toBeInTheDocument();
    // The figures of the page (the top bar's bell shows the unread count too, once its own call is answered).
    const main = screen.getByRole('main');
    expect((await within(main).findAllByText('3')).length).toBe(2); // unread messages: a figure and a 待办
    expect(await within(main).findByText('4')).toBeInTheDocument(); // members
    // 待办 and 本月发货 from GET /api/home/today; nothing that exists says 即将上线.
    expect(within(main).getByRole('link', { name: /待报价询价\s*2/ })).toHaveAttribute(
      'href',
      '/procurementSales/inquiries',
    );
    expect(within(main).getByText('本月发货')).toBeInTheDocument();
    expect(within(main).getByText('6')).toBeInTheDocument();
    expect(screen.queryByText('即将上线')).toBeNull();
    await waitFor(() => expect(document.title).toBe('首页 - 建材帮帮'));
  });

  it('opens a group, follows a menu link and lights the entry, with breadcrumb and title', async () => {
    const user = userEvent.setup();
    renderConsole();
    const nav = await screen.findByRole('navigation', { name: '功能菜单' }, { timeout: 15_000 });
    await user.click(within(nav).getByText('产品中心'));
    await user.click(await within(nav).findByRole('link', { name: '产品列表' }));
    expect(
      await screen.findByText('暂无产品，点击“新增产品”录入第一个产品', {}, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /新增产品/ })).toBeInTheDocument();
    const crumbs = screen.getByRole('navigation', { name: '当前位置' });
    expect(within(crumbs).getByText('产品中心')).toBeInTheDocument();
    expect(within(crumbs).getByText('产品列表')).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('menuitem', { name: '产品列表' })).toHaveClass('ant-menu-item-selected');
    await waitFor(() => expect(document.title).toBe('产品列表 - 建材帮帮'));
  });

  it('remembers the collapsed side menu', async () => {
    const user = userEvent.setup();
    renderConsole();
    await screen.findByRole('navigation', { name: '功能菜单' }, { timeout: 15_000 });
    await user.click(screen.getByRole('button', { name: '收起侧边菜单' }));
    expect(localStorage.getItem(COLLAPSED_KEY)).toBe('1');
    expect(screen.getByRole('button', { name: '展开侧边菜单' })).toBeInTheDocument();
  });

  it('below 992 px shows the menu in a drawer that closes on navigation', async () => {
    mobile = true;
    const user = userEvent.setup();
    const router = renderConsole();
    await screen.findByRole('heading', { name: '您好，张伟' }, { timeout: 15_000 });
    expect(screen.queryByRole('navigation', { name: '功能菜单' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '打开菜单' }));
    const nav = await screen.findByRole('navigation', { name: '功能菜单' });
    await user.click(within(nav).getByText('区块链存证'));
    await user.click(await within(nav).findByRole('link', { name: '存证记录' }));
    // The storage page's code loads lazily; on a busy CI machine that and the drawer's close take over a second.
    await waitFor(() => expect(router.state.location.pathname).toBe('/blockchain/storage/index'), {
      timeout: 15_000,
    });
    await waitFor(
      () => expect(screen.getByRole('button', { name: '打开菜单' })).toHaveAttribute('aria-expanded', 'false'),
      { timeout: 15_000 },
    );
  });

  it('signs out: server confirms, session cleared, site root reloaded', async () => {
    const user = userEvent.setup();
    const assign = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, assign } as Location);
    renderConsole();
    await user.click(await screen.findByRole('button', { name: /用户菜单：张伟/ }, { timeout: 15_000 }));
    await user.click(await screen.findByText('退出登录'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(session.get().token).toBeNull();
  });

  it('switches the app when the organisation has several, rebuilding the menu from the home page', async () => {
    const user = userEvent.setup();
    replies['/api/app/authorized/org'] = [
      { moduleCode: 'jcbb-production', name: '建材生产', enName: 'Material production' },
      { moduleCode: 'jcbb-agent', name: '经销代理', enName: 'Distribution' },
    ];
    try {
      const router = renderConsole('/product/list');
      await user.click(await screen.findByRole('button', { name: '切换应用：建材生产' }, { timeout: 15_000 }));
      await user.click(await screen.findByText('经销代理'));
      await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
      expect(session.get().currentApp).toBe('jcbb-agent');
      const nav = screen.getByRole('navigation', { name: '功能菜单' });
      await waitFor(() => expect(within(nav).getByText('授权产品')).toBeInTheDocument());
      expect(within(nav).queryByText('产品中心')).toBeNull();
    } finally {
      replies['/api/app/authorized/org'] = [
        { moduleCode: 'jcbb-production', name: '建材生产', enName: 'Material production' },
      ];
    }
  });

  it('sends a page of another console to /404, which for a signed-in user is home', async () => {
    const router = renderConsole('/project/list');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'), { timeout: 15_000 });
    expect(await screen.findByRole('heading', { name: '您好，张伟' })).toBeInTheDocument();
  });
});
