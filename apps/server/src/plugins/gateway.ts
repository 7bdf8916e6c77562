import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../lib/errors.ts';
import type { KvStore } from '../lib/kv-store.ts';
import type { AuthService } from '../modules/auth/index.ts';
import { createSignatureVerifier, type SigningKeyRecord } from './signing.ts';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The gateway in front of every route (spec §7, docs/design.md §3): first the signature (all but `bare` routes), then
 * the Bearer session (`session` routes). Runs before validation, so a forged or anonymous request learns nothing
 * about the shape of the input.
 */
export function registerGateway(
  app: FastifyInstance,
  deps: { keys: SigningKeyRecord[]; nonces: KvStore; auth: AuthService },
) {
  const verify = createSignatureVerifier(deps.keys, deps.nonces);
  app.decorateRequest('user', null);
  const reported = new Set<string>();
  app.addHook('preValidation', async (request) => {
    // The not-found handler answers a 404 envelope or the console's index.html: nothing to guard.
    if (request.is404) return;
    const config = request.routeOptions.config;
    const access = config.access;
    // Fail closed: a route that declares no access (one added outside defineRoute and app.ts's declaringAccess)
    // is refused, never public. Logged once per route, as the mistake in the code it is.
    if (access !== 'bare' && access !== 'none' && access !== 'session') {
      const route = `${request.method} ${request.routeOptions.url}`;
      if (!reported.has(route)) {
        reported.add(route);
        request.log.error({ route }, 'route declares no access level: refused');
      }
      throw forbidden();
    }
    if (access === 'bare') return;
    // Replay protection for writes and signed-in calls; a public read is idempotent and public, so replaying one
    // gains nothing, and recording its nonce would be a store write per lookup.
    await verify(request, config.signQuery === true, { recordNonce: config.publicRead !== true });
    if (access === 'session') request.user = await deps.auth.resolveSession(bearerToken(request));
  });
}
