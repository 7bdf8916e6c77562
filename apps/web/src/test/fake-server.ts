import type { EndpointData, EndpointDef } from '@jcbb/contract/endpoint';
import { SIGNING_PARAM_KEYS } from '@jcbb/contract/signing';
import { onTestFinished, vi } from 'vitest';
import { type SessionUser, session } from '../lib/session.ts';

/**
 * The one fake server of component tests, keyed by the contract's endpoint declarations (never by a literal path:
 * a renamed path breaks the compiler, not the tests):
 *
 *     const sent = fakeServer(
 *       answer(traceEndpoints.addressList, () => page([address(1)])),
 *       answer(traceEndpoints.addressSave, (req) => ({ id: Number(req.body.id ?? 9) })),
 *     );
 *
 * A handler answers the endpoint's `data` (typed from its response schema; lib/api.ts checks it against the schema
 * again at run time), or `failure(…)` / `fieldErrors(…)` for a refusal, or a whole `Response`. A call to an
 * endpoint the test did not answer fails the test, naming its method and path: the page called something the test
 * did not expect (a wrong endpoint, a forgotten query). `sent` lists the requests, in order, without the signature.
 */

/** One request the page sent. */
export interface Sent {
  method: string;
  path: string;
  /** The declaration it was answered as. */
  endpoint: EndpointDef;
  /** The path parameters, as strings. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** The JSON body (POST/PUT), or the query's entries (GET/DELETE). */
  body: Record<string, unknown>;
}

/** A refusal: an HTTP status with the envelope's code, message and data. */
export class Failure {
  constructor(
    readonly status: number,
    readonly code: number,
    readonly msg: string,
    readonly data: unknown = null,
  ) {}
}
export const failure = (status: number, code: number, msg: string, data: unknown = null) =>
  new Failure(status, code, msg, data);
/** A 400 with per-field messages, as the server's invalidInput answers. */
export const fieldErrors = (fields: Record<string, string>) =>
  new Failure(400, 40000, '请求参数有误', {
    fields: Object.entries(fields).map(([field, message]) => ({ field, message })),
  });

export type Reply<E extends EndpointDef> = EndpointData<E> | Failure | Response;
export type Handler<E extends EndpointDef> = (request: Sent) => Reply<E> | Promise<Reply<E>>;

export interface Route {
  endpoint: EndpointDef;
  handler: Handler<EndpointDef>;
}

/** The answer to one endpoint. */
export function answer<E extends EndpointDef>(endpoint: E, handler: Handler<E>): Route {
  return { endpoint, handler: handler as Handler<EndpointDef> };
}

/**
 * A handler for one record only: the request's (first) path parameter must be `value`, or the answer is 404. Keeps a
 * test failing when the page asks for another record than the one it should.
 */
export function only<E extends EndpointDef>(value: string | number, handler: Handler<E>): Handler<E> {
  return (request) =>
    Object.values(request.params)[0] === String(value) ? handler(request) : failure(404, 40400, '记录不存在');
}

const patternOf = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{([A-Za-z_]\w*)\}/g, '(?<$1>[^/]+)')}$`);

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * Fails the current test once it has finished (after its afterEach hooks, so that the DOM and the mocks are still
 * cleaned up) when some call found no route.
 */
function failOnUnanswered(unanswered: string[]) {
  onTestFinished(() => {
    if (unanswered.length > 0)
      throw new Error(`fake server: calls to endpoints the test did not answer:\n${unanswered.join('\n')}`);
  });
}

/** Replaces `fetch` with answers from `routes` (a later route for the same endpoint wins); returns what was sent. */
export function fakeServer(...routes: Route[]): Sent[] {
  const sent: Sent[] = [];
  const unanswered: string[] = [];
  failOnUnanswered(unanswered);
  const table = routes.map((r) => ({ ...r, pattern: patternOf(r.endpoint.path) })).reverse();
  if (!session.get().token) session.setToken('t');
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://console.test');
    const method = (init?.method ?? 'GET').toUpperCase();
    for (const key of SIGNING_PARAM_KEYS) url.searchParams.delete(key);
    const route = table
      .map((r) => ({ r, m: r.endpoint.method === method ? r.pattern.exec(url.pathname) : null }))
      .find((x) => x.m);
    if (!route?.m) {
      const what = `${method} ${url.pathname}`;
      unanswered.push(what);
      console.error(`fake server: no answer for ${what}: add answer(<its endpoint declaration>, …) to the test`);
      throw new Error(`fake server: no answer for ${what}`);
    }
    let body: Record<string, unknown>;
    if (typeof init?.body === 'string') {
      body = JSON.parse(init.body) as Record<string, unknown>;
      for (const key of SIGNING_PARAM_KEYS) delete body[key];
    } else body = Object.fromEntries(url.searchParams.entries());
    const params = Object.fromEntries(
      Object.entries(route.m.groups ?? {}).map(([k, v]) => [k, decodeURIComponent(v)]),
    ) as Record<string, string>;
    const request: Sent = {
      method,
      path: url.pathname,
      endpoint: route.r.endpoint,
      params,
      query: url.searchParams,
      body,
    };
    sent.push(request);
    let reply: Reply<EndpointDef>;
    try {
      reply = await route.r.handler(request);
    } catch (error) {
      // A broken fixture: say so (the client would only say 网络异常).
      console.error(`fake server: ${method} ${url.pathname}`, error);
      throw error;
    }
    if (reply instanceof Response) return reply;
    if (reply instanceof Failure) return json(reply.status, { code: reply.code, msg: reply.msg, data: reply.data });
    return json(200, { code: 0, msg: 'success', data: reply ?? null });
  });
  return sent;
}

/** The one signed-in user of component tests: an organisation of type `orgType`, with overrides. */
export interface SignIn {
  /** The organisation's name (default 南京绿筑新材料有限公司). */
  name?: string;
  /** The organisation's id, also the user's companyId (default 11). */
  orgId?: number;
  roles?: string[];
  user?: Partial<Pick<SessionUser, 'id' | 'username' | 'realName' | 'mobile'>>;
  modules?: string[];
}

/**
 * Signs in a user of an organisation of this type (6 manufacturer, 7 distributor, 4 construction, 3 supervision,
 * 1 developer, 2 住建委): a token and the viewer the route guard would have loaded.
 */
export function signInAs(orgType: number, over: SignIn = {}) {
  const orgId = over.orgId ?? 11;
  session.setToken('t');
  const user: SessionUser = {
    id: 1,
    username: 'u',
    realName: '李明',
    mobile: '13800000001',
    headimgurl: null,
    ...over.user,
    roles: over.roles ?? ['企业管理员'],
    org: { name: over.name ?? '南京绿筑新材料有限公司' },
    organization: { id: orgId, type: orgType, type_enum: 'X', status: '已认证', certStatus: 2 },
    companyId: orgId,
  };
  session.setUser(user, over.modules ?? []);
}
