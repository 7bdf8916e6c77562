import { computeSignature } from '@jcbb/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../../lib/i18n.ts';
import { session } from '../../../lib/session.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import LoginPage from './LoginPage.tsx';

// antd in jsdom is slow on a small CI machine: a rendered form or popover takes seconds, not milliseconds.
vi.setConfig({ testTimeout: 20_000 });

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;

function renderLogin(path = '/login') {
  const { router } = renderWithProviders(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/signIn" element={<LoginPage />} />
      <Route path="*" element={<p data-testid="landed">landed</p>} />
    </Routes>,
    undefined,
    { path },
  );
  return router;
}

function sentBody(): Record<string, unknown> {
  const init = fetchMock.mock.calls.at(-1)?.[1];
  return JSON.parse(String(init?.body)) as Record<string, unknown>;
}

async function signIn(mobile: string, password: string) {
  if (mobile) await userEvent.type(screen.getByLabelText('手机号'), mobile);
  if (password) await userEvent.type(screen.getByLabelText('密码'), password);
  await userEvent.click(screen.getByRole('button', { name: '登录' }));
}

/** What GET /open/config answers (the join note's text); the other calls go to `fetchMock`. */
let joinInfo = '';

beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  joinInfo = '';
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) =>
    String(input).includes('/open/config')
      ? Promise.resolve(
          json({
            code: 0,
            msg: 'success',
            data: {
              appCode: 'jcbb',
              externalSiteUrl: '',
              helpCenterUrl: '',
              customerServiceUrl: '',
              messageNotice: true,
              joinInfo,
            },
          }),
        )
      : fetchMock(input, init),
  );
  session.clear();
});

afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

