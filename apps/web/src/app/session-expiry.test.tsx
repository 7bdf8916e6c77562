import { QueryClient } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../lib/i18n.ts';
import { http } from '../lib/http.ts';
import { session } from '../lib/session.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';

/**
 * The re-login flow against the whole router: a console page on screen when the session ends must not send the
 * user to /404 (its own "no such page" answer) while the session-invalid handler is sending them to sign-in.
 */

const replies: Record<string, { code?: number; status?: number; data?: unknown }> = {};

function signedInServer() {
  replies['/api/user/viewer'] = {
    data: {
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
  };
  replies['/materials/UserInfoController/getUserRole'] = {
    code: 200,
    data: { roles: [{ roleCode: '企业管理员', roleName: '企业管理员' }], orgType: 6 },
  };
  replies['/api/app/authorized/org'] = {
    data: [{ moduleCode: 'jcbb-production', name: '建材生产', enName: 'Material production' }],
  };
  replies['/open/config'] = {
    data: {
      appCode: 'jcbb',
      externalSiteUrl: '',
      helpCenterUrl: '',
      customerServiceUrl: '',
      messageNotice: false,
      joinInfo: '',
    },
  };
  replies['/api/session-probe'] = { data: { ok: true } };
  replies['/api/auth/token/invalid/details'] = { data: { invalidIndex: 0 } };
}

beforeEach(() => {
  for (const key of Object.keys(replies)) delete replies[key];
  signedInServer();
  session.clear();
  session.setToken('t');
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: false,
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
    const reply = replies[path] ?? { status: 404, code: 40400 };
    return new Response(JSON.stringify({ code: reply.code ?? 0, msg: 'x', data: reply.data ?? null }), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

function renderConsole(path: string) {
  const router = createAppRouter(new QueryClient(), (routes) => createMemoryRouter(routes, { initialEntries: [path] }));
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

/** Every location the router has shown, to catch a detour through /404. */
function trackLocations(router: ReturnType<typeof renderConsole>): string[] {
  const seen: string[] = [];
  router.subscribe((state) => {
    const here = `${state.location.pathname}${state.location.search}`;
    if (seen.at(-1) !== here) seen.push(here);
  });
  return seen;
}

describe('a session that ends on a console page', { timeout: 40_000 }, () => {
  it('goes to sign-in with the way back (invalidIndex 1), never through /404', async () => {
    const router = renderConsole('/product/list?page=2');
    expect(await screen.findByRole('button', { name: /新增产品/ }, { timeout: 20000 })).toBeInTheDocument();
    const seen = trackLocations(router);

    replies['/api/session-probe'] = { code: 10100 };
    replies['/api/auth/token/invalid/details'] = { data: { invalidIndex: 1 } };
    await act(async () => {
      await http.get('/api/session-probe', {}, { silent: true }).catch(() => undefined);
    });

    const signIn = `/login?redirect=${encodeURIComponent('/product/list?page=2')}`;
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(signIn), {
      timeout: 5000,
    });
    expect(session.get().token).toBeNull();
    // Let any late redirect land before checking it stayed.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(signIn);
    expect(seen).not.toContain('/404');
    expect(await screen.findByLabelText('手机号', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('leaves the page to the guard when the session is cleared with nobody navigating', async () => {
    const router = renderConsole('/product/list');
    expect(await screen.findByRole('button', { name: /新增产品/ }, { timeout: 20000 })).toBeInTheDocument();
    const seen = trackLocations(router);
    act(() => session.clear());
    const signIn = `/login?redirect=${encodeURIComponent('/product/list')}`;
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(signIn), {
      timeout: 5000,
    });
    expect(seen).not.toContain('/404');
  });
});
