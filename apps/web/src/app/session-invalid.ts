import { InvalidIndex } from '@jcbb/contract/enums';
import { useSyncExternalStore } from 'react';
import { LOGIN_PATH, loginRedirect } from '../lib/login-path.ts';
import { session } from '../lib/session.ts';

/**
 * The re-login flow (spec §8): when a call answers 10100/10101 or HTTP 401, ask the server why the token stopped
 * working. Ended by a sign-in elsewhere (invalidIndex 2) → the remote-login reminder; expired or signed out (1) →
 * clear the session and go to sign-in.
 */

let reminderOpen = false;
let inFlight = false;
const listeners = new Set<() => void>();

function setReminder(open: boolean): void {
  reminderOpen = open;
  for (const listener of listeners) listener();
}

export function closeRemoteLoginReminder(): void {
  setReminder(false);
}

export function useRemoteLoginReminder(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => reminderOpen,
    () => false,
  );
}

export interface SessionInvalidDeps {
  invalidDetails: (token: string | null) => Promise<{ invalidIndex: number }>;
  navigate: (to: string) => void;
  location: () => { pathname: string; search: string };
}

function replaced(oldToken: string | null): boolean {
  const current = session.get().token;
  return current !== null && current !== oldToken;
}

export function createSessionInvalidHandler(deps: SessionInvalidDeps): (token: string | null) => Promise<void> {
  return async (oldToken) => {
    // Several calls fail together: handle the first. A failure of a token already replaced by a new sign-in is old
    // news; a session the guard has just cleared (its load failed) still gets the reason shown.
    if (inFlight || reminderOpen || replaced(oldToken)) return;
    inFlight = true;
    try {
      const { invalidIndex } = await deps
        .invalidDetails(oldToken)
        .catch(() => ({ invalidIndex: InvalidIndex.EXPIRED_OR_SIGNED_OUT as number }));
      if (replaced(oldToken)) return;
      if (invalidIndex === InvalidIndex.SIGNED_IN_ELSEWHERE) {
        setReminder(true);
      } else if (invalidIndex === InvalidIndex.EXPIRED_OR_SIGNED_OUT) {
        session.clear();
        const { pathname, search } = deps.location();
        if (pathname !== LOGIN_PATH && pathname !== '/signIn') deps.navigate(loginRedirect(pathname, search));
      }
    } finally {
      inFlight = false;
    }
  };
}
