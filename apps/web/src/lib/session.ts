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
  setToken(token: string | null): void {
    write(TOKEN_KEY, token);
    set({ token });
  },
  setCurrentApp(currentApp: string | null): void {
    write(APP_KEY, currentApp);
    set({ currentApp });
  },
  setUser(user: SessionUser | null, modules: string[] = []): void {
    set({ user, modules });
  },
  /** Forget everything: token, user, current app. */
  clear(): void {
    write(TOKEN_KEY, null);
    write(APP_KEY, null);
    set({ token: null, user: null, modules: [], currentApp: null });
  },
};

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, session.get);
}
