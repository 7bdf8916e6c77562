import type { QueryClient } from '@tanstack/react-query';
import { type LoaderFunctionArgs, replace } from 'react-router-dom';
import { RemoteLoginDialog } from '../features/auth/index.ts';
import { authApi } from '../features/auth/public.ts';
import { i18n } from '../lib/i18n.ts';
import { LOGIN_PATH, loginRedirect } from '../lib/login-path.ts';
import { notify } from '../lib/notify.ts';
import { session } from '../lib/session.ts';
import { decide, guardInput, type ProjectCheck, type ProjectCheckOrgType } from './guard-decision.ts';
import { defaultApp } from './menu.ts';
import { closeRemoteLoginReminder, useRemoteLoginReminder } from './session-invalid.ts';
import { WithAntd } from './WithAntd.tsx';

/**
 * The route guard (spec §4) as the root route's loader: it runs before every navigation commits, so the page on
 * screen stays until the guard lets the next one in (vue-router's beforeEach). The decisions come from
 * `guard-decision.ts`; this file performs them.
 */

/**
 * Load the user, their roles and their organisation's modules into the session (spec §4). The modules need the
 * organisation's id, which the viewer answers; the organisation this browser's last user belonged to is asked for
 * at the same time, and that answer is used only when the viewer names the same organisation (else asked again).
 */
export async function loadUser(): Promise<void> {
  const hint = session.companyHint();
  const early = hint === null ? null : authApi.authorizedModules(hint).catch(() => null);
  const [viewer, roleInfo] = await Promise.all([authApi.viewer(), authApi.userRole()]);
  const roles = [...new Set([...viewer.roles, ...roleInfo.roles.map((r) => r.roleCode)])];
  const companyId = viewer.companyId;
  const authorized = companyId
    ? ((companyId === hint ? await early : null) ?? (await authApi.authorizedModules(companyId)))
    : [];
  const modules = authorized.map((m) => m.moduleCode);
  session.setUser({ ...viewer, roles }, modules);
  const current = session.get().currentApp;
  if (!current || !modules.includes(current)) {
    const app = defaultApp(viewer.organization?.type ?? null, modules);
    if (app !== current) session.setCurrentApp(app);
  }
}

/**
 * Does the user's organisation have a project (spec §9: take 9, skip 0, type 1 = taking part, orgType 4 construction,
 * 3 supervision, 1 developer)? Any failure blocks entry as well: the page behind it would fail the same way.
 */
export async function checkProject(queryClient: QueryClient, orgType: ProjectCheckOrgType): Promise<ProjectCheck> {
  try {
    const data = await queryClient.fetchQuery({
      queryKey: ['guard', 'has-project', orgType, session.get().token],
      queryFn: async () => {
        // Loaded on the first project route only: the endpoint's schemas (zod) stay out of the console shell.
        const [{ call }, { projectEndpoints }, { PROJECT_CHECK }] = await Promise.all([
          import('../lib/api.ts'),
          import('@jcbb/contract/project.endpoints'),
          import('@jcbb/contract/project'),
        ]);
        return call(projectEndpoints.userProjectList, { ...PROJECT_CHECK, orgType }, { silent: true });
      },
      staleTime: 60_000,
      // An answer is an answer: asking twice only delays the user.
      retry: false,
    });
    return data.total > 0 ? 'has-project' : 'no-project';
  } catch (error) {
    console.warn('project check failed', error);
    return 'no-project';
  }
}

function verificationFailed(pathname: string, search: string): never {
  session.clear();
  notify.error(i18n.t('guard.verificationFailed'));
  throw replace(loginRedirect(pathname, search));
}

export interface GuardDeps {
  queryClient: QueryClient;
  /** The location on screen before this navigation (path and query), or null on the first load. */
  previousLocation: () => string | null;
  /**
   * Route preloading (app/route-preload.ts): `page` as the navigation starts, `data` once the guard lets it in. The
   * router passes both; without them the guard only guards.
   */
  preload?: {
    page: (pathname: string) => void;
    data: (queryClient: QueryClient, pathname: string, search: string) => void;
  };
}

export function createGuardLoader({ queryClient, previousLocation, preload }: GuardDeps) {
  return async function guardLoader({ request }: LoaderFunctionArgs): Promise<null> {
    const url = new URL(request.url);
    const { pathname, search } = url;
    let project: ProjectCheck = 'unchecked';
    if (preload) {
      // The guard's own calls' code first (the browser fetches in the order asked), then the page's code, which
      // downloads while the guard asks its questions; the page's data once the guard lets it in.
      const { token, user } = session.get();
      if (token && !user) authApi.prepare().catch(() => {});
      preload.page(pathname);
    }
    // Each step changes the session or the project answer, so a handful of rounds always settles.
    for (let round = 0; round < 6; round += 1) {
      const decision = decide(guardInput(pathname, search, session.get(), project));
      switch (decision.kind) {
        case 'pass':
          preload?.data(queryClient, pathname, search);
          return null;
        case 'redirect':
          throw replace(decision.to);
        case 'select-app':
          session.setCurrentApp(decision.moduleCode);
          throw replace(decision.cleanUrl);
        case 'verify-token': {
          try {
            const login = await authApi.verifyToken(decision.appCode, decision.token);
            session.setToken(login.access_token, login.id);
            session.setUser(null);
            if (decision.moduleCode) session.setCurrentApp(decision.moduleCode);
          } catch {
            verificationFailed(pathname, new URL(decision.cleanUrl, url).search);
          }
          throw replace(decision.cleanUrl);
        }
        case 'load-user':
          try {
            await loadUser();
          } catch {
            verificationFailed(pathname, search);
          }
          break;
        case 'check-project':
          project = await checkProject(queryClient, decision.orgType);
          break;
        case 'block': {
          notify.warning(decision.message);
          throw replace(decision.to ?? fallbackFor(previousLocation()));
        }
      }
    }
    throw replace(LOGIN_PATH);
  };
}

/** Where a blocked navigation stays: the page on screen, unless that needs a project too (then home). */
function fallbackFor(previous: string | null): string {
  if (!previous) return '/';
  const url = new URL(previous, 'http://x');
  const input = guardInput(url.pathname, url.search, session.get(), 'has-project');
  return input.route?.item.meta?.requiresProject ? '/' : previous;
}

/** The remote-login reminder, loaded only when it is needed. */
export function SessionInvalidDialog() {
  const open = useRemoteLoginReminder();
  if (!open) return null;
  return (
    <WithAntd fallback={null}>
      <RemoteLoginDialog open onChangePassword={closeRemoteLoginReminder} onCancel={closeRemoteLoginReminder} />
    </WithAntd>
  );
}
