import type { PublicTraceData } from '@jcbb/contract';
import { signParams } from '@jcbb/contract/signing';

/**
 * The public scan and certificate pages' calls, without the console's HTTP client, its endpoint declarations or zod
 * (docs/decisions.md, "The public pages' light entry"): a signed GET of an /open/ path, its envelope unwrapped, and
 * the ledger's key as published at /.well-known (plain JSON, unsigned). Component tests spy on `scanApi`.
 */

/** A failed call: the server's message and HTTP status (404: no such code). */
export class ScanError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ScanError';
  }
}

interface Envelope<T> {
  code?: number;
  msg?: string;
  data?: T;
}

const TIMEOUT_MS = 20_000;
const signingKey = __JCBB_SIGNING__;

/**
 * The answer the light entry's first script already asked for (src/light/prefetch.ts: `globalThis.__jcbbPrefetch`,
 * keyed `trace:<code>`, `certificate:<no>`, `key`), taken once; null when there is none (the console, a second look).
 */
export function takePrefetched(key: string): Promise<Response> | null {
  const map = (globalThis as { __jcbbPrefetch?: Map<string, Promise<Response>> }).__jcbbPrefetch;
  const found = map?.get(key) ?? null;
  map?.delete(key);
  return found;
}

async function fetchWithTimeout(
  url: string | (() => string),
  prefetched: Promise<Response> | null = null,
): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    if (prefetched) {
      try {
        return await prefetched;
      } catch {
        // The first script could not ask (no WebCrypto) or its request failed: ask again, here.
      }
    }
    return await fetch(typeof url === 'function' ? url() : url, { signal: controller.signal });
  } catch (e) {
    throw new ScanError(e instanceof Error ? e.message : String(e), 0);
  } finally {
    clearTimeout(timer);
  }
}

/** GET an /open/ path, signed as docs/design.md §3 specifies; answers the envelope's `data`. */
export async function openGet<T>(
  path: string,
  params: Record<string, string> = {},
  prefetchKey: string | null = null,
): Promise<T> {
  const prefetched = prefetchKey === null ? null : takePrefetched(prefetchKey);
  // Signed when sent: an answer the first script fetched needs no signature of ours.
  const url = () => {
    const signed = signParams('GET', path, params, signingKey);
    return `${path}?${new URLSearchParams(Object.entries(signed).map(([k, v]) => [k, String(v)]))}`;
  };
  const response = await fetchWithTimeout(url, prefetched);
  let envelope: Envelope<T> | null = null;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = null;
  }
  // Success is code 0 in the envelope (contract codes.ts ResponseCode.OK) on an HTTP 2xx.
  if (response.ok && envelope && envelope.code === 0) return envelope.data as T;
  throw new ScanError(envelope?.msg || `请求失败（${response.status}）`, response.status);
}

/** The ledger's public key as published (GET /.well-known/jcbb-ledger-key.json: no envelope, no signature). */
export interface LedgerKey {
  algorithm: string;
  publicKey: string;
  hashAlgorithm: string;
  treeHeadFormat: string;
  fingerprint: string;
}

export const WELL_KNOWN_KEY_PATH = '/.well-known/jcbb-ledger-key.json';

export const scanApi = {
  trace: (code: string) => openGet<PublicTraceData>(`/open/trace/${encodeURIComponent(code)}`, {}, `trace:${code}`),
  key: async (): Promise<LedgerKey> => {
    const response = await fetchWithTimeout(WELL_KNOWN_KEY_PATH, takePrefetched('key'));
    if (!response.ok) throw new ScanError(`请求失败（${response.status}）`, response.status);
    return (await response.json()) as LedgerKey;
  },
};

/** Where an outsider fetches the same evidence (shown under 技术细节). */
export const proofPath = (code: string) => `/open/trace/${encodeURIComponent(code)}/proof`;
export const epcisPath = (code: string) => `/open/trace/${encodeURIComponent(code)}/epcis`;

/** A freshly signed address of an /open/ GET (a link an outsider's browser can open; valid five minutes). */
export function signedUrl(path: string, params: Record<string, string> = {}): string {
  const signed = signParams('GET', path, params, signingKey);
  return `${path}?${new URLSearchParams(Object.entries(signed).map(([k, v]) => [k, String(v)]))}`;
}
