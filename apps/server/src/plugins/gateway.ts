import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { KvStore } from '../lib/kv-store.ts';
import type { AuthService } from '../modules/auth/auth.service.ts';
import { createSignatureVerifier, type SigningKeyRecord } from './signing.ts';

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * The gateway in front of every route (spec §7, DESIGN.md §3): first the signature (all but `bare` routes), then
 * the Bearer session (`session` routes). Runs before validation, so a forged or anonymous request learns nothing
 * about the shape of the input.
 */
export function registerGateway(
  app: FastifyInstance,
  deps: { keys: SigningKeyRecord[]; nonces: KvStore; auth: AuthService },
) {
  const verify = createSignatureVerifier(deps.keys, deps.nonces);
  app.decorateRequest('user', null);
  app.addHook('preValidation', async (request) => {
    const config = request.routeOptions.config;
    const access = config.access;
    // Routes not defined with defineRoute (static files, the OpenAPI document) carry no access and are bare.
    if (!access || access === 'bare') return;
    await verify(request, config.signQuery === true);
    if (access === 'session') request.user = await deps.auth.resolveSession(bearerToken(request));
  });
}
