import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../lib/notify.ts';
import { session } from '../lib/session.ts';
import { createGuardLoader } from './guard.tsx';

const PROJECT_LIST_PATH = projectEndpoints.userProjectList.path;
/** One row of the project list as the contract describes it (the client checks answers against it in tests). */
const projectRow = {
  id: 1,
  name: '南京市鼓楼区天妃宫小学新建工程',
  code: 'NJGL-2025-017',
  type: 2,
  typeName: '学校',
  regionCode: '320106',
  regionName: '鼓楼区',
  cityCode: '320100',
  step: 2,
  stepName: '施工图阶段',
  designStage: 3,
  inPolicyScope: true,
  policyBatch: '2020',
  developerOrgId: 5,
  developerName: '南京城建置业发展有限公司',
  createTime: '2026-01-05 10:00:00',
  membershipStatus: 2,
  orgType: 3,
  myRole: 'leader',
  leader: null,
};

type Reply = { status?: number; code?: number; msg?: string; data?: unknown };
let replies: Record<string, Reply | ((body: Record<string, unknown>) => Reply)>;
let calls: { path: string; query: URLSearchParams; body: Record<string, unknown>; auth: string | null }[];
const toasts: { kind: string; text: string }[] = [];

beforeEach(() => {
  replies = {};
  calls = [];
  toasts.length = 0;
  session.clear();
  setNotifier({
    error: (text) => void toasts.push({ kind: 'error', text }),
    warning: (text) => void toasts.push({ kind: 'warning', text }),
    success: (text) => void toasts.push({ kind: 'success', text }),
  });
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://console.test');
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
    const auth = new Headers(init?.headers).get('authorization');
    calls.push({ path: url.pathname, query: url.searchParams, body, auth });
    const found = replies[url.pathname];
    const reply =
      typeof found === 'function' ? found(body) : (found ?? { status: 404, code: 40400, msg: '接口不存在' });
    return new Response(
      JSON.stringify({ code: reply.code ?? 0, msg: reply.msg ?? 'success', data: reply.data ?? null }),
      {
        status: reply.status ?? 200,
        headers: { 'content-type': 'application/json' },
      },
    );
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const viewer = (over: Record<string, unknown> = {}) => ({
  id: 2,
  username: 'lvzhu_admin',
  realName: '张伟',
  mobile: '13800000001',
  headimgurl: null,
  roles: ['企业管理员'],
  org: { name: '南京绿筑新型建材有限公司' },
  organization: { id: 7, type: 6, type_enum: 'MANUFACTURER', status: '已认证', certStatus: 2 },
  companyId: 7,
  ...over,
});

function signedInServer(v = viewer()) {
  replies['/api/user/viewer'] = { data: v };
  replies['/materials/UserInfoController/getUserRole'] = {
    code: 200,
    data: { roles: [{ roleCode: '企业管理员', roleName: '企业管理员' }], orgType: 6 },
  };
  replies['/api/app/authorized/org'] = {
    data: [{ moduleCode: 'jcbb-production', name: '建材生产', enName: 'Material production' }],
  };
}

async function run(url: string, previous: string | null = null): Promise<string | null> {
  const loader = createGuardLoader({ queryClient: new QueryClient(), previousLocation: () => previous });
  const request = new Request(new URL(url, 'http://console.test'));
  try {
    await loader({ request, params: {}, context: undefined } as unknown as LoaderFunctionArgs);
    return null;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown.headers.get('Location');
    throw thrown;
  }
}

describe('guard loader', () => {
  it('sends a signed-out visitor of a console page to sign-in, without calling the server', async () => {
    expect(await run('/product/list?tab=1')).toBe(`/login?redirect=${encodeURIComponent('/product/list?tab=1')}`);
    expect(calls).toEqual([]);
  });

  it('lets a signed-out visitor read public pages', async () => {
    expect(await run('/free/certificate')).toBeNull();
  });

  it('verifies a token from the query, stores the new session and drops the token from the address', async () => {
    replies['/api/user/token/verify'] = { data: { access_token: 'fresh', id: 2, roles: ['企业管理员'] } };
    expect(await run('/home?token=one-time&moduleCode=jcbb-production&x=1')).toBe('/home?x=1');
    expect(calls[0]?.path).toBe('/api/user/token/verify');
    expect(calls[0]?.query.get('ssoToken')).toBe('one-time');
    expect(calls[0]?.query.get('appCode')).toBe('jcbb-production');
    expect(session.get().token).toBe('fresh');
    expect(session.get().currentApp).toBe('jcbb-production');
  });

  it('clears the session and says so when the token cannot be verified', async () => {
    session.setToken('old');
    replies['/api/user/token/verify'] = { status: 400, code: 40000, msg: '凭证无效' };
    expect(await run('/home?token=bad')).toBe(`/login?redirect=${encodeURIComponent('/home')}`);
    expect(session.get().token).toBeNull();
    expect(toasts).toEqual([{ kind: 'error', text: '验证失败，请重新登录' }]);
  });

  it('loads user, roles and modules once, picks the organisation’s app, and lets the user in', async () => {
    session.setToken('t');
    signedInServer();
    expect(await run('/product/list')).toBeNull();
    expect(calls.map((c) => c.path).sort()).toEqual([
      '/api/app/authorized/org',
      '/api/user/viewer',
      '/materials/UserInfoController/getUserRole',
    ]);
    expect(calls.find((c) => c.path === '/api/app/authorized/org')?.query.get('orgId')).toBe('7');
    expect(calls.every((c) => c.auth === 'Bearer t')).toBe(true);
    expect(session.get().user?.realName).toBe('张伟');
    expect(session.get().modules).toEqual(['jcbb-production']);
    expect(session.get().currentApp).toBe('jcbb-production');
    calls = [];
    expect(await run('/blockchain/storage/index')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('asks for the last organisation’s modules beside the user, and again when the user’s organisation differs', async () => {
    session.setToken('t');
    signedInServer();
    expect(await run('/product/list')).toBeNull();
    // A reload: the user is loaded again, the organisation remembered in this browser is asked for at once.
    session.setUser(null);
    let viewerAnswered = false;
    const orgAsked: { orgId: string | null; afterViewer: boolean }[] = [];
    const reply = replies['/api/user/viewer'] as Reply;
    replies['/api/user/viewer'] = () => {
      viewerAnswered = true;
      return reply;
    };
    replies['/api/app/authorized/org'] = () => {
      orgAsked.push({ orgId: calls.at(-1)?.query.get('orgId') ?? null, afterViewer: viewerAnswered });
      return { data: [{ moduleCode: 'jcbb-production', name: '建材生产', enName: 'Material production' }] };
    };
    expect(await run('/product/list')).toBeNull();
    expect(orgAsked).toEqual([{ orgId: '7', afterViewer: false }]);
    expect(session.get().modules).toEqual(['jcbb-production']);

    // The same browser, another user (signed in with its own token): the remembered organisation is not used.
    session.setToken('t2', 99);
    session.setUser(null);
    orgAsked.length = 0;
    replies['/api/user/viewer'] = {
      data: viewer({
        id: 99,
        companyId: 9,
        organization: { id: 9, type: 2, type_enum: 'x', status: '', certStatus: 2 },
      }),
    };
    expect(await run('/home')).toBeNull();
    expect(orgAsked).toEqual([{ orgId: '9', afterViewer: true }]);
  });

  it('clears the session and says "验证失败，请重新登录" when loading the user fails', async () => {
    session.setToken('t');
    replies['/api/user/viewer'] = { status: 500, code: 50000, msg: '服务器内部错误' };
    replies['/materials/UserInfoController/getUserRole'] = { code: 200, data: { roles: [], orgType: null } };
    expect(await run('/home')).toBe(`/login?redirect=${encodeURIComponent('/home')}`);
    expect(session.get().token).toBeNull();
    expect(toasts).toContainEqual({ kind: 'error', text: '验证失败，请重新登录' });
  });

  it('sends a user without an organisation to the verification page', async () => {
    session.setToken('t');
    signedInServer(viewer({ org: null, organization: null, companyId: null, roles: ['员工'] }));
    expect(await run('/home')).toBe('/organization/orgnizationVerification');
  });

  it('blocks a project page with 暂无项目 when the check fails (here 404), staying where the user was', async () => {
    session.setToken('t');
    signedInServer(
      viewer({ organization: { id: 9, type: 4, type_enum: 'CONSTRUCTION', status: '已认证', certStatus: 2 } }),
    );
    replies['/api/app/authorized/org'] = { data: [{ moduleCode: 'jcbb-construction', name: '项目施工', enName: 'x' }] };
    expect(await run('/projectConstruction/stock', '/home')).toBe('/home');
    expect(toasts).toEqual([{ kind: 'warning', text: '暂无项目' }]);
    const check = calls.find((c) => c.path === PROJECT_LIST_PATH);
    expect(check?.body).toMatchObject({ take: 9, skip: 0, type: 1, orgType: 4 });
  });

  it('blocks to the home page on a first load, and lets the user in when a project exists', async () => {
    session.setToken('t');
    signedInServer(
      viewer({ organization: { id: 9, type: 3, type_enum: 'SUPERVISION', status: '已认证', certStatus: 2 } }),
    );
    replies['/api/app/authorized/org'] = { data: [{ moduleCode: 'jcbb-supervisor', name: '项目监理', enName: 'x' }] };
    replies[PROJECT_LIST_PATH] = { data: { list: [], total: 0 } };
    expect(await run('/projectConstruction/spotCheck')).toBe('/');
    replies[PROJECT_LIST_PATH] = { data: { list: [projectRow], total: 1 } };
    const loader = createGuardLoader({ queryClient: new QueryClient(), previousLocation: () => null });
    const request = new Request('http://console.test/projectConstruction/spotCheck');
    await expect(
      loader({ request, params: {}, context: undefined } as unknown as LoaderFunctionArgs),
    ).resolves.toBeNull();
    expect(calls.filter((c) => c.path === PROJECT_LIST_PATH).at(-1)?.body).toMatchObject({ orgType: 3 });
  });
});
