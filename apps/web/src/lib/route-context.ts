import { createContext, useContext } from 'react';
import type { FlatRoute } from './route-index.ts';
import type { ConsoleKey, MenuEntry } from './route-types.ts';

/**
 * What a page may know of where it is shown, provided by the app that renders it (app/RoutePage.tsx,
 * layout/ConsoleLayout.tsx): features read it here and never import the app (docs/architecture.md, "Module
 * boundaries").
 */

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

/** The signed-in user's console: its key, its routes (roles applied, hidden ones included) and its side menu. */
export interface ConsoleRoutes {
  console: ConsoleKey;
  routes: FlatRoute[];
  menu: MenuEntry[];
}

/** Provided by the console frame around its pages; null on the public pages and before the session is known. */
export const ConsoleRoutesContext = createContext<ConsoleRoutes | null>(null);

export function useConsoleRoutes(): ConsoleRoutes | null {
  return useContext(ConsoleRoutesContext);
}
