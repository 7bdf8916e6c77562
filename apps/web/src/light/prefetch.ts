import { signedQuery } from './prefetch-sign.ts';

/**
 * The light public pages' first requests, started by a small script of their own as soon as the document has named
 * it (vite.config.ts puts it in public.html before the page's module): the signed answer the page needs (the trace
 * code's, or the certificate's) and the ledger's key, on the wire while React and the page's code are still
 * downloading — on a slow phone network that is one round trip off the time to the verified page
 * (docs/performance.md, "The public pages"). The page's calls (trace scan-api.ts `takePrefetched`) take these
 * answers once from `globalThis.__jcbbPrefetch`; anything else they fetch themselves. It imports nothing else
 * (prefetch-sign.ts signs with WebCrypto), so it runs as soon as it arrives.
 */

/** The 20 characters of a trace code in what a label's QR code or a typed input holds (trace-code.ts, kept here small). */
const CODE = /^[A-Z2-7]{20}$/;

const WELL_KNOWN_KEY = '/.well-known/jcbb-ledger-key.json';

async function signedGet(path: string, params: Record<string, string>): Promise<Response> {
  const query = await signedQuery(path, params, __JCBB_SIGNING__);
  if (query === null) throw new Error('no WebCrypto: the page signs by itself');
  return fetch(`${path}?${query}`);
}

/** What a page of this path and query will ask for first: prefetch key → request. */
export function firstRequests(pathname: string, search: string): Map<string, () => Promise<Response>> {
  const params = new URLSearchParams(search);
  const path = pathname.replace(/\/+$/, '');
  const out = new Map<string, () => Promise<Response>>();
  if (path === '/mobile/detail') {
    const code = (params.get('code') ?? '').toUpperCase().replace(/[\s-]/g, '');
    if (CODE.test(code)) out.set(`trace:${code}`, () => signedGet(`/open/trace/${code}`, {}));
    out.set('key', () => fetch(WELL_KNOWN_KEY));
  } else if (path === '/free/certificate') {
    const no = (params.get('no') ?? '').trim().toUpperCase();
    if (no) out.set(`certificate:${no}`, () => signedGet('/open/certificate/verify', { no }));
    out.set('key', () => fetch(WELL_KNOWN_KEY));
  } else if (path === '/free/authorisation') {
    const id = (params.get('id') ?? '').trim();
    if (/^[A-Za-z0-9_-]{1,60}$/.test(id))
      out.set(`authorisation:${id}`, () => signedGet('/open/authorisation', { id }));
    out.set('key', () => fetch(WELL_KNOWN_KEY));
  }
  return out;
}

const started = new Map<string, Promise<Response>>();
for (const [key, run] of firstRequests(globalThis.location.pathname, globalThis.location.search)) {
  const request = run();
  // Unhandled until the page takes it: never an unhandled rejection in the console.
  request.catch(() => {});
  started.set(key, request);
}
(globalThis as { __jcbbPrefetch?: Map<string, Promise<Response>> }).__jcbbPrefetch = started;
