import type { authEndpoints } from '@jcbb/contract/auth.endpoints';
import type { EndpointData } from '@jcbb/contract/endpoint';
import { useSyncExternalStore } from 'react';

/** The signed-in user as GET /api/user/viewer answers it (spec §3). */
export type SessionUser = EndpointData<typeof authEndpoints.viewer>;

/**
 * The signed-in state of this browser tab: the Bearer token and the current app (module code) persist in
 * localStorage; the loaded user is kept in memory and reloaded by the route guard after a refresh.
 */
export interface SessionState {
  token: string | null;
  /** Module code chosen for the console (spec §6), or null for the organisation type's default. */
  currentApp: string | null;
  user: SessionUser | null;
  /** Module codes the organisation has enabled. */
  modules: string[];
}

const TOKEN_KEY = 'jcbb_token';
const APP_KEY = 'jcbb_current_app';
/** The organisation of the last user loaded in this browser: a hint, checked against the viewer's answer. */
const COMPANY_KEY = 'jcbb_company';

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    // Private mode or storage disabled: the session then lasts as long as the page.
  }
}

function readHint(): { user: number; company: number } | null {
  try {
    const hint: unknown = JSON.parse(read(COMPANY_KEY) ?? 'null');
    if (typeof hint !== 'object' || hint === null) return null;
    const { user, company } = hint as Record<string, unknown>;
    return Number.isSafeInteger(user) && Number.isSafeInteger(company)
      ? { user: user as number, company: company as number }
      : null;
  } catch {
    return null;
  }
}

let state: SessionState = { token: read(TOKEN_KEY), currentApp: read(APP_KEY), user: null, modules: [] };
const listeners = new Set<() => void>();

function set(next: Partial<SessionState>): void {
  state = { ...state, ...next };
  for (const listener of listeners) listener();
}

export const session = {
  get: (): SessionState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** `userId`: whose token it is, when known (a sign-in's answer): the organisation hint of another user is dropped. */
  setToken(token: string | null, userId?: number): void {
    if (userId !== undefined && readHint()?.user !== userId) write(COMPANY_KEY, null);
    write(TOKEN_KEY, token);
    set({ token });
  },
  setCurrentApp(currentApp: string | null): void {
    write(APP_KEY, currentApp);
    set({ currentApp });
  },
  setUser(user: SessionUser | null, modules: string[] = []): void {
    if (user)
      write(COMPANY_KEY, user.companyId === null ? null : JSON.stringify({ user: user.id, company: user.companyId }));
    set({ user, modules });
  },
  /**
   * The organisation the last loaded user of this browser belonged to, so the guard can ask for its modules at the
   * same time as for the user (docs/decisions.md, "Chunk tiers and route preloading"); null when none is known.
   */
  companyHint(): number | null {
    return readHint()?.company ?? null;
  },
  /**
   * Forget the session: token, user, current app. The organisation hint stays (a number, bound to its user's id):
   * the same user signing in again gets the parallel start, another user's sign-in drops it (`setToken`).
   */
  clear(): void {
    write(TOKEN_KEY, null);
    write(APP_KEY, null);
    set({ token: null, user: null, modules: [], currentApp: null });
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
