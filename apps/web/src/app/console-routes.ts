import { useMemo } from 'react';
import { type SessionState, useSession } from '../lib/session.ts';
import { consoleRoutesFor } from './guard-decision.ts';

/**
 * The signed-in user's console and its routes (roles applied), recomputed when the user or the app changes. The
 * console frame computes it and hands it, with its menu, to the pages below it (lib/route-context.ts).
 */
export function useSessionConsole() {
  const { user, currentApp, modules } = useSession();
  return useMemo(() => consoleRoutesFor({ user, currentApp, modules } as SessionState), [user, currentApp, modules]);
}
