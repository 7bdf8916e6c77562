/**
 * The request signing of docs/design.md §3 for the light entry's first script, with the browser's own HMAC
 * (WebCrypto) instead of the contract's `signParams` (noble-hashes): the script then needs no other file and starts
 * the page's requests as soon as it arrives. Only for what that script signs — a GET of flat string parameters —
 * where the canonical string is plain: `GET`, the path, then `key=value` pairs sorted by key (ASCII keys: code-point
 * order is JavaScript's). prefetch-sign.test.ts checks it against `signParams`. Null where WebCrypto is not offered
 * (a page served over plain http to another host): the page then signs and fetches by itself.
 */
export interface PrefetchKey {
  appCode: string;
  authKey: string;
  secret: string;
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

function randomNonce(): string {
  const bytes = new Uint8Array(16);
  globalThis.crypto.getRandomValues(bytes);
  return hex(bytes);
}

/** The signed query string of a GET of `path` with `params`, or null without WebCrypto. */
export async function signedQuery(
  path: string,
  params: Record<string, string>,
  key: PrefetchKey,
  now: number = Date.now(),
  nonce: string = randomNonce(),
): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const all: Record<string, string> = {
    ...params,
    timestamp: String(now),
    nonce,
    app_code: key.appCode,
    auth_key: key.authKey,
  };
  const canonical = `GET\n${path}\n${Object.keys(all)
    .sort()
    .map((k) => `${k}=${all[k]}`)
    .join('&')}`;
  const encoder = new TextEncoder();
  const hmacKey = await subtle.importKey('raw', encoder.encode(key.secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
    'sign',
  ]);
  const signature = hex(new Uint8Array(await subtle.sign('HMAC', hmacKey, encoder.encode(canonical))));
  return new URLSearchParams({ ...all, signature }).toString();
}
