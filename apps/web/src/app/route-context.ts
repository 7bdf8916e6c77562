import { createContext, useContext, useMemo } from 'react';
import { type SessionState, useSession } from '../lib/session.ts';
import { consoleRoutesFor } from './guard-decision.ts';
import type { FlatRoute } from './route-index.ts';
import type { ConsoleKey } from './route-table.tsx';

/** The route-table entry of the page being rendered (the placeholder page reads its title and description). */
export const RouteItemContext = createContext<FlatRoute | null>(null);

export function useCurrentRoute(): FlatRoute | null {
  return useContext(RouteItemContext);
}

/** True inside the console frame (top bar and menu around the page); false for the bare public pages. */
export const InFrameContext = createContext(false);

export function useInFrame(): boolean {
  return useContext(InFrameContext);
}

/** The signed-in user's console and its routes (roles applied), recomputed when the user or the app changes. */
export function useConsoleRoutes(): { console: ConsoleKey; routes: FlatRoute[] } | null {
  const { user, currentApp, modules } = useSession();
  return useMemo(() => consoleRoutesFor({ user, currentApp, modules } as SessionState), [user, currentApp, modules]);
}
