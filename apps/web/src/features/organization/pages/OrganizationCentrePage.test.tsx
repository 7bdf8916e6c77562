import { OrgType } from '@jcbb/contract';
import { accountEndpoints } from '@jcbb/contract/account.endpoints';
import { organizationEndpoints } from '@jcbb/contract/organization.endpoints';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, signInAs } from '../../../test/fake-server.ts';
import { renderWithProviders as render } from '../../../test/render.tsx';
import accountZh from '../../account/locales/zh-CN.ts';
import referenceZh from '../../reference/locales/zh-CN.ts';
import type { MemberItem } from '../api.ts';
import organizationZh from '../locales/zh-CN.ts';
import { OrganizationCentrePage } from './OrganizationCentrePage.tsx';

afterEach(() => {
  session.setUser(null);
  vi.restoreAllMocks();
});

const renderPage = (path: string) =>
  render(
    <OrganizationCentrePage />,
    { organization: organizationZh, account: accountZh, reference: referenceZh },
    {
      path,
    },
  );

const member = (id: number, realName: string, division: MemberItem['division']): MemberItem => ({
  id,
  mobile: `1380000000${id}`,
  username: realName,
  realName,
  roles: ['员工'],
  status: 1,
  statusName: '启用',
  division,
  createdAt: '2026-01-05 09:30:00',
});

const division = (id: number, name: string, over: object = {}) => ({
  id,
  name,
  parentId: null,
  parentName: null,
  leader: null,
  memberCount: 0,
  members: [],
  createdAt: '2026-11-01 09:00:00',
  ...over,
});

describe('/account/organization', { timeout: 30_000 }, () => {
  it('shows the administrator the people tab with each member’s division, and creates a division', async () => {
    signInAs(OrgType.MANUFACTURER);
    const divisions = [division(1, '生产部', { members: [{ id: 9, name: '郑敏' }], memberCount: 1 })];
    const sent = fakeServer(
      answer(organizationEndpoints.members, () => ({ list: [member(9, '郑敏', { id: 1, name: '生产部' })], total: 1 })),
      answer(accountEndpoints.divisions, () => ({ list: divisions })),
      answer(accountEndpoints.createDivision, ({ body }) => {
        const created = division(2, String(body.name));
        divisions.push(created);
        return created;
      }),
    );
    renderPage('/account/organization?tab=members');
    const row = (await screen.findByText('郑敏')).closest('tr') as HTMLElement;
    expect(within(row).getByText('生产部')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: '部门' }));
    fireEvent.click(await screen.findByRole('button', { name: /新建部门/ }));
    fireEvent.change(await screen.findByPlaceholderText('例如 销售部'), { target: { value: '质量部' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('质量部')).toBeInTheDocument();
    const bodies = sent.filter((s) => s.endpoint === accountEndpoints.createDivision).map((s) => s.body);
    expect(bodies).toEqual([{ name: '质量部', parentId: null, leaderId: null }]);
  });

  it('gives staff no people tab and divisions to read only', async () => {
    signInAs(OrgType.MANUFACTURER, { roles: ['员工'] });
    fakeServer(answer(accountEndpoints.divisions, () => ({ list: [division(1, '生产部')] })));
    renderPage('/account/organization?tab=divisions');
    expect(await screen.findByText('生产部')).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: '人员' })).toBeNull();
    expect(screen.getByText(/只有企业管理员可以修改部门/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: /新建部门/ })).toBeNull());
  });
});
