import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n.ts';
import { session } from '../../../lib/session.ts';
import { pageLoad, RemoteLoginDialog } from './RemoteLoginDialog.tsx';

// antd in jsdom is slow on a small CI machine: a rendered form or popover takes seconds, not milliseconds.
vi.setConfig({ testTimeout: 20_000 });

function renderDialog() {
  const onChangePassword = vi.fn();
  const onCancel = vi.fn();
  // What the session looked like when each callback ran: the dialog clears it first.
  const tokenSeen: Record<string, string | null> = {};
  onChangePassword.mockImplementation(() => {
    tokenSeen.change = session.get().token;
  });
  onCancel.mockImplementation(() => {
    tokenSeen.cancel = session.get().token;
  });
  render(<RemoteLoginDialog open onChangePassword={onChangePassword} onCancel={onCancel} />);
  return { onChangePassword, onCancel, tokenSeen };
}

let leave: ReturnType<typeof vi.fn<(url: string) => void>>;

beforeEach(() => {
  session.setToken('superseded-token');
  session.setCurrentApp('jcbb-production');
  leave = vi.fn<(url: string) => void>();
  vi.spyOn(pageLoad, 'replace').mockImplementation(leave);
});

afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

describe('RemoteLoginDialog (spec §8, invalidIndex 2)', () => {
  it('explains the changed sign-in environment and suggests changing the password', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('登录环境变化提醒');
    expect(dialog).toHaveTextContent('其他环境登录');
    expect(dialog).toHaveTextContent('建议立即修改密码');
    expect(leave).not.toHaveBeenCalled();
  });

  it('修改密码 clears the old session and signs in again on the way to the password page', async () => {
    const { onChangePassword, onCancel, tokenSeen } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: '修改密码' }));
    expect(session.get()).toMatchObject({ token: null, currentApp: null });
    expect(localStorage.getItem('jcbb_token')).toBeNull();
    expect(leave).toHaveBeenCalledTimes(1);
    const target = new URL(String(leave.mock.calls[0]?.[0]), 'http://x');
    expect(target.pathname).toBe('/login');
    expect(target.searchParams.get('redirect')).toBe('/user/password');
    expect(onChangePassword).toHaveBeenCalledTimes(1);
    expect(tokenSeen.change).toBeNull();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('取消 clears the session and goes to sign-in', async () => {
    const { onChangePassword, onCancel, tokenSeen } = renderDialog();
    await userEvent.click(screen.getByRole('button', { name: '取 消' }));
    expect(session.get().token).toBeNull();
    expect(leave).toHaveBeenCalledWith('/login');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(tokenSeen.cancel).toBeNull();
    expect(onChangePassword).not.toHaveBeenCalled();
  });

  it('Esc counts as 取消, never as staying on the dead session', async () => {
    const { onCancel } = renderDialog();
    await userEvent.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(session.get().token).toBeNull();
    expect(leave).toHaveBeenCalledWith('/login');
  });
});
