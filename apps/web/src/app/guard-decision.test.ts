import { pages } from '@jcbb/contract/pages';
import { describe, expect, it } from 'vitest';
import { loginRedirect } from '../lib/login-path.ts';
import type { SessionState, SessionUser } from '../lib/session.ts';
import {
  consoleRoutesFor,
  DEVELOPER_NO_PROJECT_PATH,
  decide,
  type GuardInput,
  guardInput,
  isKnownPath,
  isPublicPath,
  NO_PROJECT,
  type ProjectCheck,
} from './guard-decision.ts';

const VERIFICATION_PATH = pages.verification.path;

function user(over: Partial<SessionUser> & { orgType?: number | null } = {}): SessionUser {
  const { orgType = 6, ...rest } = over;
  return {
    id: 2,
    username: 'u',
    realName: '张伟',
    mobile: '13800000001',
    headimgurl: null,
    roles: ['企业管理员'],
    org: orgType === null ? null : { name: '南京绿筑新型建材有限公司' },
    organization: orgType === null ? null : { id: 1, type: orgType, type_enum: 'X', status: '已认证', certStatus: 2 },
    companyId: orgType === null ? null : 1,
    ...rest,
  };
}

type State = Pick<SessionState, 'token' | 'user' | 'currentApp' | 'modules'>;
const signedOut: State = { token: null, user: null, currentApp: null, modules: [] };
const tokenOnly: State = { token: 't0k3n', user: null, currentApp: null, modules: [] };
const maker: State = { token: 't0k3n', user: user(), currentApp: 'jcbb-production', modules: ['jcbb-production'] };

function at(url: string, state: State, project: ProjectCheck = 'unchecked') {
  const { pathname, search } = new URL(url, 'http://console.test');
  return decide(guardInput(pathname, search, state, project));
}

describe('public routes (spec §2)', () => {
  const publicPaths = [
    '/cities',
    '/cities/committee',
    '/cities/320100',
    '/login',
    '/signIn',
    '/free/certificate',
    '/mobile/index',
    '/mobile/detail',
    '/sitemaps',
    '/showDiskLoginInfo',
    '/404',
    '/product/details/external',
    '/snapshot',
    '/message',
    '/message/detail',
  ];

  it.each(publicPaths)('%s passes without a token', (path) => {
    expect(isPublicPath(path)).toBe(true);
    expect(at(path, signedOut)).toEqual({ kind: 'pass' });
  });

  it('keeps console pages private', () => {
    // '/' is a group path: it leads to /home (below).
    for (const path of ['/home', '/product/list', '/user/password', '/organization/members', '/admin/certification']) {
      expect(isPublicPath(path), path).toBe(false);
      expect(isKnownPath(path), path).toBe(true);
    }
  });
});

describe('a token in the query', () => {
  it('is verified for the jcbb app and then removed from the address', () => {
    expect(at('/product/list?token=abc&tab=2', signedOut)).toEqual({
      kind: 'verify-token',
      token: 'abc',
      appCode: 'jcbb',
      moduleCode: null,
      cleanUrl: '/product/list?tab=2',
    });
  });

  it('is verified for the app named by moduleCode, which also becomes the current app', () => {
    expect(at('/home?moduleCode=jcbb-agent&token=abc', maker)).toEqual({
      kind: 'verify-token',
      token: 'abc',
      appCode: 'jcbb-agent',
      moduleCode: 'jcbb-agent',
      cleanUrl: '/home',
    });
  });

  it('is verified even on a public page and even when signed in (it may be another user)', () => {
    expect(at('/login?token=x', signedOut).kind).toBe('verify-token');
    expect(at('/home?token=x', maker).kind).toBe('verify-token');
  });
});

describe('moduleCode alone', () => {
  it('selects the current app and is removed from the address', () => {
    expect(at('/home?moduleCode=jcbb-agent&x=1', maker)).toEqual({
      kind: 'select-app',
      moduleCode: 'jcbb-agent',
      cleanUrl: '/home?x=1',
    });
  });
});

describe('unknown paths', () => {
  it('go to /404, signed in or not', () => {
    expect(isKnownPath('/no/such/page')).toBe(false);
    expect(at('/no/such/page', signedOut)).toEqual({ kind: 'redirect', to: '/404' });
    expect(at('/no/such/page', maker)).toEqual({ kind: 'redirect', to: '/404' });
  });
});

describe('no token', () => {
  it('sends a private page to sign-in with the asked path', () => {
    expect(at('/product/list', signedOut)).toEqual({ kind: 'redirect', to: '/login?redirect=%2Fproduct%2Flist' });
    expect(at('/message/detail?id=3', signedOut)).toEqual({ kind: 'pass' });
    expect(at('/product/details?id=3', signedOut)).toEqual({
      kind: 'redirect',
      to: `/login?redirect=${encodeURIComponent('/product/details?id=3')}`,
    });
  });

  it('sends the site root to sign-in without a redirect', () => {
    expect(at('/', signedOut)).toEqual({ kind: 'redirect', to: '/login' });
  });

  it('never carries a token or module code into the redirect', () => {
    expect(loginRedirect('/home', '?token=x&moduleCode=y&a=1')).toBe(
      `/login?redirect=${encodeURIComponent('/home?a=1')}`,
    );
  });
});

