import { Activity, type ReactNode, useRef } from 'react';
import { useLocation, useOutlet } from 'react-router-dom';

/** At most this many kept pages; the least recently shown goes first. */
export const KEEP_ALIVE_MAX = 10;

/**
 * The main area's page. Pages whose route has meta.keepAlive are cached by path (spec §2): once visited they stay
 * mounted, hidden by React's <Activity>, so their state (filters, page, scroll, typed text) survives leaving and
 * coming back. Other pages unmount when left.
 */
export function KeepAliveOutlet({ keepAlive }: { keepAlive: boolean }) {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const cache = useRef(new Map<string, ReactNode>());
  // Render order stays the order of first visits (moving a subtree in the DOM would reset its scroll and reload its
  // frames); the order of last visits, kept apart, picks what to drop.
  const visits = useRef<string[]>([]);
  const kept = cache.current;
  if (keepAlive && outlet) {
    if (!kept.has(pathname)) kept.set(pathname, outlet);
    visits.current = [...visits.current.filter((p) => p !== pathname), pathname];
    while (visits.current.length > KEEP_ALIVE_MAX) {
      const [oldest, ...rest] = visits.current;
      visits.current = rest;
      if (oldest !== undefined) kept.delete(oldest);
    }
  }
  return (
    <>
      {[...kept].map(([path, element]) => (
        <Activity key={path} mode={keepAlive && path === pathname ? 'visible' : 'hidden'}>
          {element}
        </Activity>
      ))}
      {!keepAlive && outlet}
    </>
  );
}
