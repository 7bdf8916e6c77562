/** The sign-in page (the auth feature's route; the guard sends signed-out visitors there). */
export const LOGIN_PATH = '/login';

/** `search` without the parameters `names` (the guard's one-time token and app choice), '' when nothing is left. */
export function withoutParams(search: string, names: string[]): string {
  const query = new URLSearchParams(search);
  for (const name of names) query.delete(name);
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}

/** The sign-in page, coming back to `pathname` once signed in (the home page needs no redirect). */
export function loginRedirect(pathname: string, search = ''): string {
  if (pathname === '/' || pathname === LOGIN_PATH) return LOGIN_PATH;
  return `${LOGIN_PATH}?redirect=${encodeURIComponent(pathname + withoutParams(search, ['token', 'moduleCode']))}`;
}