describe('LoginPage', () => {
  it('shows the platform and a labelled form', () => {
    renderLogin();
    expect(screen.getByRole('button', { name: '显示密码' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('heading', { level: 1, name: '政府采购绿色建材 AI 管理电子化平台' })).toBeInTheDocument();
    expect(screen.getByLabelText('手机号')).toHaveAttribute('autocomplete', 'username');
    expect(screen.getByLabelText('密码')).toHaveAttribute('type', 'password');
  });

  it('links to the public catalogue and the certificate check, and says how a new organisation joins', async () => {
    renderLogin();
    const links = screen.getByRole('navigation', { name: '无需登录的公开服务' });
    expect(within(links).getByRole('link', { name: '城市绿色建材产品库' })).toHaveAttribute('href', '/cities');
    expect(within(links).getByRole('link', { name: '证书查验' })).toHaveAttribute('href', '/free/certificate');
    const join = screen.getByRole('region', { name: '新单位如何加入' });
    expect(join).toHaveTextContent('请联系所在城市的住建委或建材帮帮平台运营方');
  });

  it('shows the configured join text (JOIN_INFO) instead of the default one', async () => {
    joinInfo = '入驻请致电 025-00000000（建材帮帮运营中心）';
    renderLogin();
    const join = screen.getByRole('region', { name: '新单位如何加入' });
    await waitFor(() => expect(join).toHaveTextContent('入驻请致电 025-00000000（建材帮帮运营中心）'));
    expect(join).not.toHaveTextContent('平台运营方，提供单位名称');
  });

  it('trims the mobile, signs the call, stores the token and goes to the page that was asked for', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, msg: 'success', data: { access_token: 'tok-1', id: 2, roles: [] } }));
    const router = renderLogin(`/login?redirect=${encodeURIComponent('/message/detail?id=3')}`);
    await signIn('  13800000001  ', 'Jcbb@2026');

    await waitFor(() => expect(router.state.location.pathname).toBe('/message/detail'));
    expect(router.state.location.search).toBe('?id=3');
    const body = sentBody();
    expect(body).toMatchObject({ mobile: '13800000001', password: 'Jcbb@2026', app_code: 'jcbb' });
    const { signature, ...rest } = body;
    expect(signature).toBe(computeSignature('POST', '/api/auth/login', rest, __JCBB_SIGNING__.secret));
    expect(session.get().token).toBe('tok-1');
    expect(localStorage.getItem('jcbb_token')).toBe('tok-1');
  });

  it('goes home without a redirect, from /signIn too', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, msg: 'success', data: { access_token: 'tok-2', id: 2, roles: [] } }));
    const router = renderLogin('/signIn');
    await signIn('13800000002', 'Jcbb@2026');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it.each([
    ['an absolute URL', 'https://evil.example/steal'],
    ['a protocol-relative URL', '//evil.example/steal'],
    ['a backslash trick', '/\\evil.example'],
  ])('refuses %s as redirect and goes home', async (_label, redirect) => {
    fetchMock.mockResolvedValue(json({ code: 0, msg: 'success', data: { access_token: 'tok-3', id: 2, roles: [] } }));
    const router = renderLogin(`/login?redirect=${encodeURIComponent(redirect)}`);
    await signIn('13800000001', 'Jcbb@2026');
    await waitFor(() => expect(session.get().token).toBe('tok-3'));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toBe('');
  });

  it('validates the mobile per spec §5 before calling the server', async () => {
    renderLogin();
    await signIn('', '');
    expect(screen.getByLabelText('手机号')).toHaveAccessibleDescription('请输入手机号');
    expect(screen.getByLabelText('密码')).toHaveAccessibleDescription('请输入密码');
    expect(screen.getByLabelText('手机号')).toHaveFocus();

    await signIn('1380000000', 'x');
    expect(screen.getByLabelText('手机号')).toHaveAccessibleDescription('请输入正确的手机号');
    expect(screen.getByLabelText('密码')).not.toHaveAccessibleDescription();
    // The message follows the typing once the form was submitted.
    await userEvent.type(screen.getByLabelText('手机号'), '1');
    expect(screen.getByLabelText('手机号')).not.toHaveAccessibleDescription();
    await userEvent.type(screen.getByLabelText('手机号'), '2');
    expect(screen.getByLabelText('手机号')).toHaveAccessibleDescription('请输入正确的手机号');

    await userEvent.clear(screen.getByLabelText('手机号'));
    await signIn('   ', '');
    expect(await screen.findByText('请输入手机号')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('accepts a +86 prefix', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, msg: 'success', data: { access_token: 'tok-4', id: 2, roles: [] } }));
    renderLogin();
    await signIn('+8613800000001', 'Jcbb@2026');
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(sentBody().mobile).toBe('+8613800000001');
  });

  it('shows a wrong password on the password field, without a toast, and stays on the page', async () => {
    fetchMock.mockResolvedValue(
      json(
        {
          code: 40000,
          msg: '手机号或密码错误',
          data: { fields: [{ field: 'password', message: '手机号或密码错误' }] },
        },
        400,
      ),
    );
    const router = renderLogin();
    await signIn('13800000001', 'wrong');
    await waitFor(() => expect(screen.getByLabelText('密码')).toHaveAccessibleDescription('手机号或密码错误'));
    expect(screen.getByLabelText('密码')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('密码')).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(router.state.location.pathname).toBe('/login');
    expect(session.get().token).toBeNull();
  });

  it('shows throttling as an inline alert', async () => {
    fetchMock.mockResolvedValue(json({ code: 42900, msg: '尝试次数过多，请稍后再试', data: null }, 429));
    renderLogin();
    await signIn('13800000001', 'wrong');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('登录失败次数过多，请 15 分钟后再试');
  });

  it('shows any other failure with the server’s message', async () => {
    fetchMock.mockResolvedValue(json({ code: 50000, msg: '服务器开小差了，请稍后再试', data: null }, 500));
    renderLogin();
    await signIn('13800000001', 'Jcbb@2026');
    expect(await screen.findByRole('alert')).toHaveTextContent('服务器开小差了，请稍后再试');
  });

  it('disables the form and shows the loading state while signing in', async () => {
    let answer: (r: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    renderLogin();
    await signIn('13800000001', 'Jcbb@2026');
    const button = await screen.findByRole('button', { name: /正在登录/ });
    expect(button).toBeDisabled();
    expect(screen.getByLabelText('手机号')).toBeDisabled();
    await userEvent.click(button);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    answer(json({ code: 0, msg: 'success', data: { access_token: 'tok-5', id: 2, roles: [] } }));
    await waitFor(() => expect(session.get().token).toBe('tok-5'));
  });
});
