/** Pages that must not be the target after sign-in: going there would show the sign-in form again. */
const SIGN_IN_PATHS = new Set(['/login', '/signIn']);

/**
 * The `redirect` query of the sign-in page, if it names a page of this site; otherwise `fallback`. Only a path
 * starting with one '/' is accepted: '//host', '/\host', 'https://…' and 'javascript:…' could leave the site.
 */
export function safeRedirect(raw: string | null | undefined, fallback = '/'): string {
  if (!raw?.startsWith('/') || raw.startsWith('//')) return fallback;
  // Browsers read '\' as '/', and control characters are dropped before parsing: '/\t/evil.com' is '//evil.com'.
  if (/[\\\p{Cc}]/u.test(raw)) return fallback;
  let url: URL;
  try {
    url = new URL(raw, 'http://same.site');
  } catch {
    return fallback;
  }
  if (url.origin !== 'http://same.site') return fallback;
  if (SIGN_IN_PATHS.has(url.pathname)) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
