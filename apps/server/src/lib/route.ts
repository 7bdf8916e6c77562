import {
  type EndpointDef,
  type EndpointParsed,
  type EndpointResult,
  envelopeSchema,
  isMaterialsPath,
  type OrgTypeValue,
  ResponseCode,
  type RoleValue,
  routerPath,
} from '@jcbb/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { uncertifiedForbidden } from './certification.ts';
import { forbidden, orgTypesForbidden } from './errors.ts';
import type { SessionUser } from './session-user.ts';

/**
 * How a route is reached:
 * - `session`: a valid Bearer session (the default);
 * - `none`: no session needed but the call is still signed (sign-in, the invalid-token check, /open/ paths);
 * - `bare`: neither signed nor in a session (health check, files served to <img>).
 */
export type RouteAccess = 'session' | 'none' | 'bare';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /** Multipart uploads sign their query string instead of the body. */
    signQuery?: boolean;
    /**
     * A public read (every signed route under /open/): its signature is checked but its nonce not recorded, so
     * lookups do not fill the shared store (docs/decisions.md, "Public lookups").
     */
    publicRead?: boolean;
    roles?: readonly RoleValue[];
  }
  interface FastifyRequest {
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /**
     * Is the organisation certified now (or exempt)? Decorated by buildApp (app.ts, `orgIsCertified` of
     * lib/certification.ts); routes that declare `certified` ask it on every call.
     */
    orgCertified: (orgId: number) => Promise<boolean>;
  }
}

export interface HandlerContext<B, Q, P> {
  body: B;
  query: Q;
  params: P;
  /** Present on `session` routes. */
  user: SessionUser;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** What `register` needs: an endpoint's wire shape with the route's options (internal). */
interface RouteSpec<B extends z.ZodType, Q extends z.ZodType, P extends z.ZodType, R extends z.ZodType> {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  summary: string;
  description?: string;
  tags: string[];
  access?: RouteAccess;
  /** Any one of these roles may call; none listed = any signed-in user. Objects are checked in the service. */
  roles?: readonly RoleValue[];
  signQuery?: boolean;
  body?: B;
  query?: Q;
  params?: P;
  /** Schema of `data` in the envelope. Omit for routes that send a file themselves. */
  response?: R;
  /** `false`: the handler's result is a JSON document sent as it is (the endpoint's `envelope`, contract endpoint.ts). */
  envelope?: false;
  handler: (ctx: HandlerContext<z.output<B>, z.output<Q>, z.output<P>>) => Promise<z.input<R> | undefined>;
}

/** Who an endpoint is for, beside how it is reached: documentation, access, roles and organisation types. */
export interface RouteOptions<E extends EndpointDef> {
  summary: string;
  description?: string;
  tags: string[];
  access?: RouteAccess;
  /** Any one of these roles may call; none listed = any signed-in user. Objects are checked in the service. */
  roles?: readonly RoleValue[];
  /**
   * Only users of organisations of these types may call (403 with one message per type list, see
   * `orgTypesForbidden`); none listed = any organisation, or none. Objects are checked in the service.
   */
  orgTypes?: readonly OrgTypeValue[];
  /**
   * Only users of a certified organisation (or a government unit, exempt) may call: 403 with the console's one
   * message, `UNCERTIFIED_MESSAGE`, checked after `roles` and `orgTypes`, on the organisation's state at the call
   * (docs/decisions.md, "What an uncertified organisation may do"). For calls that reach other organisations or the
   * public record; an organisation's own records and drafts stay open.
   */
  certified?: boolean;
  handler: (
    ctx: EndpointParsed<E> & { user: SessionUser; request: FastifyRequest; reply: FastifyReply },
  ) => Promise<EndpointResult<E> | undefined>;
}

/**
 * Define one route from its contract declaration (`packages/contract/src/<module>.endpoints.ts`): the endpoint's
 * schemas go to validation and to the OpenAPI document, its answer is wrapped in the `{ code, msg, data }` envelope
 * (code 200 on materials-service paths, 0 elsewhere), and roles and organisation types are checked before the
 * handler runs. An endpoint without a response schema answers a file: its handler sends it through `reply`. An
 * endpoint declared `envelope: false` answers the document its handler returns, as JSON, outside the envelope.
 */
export function defineRoute<E extends EndpointDef>(app: FastifyInstance, endpoint: E, options: RouteOptions<E>): void {
  register(app, {
    ...options,
    method: endpoint.method,
    url: routerPath(endpoint.path),
    body: endpoint.body,
    query: endpoint.query,
    params: endpoint.params,
    response: endpoint.response,
    envelope: endpoint.envelope,
    signQuery: endpoint.upload,
    handler: options.handler as RouteSpec<z.ZodType, z.ZodType, z.ZodType, z.ZodType>['handler'],
  });
}

function register(
  app: FastifyInstance,
  spec: RouteSpec<z.ZodType, z.ZodType, z.ZodType, z.ZodType> & {
    orgTypes?: readonly OrgTypeValue[];
    certified?: boolean;
  },
): void {
  if (spec.certified && !app.hasDecorator('orgCertified')) {
    throw new Error(`${spec.method} ${spec.url} declares certified, but the app has no orgCertified check`);
  }
  const access: RouteAccess =
    spec.url.startsWith('/open/') && spec.access !== 'bare' ? 'none' : (spec.access ?? 'session');
  const successCode = isMaterialsPath(spec.url) ? ResponseCode.MATERIALS_OK : ResponseCode.OK;
  const orgTypes = spec.orgTypes && spec.orgTypes.length > 0 ? spec.orgTypes : null;
  app.route({
    method: spec.method,
    url: spec.url,
    config: { access, signQuery: spec.signQuery, roles: spec.roles, publicRead: spec.url.startsWith('/open/') },
    schema: {
      summary: spec.summary,
      description: spec.description,
      tags: spec.tags,
      ...(access === 'session' ? { security: [{ bearer: [] }] } : {}),
      ...(spec.body ? { body: spec.body } : {}),
      ...(spec.query ? { querystring: spec.query } : {}),
      ...(spec.params ? { params: spec.params } : {}),
      ...(spec.response ? { response: { 200: envelopeSchema(spec.response) } } : {}),
    },
    handler: async (request, reply) => {
      if (spec.roles && spec.roles.length > 0) {
        const roles = request.user?.roles ?? [];
        if (!spec.roles.some((r) => roles.includes(r))) throw forbidden();
      }
      if (orgTypes && !orgTypes.includes(request.user?.orgType as OrgTypeValue)) throw orgTypesForbidden(orgTypes);
      if (spec.certified) {
        const orgId = request.user?.orgId ?? null;
        if (orgId === null || !(await request.server.orgCertified(orgId))) throw uncertifiedForbidden();
      }
      const data = await spec.handler({
        body: request.body,
        query: request.query,
        params: request.params,
        user: request.user as SessionUser,
        request,
        reply,
      });
      if (spec.envelope === false) {
        // A document of its own (the ledger key, an EPCIS document): as JSON unless the handler named its type.
        if (!reply.hasHeader('content-type')) reply.header('content-type', 'application/json; charset=utf-8');
        return reply.send(JSON.stringify(data));
      }
      if (!spec.response) return reply;
      return { code: successCode, msg: 'success', data: data ?? null };
    },
  });
}