describe('signed in', () => {
  it.each(['/login', '/signIn', '/404', '/cities', '/cities/committee', '/cities/320100'])('%s goes home', (path) => {
    expect(at(path, tokenOnly)).toEqual({ kind: 'redirect', to: '/' });
    expect(at(path, maker)).toEqual({ kind: 'redirect', to: '/' });
  });

  it('loads the user first when only the token is known', () => {
    expect(at('/home', tokenOnly)).toEqual({ kind: 'load-user' });
    expect(at('/message', tokenOnly)).toEqual({ kind: 'load-user' });
    expect(at('/free/certificate', tokenOnly)).toEqual({ kind: 'load-user' });
  });

  it('lets a loaded user onto their console’s pages and the public ones', () => {
    // '/' is a group path: it leads to /home (below).
    for (const path of [
      '/home',
      '/product/list',
      '/product/details',
      '/blockchain/storage/index',
      '/message',
      '/free/certificate',
    ]) {
      expect(at(path, maker), path).toEqual({ kind: 'pass' });
    }
  });

  it('sends pages of another console to /404', () => {
    expect(at('/project/list', maker)).toEqual({ kind: 'redirect', to: '/404' });
    expect(at('/admin/certification', maker)).toEqual({ kind: 'redirect', to: '/404' });
    expect(at('/govProcurementInfo/materialFill', maker)).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('sends pages the user’s roles do not open to /404', () => {
    const staff: State = { ...maker, user: user({ roles: ['员工'] }) };
    expect(at('/organization/members', maker)).toEqual({ kind: 'pass' });
    expect(at('/organization/members', staff)).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('follows the current app among the enabled modules', () => {
    const both: State = { ...maker, currentApp: 'jcbb-agent', modules: ['jcbb-production', 'jcbb-agent'] };
    expect(at('/distributor/productList', both)).toEqual({ kind: 'pass' });
    expect(at('/product/list', both)).toEqual({ kind: 'redirect', to: '/404' });
  });
});

describe('no organisation', () => {
  const loner: State = { token: 't', user: user({ orgType: null }), currentApp: null, modules: [] };

  it('goes to the organisation verification page', () => {
    expect(at('/home', loner)).toEqual({ kind: 'redirect', to: VERIFICATION_PATH });
    expect(at('/product/list', loner)).toEqual({ kind: 'redirect', to: VERIFICATION_PATH });
  });

  it('may stay on that page, change the password and read public pages', () => {
    expect(at(VERIFICATION_PATH, loner)).toEqual({ kind: 'pass' });
    expect(at('/user/password', loner)).toEqual({ kind: 'pass' });
    expect(at('/message', loner)).toEqual({ kind: 'pass' });
  });

  it('does not apply to super_admin', () => {
    const platform: State = { ...loner, user: user({ orgType: null, roles: ['super_admin'] }) };
    expect(at('/home', platform)).toEqual({ kind: 'pass' });
    expect(at('/admin/certification', platform)).toEqual({ kind: 'pass' });
    expect(at(VERIFICATION_PATH, platform)).toEqual({ kind: 'redirect', to: '/404' });
  });
});

describe('project pages (spec §5, §9)', () => {
  const builder: State = {
    token: 't',
    user: user({ orgType: 4 }),
    currentApp: 'jcbb-construction',
    modules: ['jcbb-construction'],
  };
  const supervisor: State = {
    token: 't',
    user: user({ orgType: 3 }),
    currentApp: 'jcbb-supervisor',
    modules: ['jcbb-supervisor'],
  };
  const developer: State = { token: 't', user: user({ orgType: 1 }), currentApp: null, modules: [] };

  it('check for a project with orgType 4 for construction, 3 for supervision, 1 for the developer', () => {
    expect(at('/projectConstruction/stock', builder)).toEqual({ kind: 'check-project', orgType: 4 });
    expect(at('/projectConstruction/spotCheck', supervisor)).toEqual({ kind: 'check-project', orgType: 3 });
    expect(at('/govProcurementInfo/materialFill', supervisor)).toEqual({ kind: 'check-project', orgType: 3 });
    expect(at('/buildMaterialProcurement/materialsList', builder)).toEqual({ kind: 'check-project', orgType: 4 });
    expect(at('/buildMaterialProcurement/materialsList', developer)).toEqual({ kind: 'check-project', orgType: 1 });
  });

  it('block entry with 暂无项目 when there is none', () => {
    expect(at('/projectConstruction/stock', builder, 'no-project')).toEqual({ kind: 'block', message: NO_PROJECT });
    expect(at('/govProcurementInfo/materialFill', supervisor, 'no-project')).toEqual({
      kind: 'block',
      message: NO_PROJECT,
    });
    expect(NO_PROJECT).toBe('暂无项目');
  });

  it('send a developer without a project to its project list, where it registers the first', () => {
    expect(at('/buildMaterialProcurement/materialsSummary', developer, 'no-project')).toEqual({
      kind: 'block',
      message: NO_PROJECT,
      to: DEVELOPER_NO_PROJECT_PATH,
    });
  });

  it('keep the project list and detail open without a project: invitations are answered there', () => {
    expect(at('/project/list', builder)).toEqual({ kind: 'pass' });
    expect(at('/project/detail', supervisor)).toEqual({ kind: 'pass' });
    expect(at('/project/list', developer)).toEqual({ kind: 'pass' });
    expect(at('/project/edit', developer)).toEqual({ kind: 'pass' });
    expect(at('/project/edit', builder)).toEqual({ kind: 'redirect', to: '/404' });
  });

  it('let the user in when there is one', () => {
    expect(at('/projectConstruction/stock', builder, 'has-project')).toEqual({ kind: 'pass' });
  });

  it('do not concern other pages', () => {
    expect(at('/home', builder)).toEqual({ kind: 'pass' });
    expect(at('/productionManagement/sources', builder)).toEqual({ kind: 'pass' });
  });
});

describe('group paths lead to their first page (spec §3 redirect)', () => {
  const builder: State = {
    token: 't',
    user: user({ orgType: 4 }),
    currentApp: 'jcbb-construction',
    modules: ['jcbb-construction'],
  };
  const developer: State = { token: 't', user: user({ orgType: 1 }), currentApp: null, modules: [] };

  it.each([
    ['/project', '/project/list'],
    ['/projectConstruction', '/projectConstruction/stock'],
    ['/buildMaterialProcurement', '/buildMaterialProcurement/materialsList'],
    ['/govProcurementInfo', '/govProcurementInfo/materialFill'],
    ['/productionManagement/', '/productionManagement/sources'],
    ['/', '/home'],
  ])('%s → %s for a construction unit, before any project check', (from, to) => {
    expect(at(from, builder)).toEqual({ kind: 'redirect', to });
    expect(at(from, builder, 'no-project')).toEqual({ kind: 'redirect', to });
  });

  it('follows the console: the developer’s /buildMaterialProcurement, the manufacturer’s /blockchain', () => {
    expect(at('/buildMaterialProcurement', developer)).toEqual({
      kind: 'redirect',
      to: '/buildMaterialProcurement/materialsList',
    });
    expect(at('/blockchain', maker)).toEqual({ kind: 'redirect', to: '/blockchain/storage/index' });
    expect(at('/productCenter', maker)).toEqual({ kind: 'redirect', to: '/product/list' });
  });

  it('every group path of every console leads to a page of that console, never to another group or 404', () => {
    const consolesByState: [string, State][] = [
      ['manufacturer', maker],
      ['construction', builder],
      ['developer', developer],
      ['distributor', { token: 't', user: user({ orgType: 7 }), currentApp: 'jcbb-agent', modules: ['jcbb-agent'] }],
      ['government', { token: 't', user: user({ orgType: 5, roles: ['住建委'] }), currentApp: null, modules: [] }],
      ['certification', { token: 't', user: user({ orgType: 8 }), currentApp: null, modules: [] }],
      ['admin', { token: 't', user: user({ orgType: null, roles: ['super_admin'] }), currentApp: null, modules: [] }],
    ];
    let groups = 0;
    for (const [name, state] of consolesByState) {
      const own = consoleRoutesFor(state);
      expect(own?.console, name).toBe(name);
      for (const route of own?.routes ?? []) {
        if (route.item.component) continue;
        groups += 1;
        const decision = at(route.fullPath, state, 'has-project');
        expect(decision.kind, `${name} ${route.fullPath}`).toBe('redirect');
        const to = decision.kind === 'redirect' ? decision.to : '';
        expect(to, `${name} ${route.fullPath}`).not.toBe('/404');
        expect(at(to, state, 'has-project'), `${name} ${route.fullPath} → ${to}`).toEqual({ kind: 'pass' });
      }
    }
    expect(groups).toBeGreaterThan(15);
  });
});

describe('decide on hand-made input', () => {
  const input = (over: Partial<GuardInput>): GuardInput => ({
    pathname: '/x',
    search: '',
    token: 't',
    user: { roles: ['员工'], companyId: 1 },
    isPublic: false,
    isKnown: true,
    route: undefined,
    console: 'basic',
    project: 'unchecked',
    ...over,
  });

  it('checks the token before the path is known', () => {
    expect(decide(input({ isKnown: false, search: '?token=a' })).kind).toBe('verify-token');
  });

  it('treats a known page outside the user’s console as not found', () => {
    expect(decide(input({}))).toEqual({ kind: 'redirect', to: '/404' });
  });
});
