import { useCallback, useState } from 'react';

export const COLLAPSED_KEY = 'jcbb_sidebar_collapsed';

function read(): boolean {
  try {
    return globalThis.localStorage?.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

/** The side menu's open/closed state, kept in this browser (spec §2). */
export function useSidebarCollapsed(): [boolean, (next: boolean) => void] {
  const [collapsed, setCollapsed] = useState(read);
  const set = useCallback((next: boolean) => {
    setCollapsed(next);
    try {
      globalThis.localStorage?.setItem(COLLAPSED_KEY, next ? '1' : '0');
    } catch {
      // Storage disabled: the state lasts for this page.
    }
  }, []);
  return [collapsed, set];
}
