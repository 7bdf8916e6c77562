import type { FastifyInstance } from 'fastify';
import type { AddressKey } from '../lib/address-keys.ts';
import { ThrottledError } from '../lib/errors.ts';
import type { KvStore } from '../lib/kv-store.ts';

/** The window of the /open/ limit. */
export const OPEN_WINDOW_MS = 60_000;

/**
 * Every request under /open/ (the public reads: trace codes, certificates, the catalogue, the ledger, the console's
 * settings) is counted per client address in a fixed one-minute window of the shared store, so all processes of a
 * deployment count together; beyond `perMinute` it is answered 429 42900 with Retry-After (the window's rest)
 * before anything else runs: no signature check, no database. The address is the one Fastify resolves, through
 * TRUST_PROXY's proxies only, and it is kept as a salted hash (lib/address-keys.ts). docs/decisions.md, "Public
 * lookups".
 */
export function registerOpenRateLimit(
  app: FastifyInstance,
  deps: { kv: KvStore; perMinute: number; addressKey: AddressKey },
) {
  app.addHook('onRequest', async (request) => {
    // The route's own path when one matched (the router has decoded it), else the path as sent.
    const path = request.routeOptions.url ?? request.url;
    if (!path.startsWith('/open/')) return;
    const key = `open:rl:${deps.addressKey(request.ip, 'open')}`;
    const count = await deps.kv.increment(key, OPEN_WINDOW_MS);
    if (count > deps.perMinute) {
      const rest = (await deps.kv.ttl(key)) || OPEN_WINDOW_MS;
      throw new ThrottledError(rest, '查询过于频繁', count > deps.perMinute + 1);
    }
  });
}
