import { Role } from '@jcbb/contract';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SessionUser, session } from '../../../lib/session.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { UserProject } from '../api.ts';
import projectListData from '../list-data.ts';
import projectZh from '../locales/zh-CN.ts';
import { userProject } from '../test-data.ts';
import { ProjectListPage } from './ProjectListPage.tsx';

let sent: { path: string; body: Record<string, unknown> }[];
let joined: UserProject[];
let invited: UserProject[];

beforeEach(() => {
  sent = [];
  joined = [];
  invited = [];
  session.setToken('t');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://console.test');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    sent.push({ path: url.pathname, body });
    let data: unknown = null;
    if (url.pathname === '/dolphin/api/project/user/project/list') {
      const list = body.type === 2 ? invited : joined;
      data = { list, total: list.length };
    } else if (url.pathname === '/dolphin/api/projectOrg/respond') {
      data = { status: 2, statusName: '已加入' };
    }
    return new Response(JSON.stringify({ code: 0, msg: 'success', data }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  session.setUser(null);
});

function signInAs(orgType: number, roles: string[]) {
  const user: SessionUser = {
    id: 3,
    username: 'u',
    realName: '王强',
    mobile: '13800000003',
    headimgurl: null,
    roles,
    org: { name: '江苏筑安建设工程有限公司' },
    organization: { id: 3, type: orgType, type_enum: 'X', status: '已认证', certStatus: 2 },
    companyId: 3,
  };
  session.setUser(user, []);
}

const render = () => renderWithProviders(<ProjectListPage />, { project: projectZh }, { path: '/project/list' });

describe('the project list', () => {
  it("starts with the navigation the same queries the page first asks for (route data), the developer's without invitations", async () => {
    // What was asked, without the signature's fields (timestamp, nonce…), which differ on every call.
    const asked = () =>
      sent.map(({ body: { take, skip, type, orgType } }) => JSON.stringify({ take, skip, type, orgType })).sort();
    for (const [orgType, calls] of [
      [4, 2],
      [1, 1],
    ] as const) {
      signInAs(orgType, [Role.ENTERPRISE_ADMIN]);
      sent = [];
      await projectListData(new QueryClient());
      const byData = asked();
      expect(byData).toHaveLength(calls);
      sent = [];
      const view = render();
      await waitFor(() => expect(sent).toHaveLength(calls));
      expect(asked()).toEqual(byData);
      view.unmount();
    }
  });

  it('shows a construction unit its invitations above an empty list, and its administrator accepts one', async () => {
    signInAs(4, [Role.ENTERPRISE_ADMIN]);
    invited = [userProject(7, { name: '江宁区人民医院', membershipStatus: 1 })];
    render();
    const card = (await screen.findByText('待处理的项目邀请（1）')).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('江宁区人民医院')).toBeTruthy();
    expect(await screen.findByText(/暂无项目。建设单位邀请贵单位加入项目后/)).toBeTruthy();
    const check = sent.find((s) => s.body.type === 1);
    expect(check?.body).toMatchObject({ take: 10, skip: 0, type: 1, orgType: 4 });
    fireEvent.click(within(card).getByRole('button', { name: /接\s*受/ }));
    await waitFor(() =>
      expect(sent.find((s) => s.path === '/dolphin/api/projectOrg/respond')?.body).toMatchObject({
        projectId: 7,
        accept: true,
      }),
    );
  });

  it('lets only the administrator answer an invitation', async () => {
    signInAs(4, [Role.STAFF]);
    invited = [userProject(7, { membershipStatus: 1 })];
    render();
    await screen.findByText('待处理的项目邀请（1）');
    const accept = screen.getByRole('button', { name: /接\s*受/ }) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
  });

  it('offers a developer without projects to register the first, and asks for no invitations', async () => {
    signInAs(1, [Role.ENTERPRISE_ADMIN]);
    render();
    expect(await screen.findByText(/暂无项目。登记第一个项目/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /登记第一个项目/ })).toBeTruthy();
    expect(sent.filter((s) => s.body.type === 2)).toEqual([]);
    expect(sent.find((s) => s.body.type === 1)?.body).toMatchObject({ orgType: 1 });
  });

  it('lists joined projects with the organisation’s leader', async () => {
    signInAs(3, [Role.ENTERPRISE_ADMIN]);
    joined = [
      userProject(1, {
        name: '天妃宫小学',
        myRole: 'witness',
        leader: { userId: 4, realName: '赵磊', mobile: '13800000004' },
      }),
    ];
    render();
    expect(await screen.findByRole('link', { name: '天妃宫小学' })).toBeTruthy();
    expect(screen.getAllByText(/赵磊/).length).toBeGreaterThan(0);
    expect(screen.getAllByText('设计阶段').length).toBeGreaterThan(0);
    expect(screen.queryByText(/待处理的项目邀请/)).toBeNull();
  });
});
