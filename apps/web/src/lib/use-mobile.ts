import { useSyncExternalStore } from 'react';

/** Spec §9: below 992 px the console is in mobile mode. */
export const MOBILE_QUERY = '(max-width: 991.98px)';

function subscribe(listener: () => void): () => void {
  const query = window.matchMedia(MOBILE_QUERY);
  query.addEventListener?.('change', listener);
  return () => query.removeEventListener?.('change', listener);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}
