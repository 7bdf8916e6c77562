import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type SessionUser, session } from '../../../lib/session.ts';
import { type MemberItem, organizationApi } from '../api.ts';
import { renderWithProviders } from '../testing.tsx';
import { MembersPage } from './MembersPage.tsx';

const admin: SessionUser = {
  id: 1,
  username: 'admin',
  realName: '张三',
  mobile: '13800000001',
  headimgurl: null,
  roles: ['企业管理员'],
  org: { name: '南京绿筑新型建材有限公司' },
  organization: { id: 1, type: 6, type_enum: 'MANUFACTURER', status: '已认证', certStatus: 2 },
  companyId: 1,
};

const member = (id: number, realName: string, mobile: string, roles: string[], status = 1): MemberItem => ({
  id,
  mobile,
  username: realName,
  realName,
  roles,
  status,
  statusName: status === 1 ? '启用' : '停用',
  division: null,
  createdAt: '2026-01-05 09:30:00',
});

beforeEach(() => {
  session.setUser(admin);
  vi.spyOn(organizationApi, 'members').mockResolvedValue({
    list: [member(1, '张三', '13800000001', ['企业管理员']), member(2, '李四', '13800000009', ['员工'])],
    total: 2,
  });
});

afterEach(() => {
  session.setUser(null);
  vi.restoreAllMocks();
});

/** antd gives every dialog the same labelling id under test, so dialogs are found by what they say. */
const dialogWith = (text: string) =>
  waitFor(() => {
    const dialog = screen.queryAllByRole('dialog').find((d) => d.textContent?.includes(text));
    if (!dialog) throw new Error(`no dialog says ${text}`);
    return dialog;
  });

const row = async (name: string) => (await screen.findByText(name)).closest('tr') as HTMLElement;

describe('MembersPage', { timeout: 30_000 }, () => {
  it('lists the members and keeps the administrator from disabling or resetting themselves', async () => {
    renderWithProviders(<MembersPage />);
    const self = await row('张三（本人）');
    expect(within(self).getByRole('button', { name: /停\s*用/ })).toBeDisabled();
    expect(within(self).getByRole('button', { name: '重置密码' })).toBeDisabled();
    const other = await row('李四');
    expect(within(other).getByText('13800000009')).toBeInTheDocument();
    expect(within(other).getByRole('button', { name: /停\s*用/ })).toBeEnabled();
  });

  it('disables a member after the confirmation', async () => {
    const setStatus = vi
      .spyOn(organizationApi, 'setMemberStatus')
      .mockResolvedValue(member(2, '李四', '13800000009', ['员工'], 2));
    const user = userEvent.setup();
    renderWithProviders(<MembersPage />);
    await user.click(within(await row('李四')).getByRole('button', { name: /停\s*用/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定停用 李四 的账号吗？');
    expect(setStatus).not.toHaveBeenCalled();
    const ok = within(dialog)
      .getAllByRole('button')
      .find((b) => b.textContent?.replace(/\s/g, '') === '停用') as HTMLElement;
    await user.click(ok);
    await waitFor(() => expect(setStatus).toHaveBeenCalledWith(2, 2));
  });

  it('adds a staff member and shows the initial password once, with a copy button', async () => {
    const add = vi.spyOn(organizationApi, 'addMember').mockResolvedValue({
      ...member(3, '王五', '13900000003', ['员工']),
      initialPassword: 'Xk7#pQ2m9Lw',
    });
    const user = userEvent.setup();
    renderWithProviders(<MembersPage />);
    await user.click(await screen.findByRole('button', { name: /添加员工/ }));
    const dialog = await dialogWith('添加员工');
    fireEvent.change(within(dialog).getByLabelText('手机号'), { target: { value: '1390000000' } });
    fireEvent.change(within(dialog).getByLabelText('姓名'), { target: { value: '王五' } });
    await user.click(within(dialog).getByRole('button', { name: /添\s*加/ }));
    expect(await within(dialog).findByText('请输入正确的手机号')).toBeInTheDocument();
    expect(add).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('手机号'), { target: { value: '13900000003' } });
    await user.click(within(dialog).getByRole('button', { name: /添\s*加/ }));
    await waitFor(() => expect(add).toHaveBeenCalledWith({ mobile: '13900000003', realName: '王五' }));
    const shown = await dialogWith('员工已添加');
    expect(within(shown).getByTestId('once-password')).toHaveTextContent('Xk7#pQ2m9Lw');
    expect(within(shown).getByRole('button', { name: /复制密码/ })).toBeInTheDocument();
    expect(shown).toHaveTextContent('此密码只显示这一次');
  });

  it('resets a password after the confirmation and shows the new one', async () => {
    vi.spyOn(organizationApi, 'resetMemberPassword').mockResolvedValue({ id: 2, newPassword: 'Nw9$kLm2Qp' });
    const user = userEvent.setup();
    renderWithProviders(<MembersPage />);
    await user.click(within(await row('李四')).getByRole('button', { name: '重置密码' }));
    const confirm = await screen.findByRole('dialog');
    const ok = within(confirm)
      .getAllByRole('button')
      .find((b) => b.textContent === '重置密码') as HTMLElement;
    await user.click(ok);
    const shown = await dialogWith('密码已重置');
    expect(within(shown).getByTestId('once-password')).toHaveTextContent('Nw9$kLm2Qp');
  });

  it('tells other members that only the administrator manages members', async () => {
    session.setUser({ ...admin, roles: ['员工'] });
    renderWithProviders(<MembersPage />);
    expect(await screen.findByText('只有企业管理员可以管理成员')).toBeInTheDocument();
    expect(organizationApi.members).not.toHaveBeenCalled();
  });
});
