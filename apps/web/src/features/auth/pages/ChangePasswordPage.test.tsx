import { authEndpoints } from '@jcbb/contract/auth.endpoints';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n.ts';
import { session } from '../../../lib/session.ts';
import { answer, failure, fakeServer, type Sent } from '../../../test/fake-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import ChangePasswordPage from './ChangePasswordPage.tsx';

// antd in jsdom is slow on a small CI machine: a rendered form or popover takes seconds, not milliseconds.
vi.setConfig({ testTimeout: 20_000 });

let sent: Sent[];

function renderPage() {
  renderWithProviders(<ChangePasswordPage />);
}

async function fill(oldPassword: string, newPassword: string, confirm: string) {
  if (oldPassword) await userEvent.type(screen.getByLabelText('原密码'), oldPassword);
  if (newPassword) await userEvent.type(screen.getByLabelText('新密码'), newPassword);
  if (confirm) await userEvent.type(screen.getByLabelText('确认新密码'), confirm);
  await userEvent.click(screen.getByRole('button', { name: '确认修改' }));
}

beforeEach(() => {
  session.setToken('current-token');
});

afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

describe('ChangePasswordPage', () => {
  it('checks the new password against the platform rule and the confirmation before calling', async () => {
    sent = fakeServer();
    renderPage();
    await fill('Jcbb@2026', 'weakpass', 'weakpas');
    expect(
      await screen.findAllByText('密码需 8–32 位，并包含大写字母、小写字母、数字、符号中的至少三种'),
    ).not.toHaveLength(0);
    // The form re-renders its error lists as each field validates: look again until the message holds still (a node
    // found once may have been replaced by the time it is checked, which failed this test under load).
    await waitFor(() => expect(screen.getByText('两次输入的新密码不一致')).toBeInTheDocument());
    expect(sent).toEqual([]);
  });

  it('changes the password, says so and stays signed in', async () => {
    sent = fakeServer(answer(authEndpoints.changePassword, () => ({ changed: true as const })));
    renderPage();
    await fill('Jcbb@2026', 'Green#2027', 'Green#2027');
    expect(await screen.findByText('密码修改成功，其他设备上的登录已退出')).toBeInTheDocument();
    expect(sent.map((s) => s.endpoint)).toEqual([authEndpoints.changePassword]);
    const body = sent[0]?.body;
    expect(body).toMatchObject({ oldPassword: 'Jcbb@2026', newPassword: 'Green#2027' });
    expect(body).not.toHaveProperty('confirm');
    expect(session.get().token).toBe('current-token');
    await waitFor(() => expect(screen.getByLabelText('原密码')).toHaveValue(''));
  });

  it('shows the server’s field error on its field', async () => {
    sent = fakeServer(
      answer(authEndpoints.changePassword, () =>
        failure(400, 40000, '原密码不正确', { fields: [{ field: 'oldPassword', message: '原密码不正确' }] }),
      ),
    );
    renderPage();
    await fill('Wrong@2026', 'Green#2027', 'Green#2027');
    const error = await screen.findByText('原密码不正确');
    expect(error.closest('.ant-form-item')).toContainElement(screen.getByLabelText('原密码'));
  });
});
