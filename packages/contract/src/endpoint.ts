import type { z } from 'zod';

/**
 * One declaration per call: what travels on the wire, shared by the server (which registers it with
 * `defineRoute(app, endpoint, { access, roles, handler })`) and the web client (which calls it with
 * `call(endpoint, input)`). Who may call, the documentation and the handler stay on the server.
 *
 * - `path` is exactly the spec's (§7), with `{name}` for a path parameter (the OpenAPI way); the server turns it
 *   into Fastify's `:name`, the client fills it from the input.
 * - `params`, `query` (GET/DELETE, and the extra query of an upload) and `body` (POST/PUT) are zod schemas;
 *   their outputs are what the handler receives, their inputs what the client sends.
 * - `response` is the schema of `data` in the `{ code, msg, data }` envelope; an endpoint without one answers a file
 *   (`download` in the client).
 * - `upload: true`: a multipart upload of one file (field "file"), signed through the query string.
 * - `envelope: false`: the answer is a JSON document of its own, outside the envelope (below).
 *
 * This module imports zod's types only: declaring an endpoint costs nothing at run time beyond its schemas.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface EndpointDef {
  method: HttpMethod;
  path: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  response?: z.ZodType;
  upload?: true;
  /**
   * `false`: a JSON document published as it is, not wrapped in `{ code, msg, data }`, for tools that are not our
   * client (the ledger key at its well-known address, an EPCIS document). The handler returns the document and the
   * server sends it as JSON (or as the content type the handler set); its errors are still enveloped. Such an
   * endpoint declares no `response`: the document's shape is its own standard's. Declared here once, read by the
   * server's reply (`defineRoute`) and by the robustness test's envelope check.
   */
  envelope?: false;
}

/** Declare an endpoint; the literal types are kept so that clients and handlers are typed from the schemas. */
export function endpoint<const E extends EndpointDef>(def: E): E {
  return def;
}

type InputOf<S> = S extends z.ZodType ? z.input<S> : unknown;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a client sends: path parameters, query and body in one object (the client puts each where it belongs). */
export type EndpointInput<E extends EndpointDef> = InputOf<E['params']> & InputOf<E['query']> & InputOf<E['body']>;

/** What a JSON endpoint answers in `data`; a file endpoint answers a Blob. */
export type EndpointData<E extends EndpointDef> = E['response'] extends z.ZodType ? z.output<E['response']> : Blob;

/** What the server's handler receives after validation. */
export interface EndpointParsed<E extends EndpointDef> {
  params: OutputOf<E['params']>;
  query: OutputOf<E['query']>;
  body: OutputOf<E['body']>;
}

/** What the server's handler may return (before the response schema strips unnamed fields). */
export type EndpointResult<E extends EndpointDef> = E['response'] extends z.ZodType ? z.input<E['response']> : unknown;

/** The `{name}` parameters of a path, in order. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g)].map((m) => m[1] as string);
}

/** The path with its parameters filled in (URL-encoded) from `values`. */
export function fillPath(path: string, values: Record<string, unknown>): string {
  return path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') throw new Error(`missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** Fastify's form of a spec path: `/a/{id}` → `/a/:id`. */
export function routerPath(path: string): string {
  return path.replace(/\{([A-Za-z_][A-Za-z0-9_]*)\}/g, ':$1');
}

/** A stable name for an endpoint, used as the first element of its TanStack Query keys: `POST /api/x`. */
export function endpointKey(e: Pick<EndpointDef, 'method' | 'path'>): string {
  return `${e.method} ${e.path}`;
}
