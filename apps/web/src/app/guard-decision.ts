import { APP_CODE, Role } from '@jcbb/contract/enums';
import { pages } from '@jcbb/contract/pages';
import { LOGIN_PATH, loginRedirect, withoutParams } from '../lib/login-path.ts';
import { type FlatRoute, filterByRoles, findRoute, flattenRoutes } from '../lib/route-index.ts';
import type { ConsoleKey } from '../lib/route-types.ts';
import type { SessionState } from '../lib/session.ts';
import { groupTarget, isGroupRoute, selectConsole } from './menu.ts';
import { consoles, consoleTree, framedPublicRoutes, publicRoutes } from './route-table.tsx';

/**
 * The route guard's decisions (spec §4), as a pure function of where the browser is going and what the session
 * holds. `guard.tsx` performs them (calls, session changes, redirects) and asks again until the answer is `pass`.
 */

export const NOT_FOUND_PATH = '/404';
export const PASSWORD_PATH = '/user/password';
export const NO_PROJECT = '暂无项目';

/** Signed-in users asking for these go home (spec §4); /cities covers the public catalogue under it. */
const signedInGoHome = [LOGIN_PATH, '/signIn', NOT_FOUND_PATH];
/** A user without an organisation may still reach these (besides public pages). */
const withoutCompany: string[] = [pages.verification.path, PASSWORD_PATH];

export type GuardDecision =
  | { kind: 'verify-token'; token: string; appCode: string; moduleCode: string | null; cleanUrl: string }
  | { kind: 'select-app'; moduleCode: string; cleanUrl: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'load-user' }
  | { kind: 'check-project'; orgType: ProjectCheckOrgType }
  /** `to`: where a blocked user goes instead (the developer: its project list, to register the first project). */
  | { kind: 'block'; message: string; to?: string }
  | { kind: 'pass' };

export type ProjectCheck = 'unchecked' | 'has-project' | 'no-project';

/** The organisation type the project check asks about (spec §9): 4 construction, 3 supervision, 1 developer. */
export type ProjectCheckOrgType = 1 | 3 | 4;
/** Where a developer without a project is sent: its project list, whose empty state offers to register one. */
export const DEVELOPER_NO_PROJECT_PATH = '/project/list';

/** The project check's orgType for a console: supervision 3, developer 1, construction (and the rest) 4. */
export function projectCheckOrgType(console: ConsoleKey | null): ProjectCheckOrgType {
  if (console === 'supervision') return 3;
  if (console === 'developer') return 1;
  return 4;
}

export interface GuardInput {
  pathname: string;
  /** location.search, with or without its '?'. */
  search: string;
  token: string | null;
  /** Loaded user: roles and organisation. null until the guard has loaded them. */
  user: { roles: readonly string[]; companyId: number | null } | null;
  /** A page of spec §2's public list. */
  isPublic: boolean;
  /** A page of any console or the public list: otherwise /404. */
  isKnown: boolean;
  /** The page in the signed-in user's console (roles applied); undefined when it is not theirs. */
  route: FlatRoute | undefined;
  console: ConsoleKey | null;
  /** Outcome of the project check for this navigation. */
  project: ProjectCheck;
  /**
   * When `route` is a group path (no page of its own): its first page the user may open (menu.ts groupTarget), or
   * null when it has none. undefined for a page.
   */
  groupTarget?: string | null;
}

function goesHomeWhenSignedIn(pathname: string): boolean {
  return signedInGoHome.includes(pathname) || pathname === '/cities' || pathname.startsWith('/cities/');
}

export function decide(input: GuardInput): GuardDecision {
  const { pathname, search } = input;
  const query = new URLSearchParams(search);
  const queryToken = query.get('token');
  const moduleCode = query.get('moduleCode');
  if (queryToken) {
    return {
      kind: 'verify-token',
      token: queryToken,
      appCode: moduleCode || APP_CODE,
      moduleCode: moduleCode || null,
      cleanUrl: pathname + withoutParams(search, ['token', 'moduleCode']),
    };
  }
  if (moduleCode) return { kind: 'select-app', moduleCode, cleanUrl: pathname + withoutParams(search, ['moduleCode']) };
  if (!input.isKnown) return { kind: 'redirect', to: NOT_FOUND_PATH };
  if (!input.token)
    return input.isPublic ? { kind: 'pass' } : { kind: 'redirect', to: loginRedirect(pathname, search) };
  if (goesHomeWhenSignedIn(pathname)) return { kind: 'redirect', to: '/' };
  if (!input.user) return { kind: 'load-user' };
  if (input.isPublic) return { kind: 'pass' };
  const superAdmin = input.user.roles.includes(Role.SUPER_ADMIN);
  if (input.user.companyId === null && !superAdmin && !withoutCompany.includes(pathname)) {
    return { kind: 'redirect', to: pages.verification.path };
  }
  if (!input.route) return { kind: 'redirect', to: NOT_FOUND_PATH };
  if (input.groupTarget !== undefined) return { kind: 'redirect', to: input.groupTarget ?? NOT_FOUND_PATH };
  if (input.route.item.meta?.requiresProject) {
    if (input.project === 'unchecked') return { kind: 'check-project', orgType: projectCheckOrgType(input.console) };
    if (input.project === 'no-project') {
      return input.console === 'developer'
        ? { kind: 'block', message: NO_PROJECT, to: DEVELOPER_NO_PROJECT_PATH }
        : { kind: 'block', message: NO_PROJECT };
    }
  }
  return { kind: 'pass' };
}

// The tables flattened once: the guard asks on every navigation.
const flatPublic = flattenRoutes(publicRoutes);
const flatFramedPublic = flattenRoutes(framedPublicRoutes);
const flatEveryConsole = (Object.keys(consoles) as ConsoleKey[]).flatMap((key) => flattenRoutes(consoleTree(key)));

export function isPublicPath(pathname: string): boolean {
  return findRoute(flatPublic, pathname) !== undefined || findRoute(flatFramedPublic, pathname) !== undefined;
}

export function isKnownPath(pathname: string): boolean {
  return isPublicPath(pathname) || findRoute(flatEveryConsole, pathname) !== undefined;
}

/** The user's console and its routes (roles applied, hidden ones included): what they may open. */
export function consoleRoutesFor(state: Pick<SessionState, 'user' | 'currentApp' | 'modules'>): {
  console: ConsoleKey;
  routes: FlatRoute[];
} | null {
  const user = state.user;
  if (!user) return null;
  const key = selectConsole({
    roles: user.roles,
    orgType: user.organization?.type ?? null,
    currentApp: state.currentApp,
    modules: state.modules,
  });
  return { console: key, routes: flattenRoutes(filterByRoles(consoleTree(key), user.roles)) };
}

/** The guard's input from a location and the session, with the route tables of the app. */
export function guardInput(
  pathname: string,
  search: string,
  state: Pick<SessionState, 'token' | 'user' | 'currentApp' | 'modules'>,
  project: ProjectCheck = 'unchecked',
): GuardInput {
  const own = consoleRoutesFor(state);
  const route = own ? findRoute(own.routes, pathname) : undefined;
  return {
    pathname,
    search,
    token: state.token,
    user: state.user ? { roles: state.user.roles, companyId: state.user.companyId } : null,
    isPublic: isPublicPath(pathname),
    isKnown: isKnownPath(pathname),
    route,
    console: own?.console ?? null,
    project,
    ...(own && route && isGroupRoute(route) ? { groupTarget: groupTarget(own.routes, route) ?? null } : {}),
  };
}
