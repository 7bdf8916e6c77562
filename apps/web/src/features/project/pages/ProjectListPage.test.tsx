import { Role } from '@jcbb/contract';
import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, type Sent, signInAs } from '../../../test/fake-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import type { UserProject } from '../api.ts';
import projectListData from '../list-data.ts';
import projectZh from '../locales/zh-CN.ts';
import { userProject } from '../test-data.ts';
import { ProjectListPage } from './ProjectListPage.tsx';

let sent: Sent[];
let joined: UserProject[];
let invited: UserProject[];

beforeEach(() => {
  joined = [];
  invited = [];
  sent = fakeServer(
    answer(projectEndpoints.userProjectList, ({ body }) => {
      const list = body.type === 2 ? invited : joined;
      return { list, total: list.length };
    }),
    answer(projectEndpoints.respondInvitation, () => ({ status: 2, statusName: '已加入' })),
  );
});

afterEach(() => {
  vi.restoreAllMocks();
  session.setUser(null);
});

/** 王强 of 江苏筑安建设工程有限公司 (organisation 3), with `roles`, its organisation of type `orgType`. */
const signIn = (orgType: number, roles: string[]) =>
  signInAs(orgType, {
    name: '江苏筑安建设工程有限公司',
    orgId: 3,
    roles,
    user: { id: 3, realName: '王强', mobile: '13800000003' },
  });

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
      signIn(orgType, [Role.ENTERPRISE_ADMIN]);
      sent.length = 0;
      await projectListData(new QueryClient());
      const byData = asked();
      expect(byData).toHaveLength(calls);
      sent.length = 0;
      const view = render();
      await waitFor(() => expect(sent).toHaveLength(calls));
      expect(asked()).toEqual(byData);
      view.unmount();
    }
  });

  it('shows a construction unit its invitations above an empty list, and its administrator accepts one', async () => {
    signIn(4, [Role.ENTERPRISE_ADMIN]);
    invited = [userProject(7, { name: '江宁区人民医院', membershipStatus: 1 })];
    render();
    const card = (await screen.findByText('待处理的项目邀请（1）')).closest('.ant-card') as HTMLElement;
    expect(within(card).getByText('江宁区人民医院')).toBeTruthy();
    expect(await screen.findByText(/暂无项目。建设单位邀请贵单位加入项目后/)).toBeTruthy();
    const check = sent.find((s) => s.body.type === 1);
    expect(check?.body).toMatchObject({ take: 10, skip: 0, type: 1, orgType: 4 });
    fireEvent.click(within(card).getByRole('button', { name: /接\s*受/ }));
    await waitFor(() =>
      expect(sent.find((s) => s.endpoint === projectEndpoints.respondInvitation)?.body).toMatchObject({
        projectId: 7,
        accept: true,
      }),
    );
  });

  it('lets only the administrator answer an invitation', async () => {
    signIn(4, [Role.STAFF]);
    invited = [userProject(7, { membershipStatus: 1 })];
    render();
    await screen.findByText('待处理的项目邀请（1）');
    const accept = screen.getByRole('button', { name: /接\s*受/ }) as HTMLButtonElement;
    expect(accept.disabled).toBe(true);
  });

  it('offers a developer without projects to register the first, and asks for no invitations', async () => {
    signIn(1, [Role.ENTERPRISE_ADMIN]);
    render();
    expect(await screen.findByText(/暂无项目。登记第一个项目/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /登记第一个项目/ })).toBeTruthy();
    expect(sent.filter((s) => s.body.type === 2)).toEqual([]);
    expect(sent.find((s) => s.body.type === 1)?.body).toMatchObject({ orgType: 1 });
  });

  it('lists joined projects with the organisation’s leader', async () => {
    signIn(3, [Role.ENTERPRISE_ADMIN]);
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
