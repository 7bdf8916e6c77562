import {
  type EndpointData,
  type EndpointDef,
  type EndpointInput,
  fillPath,
  pathParamNames,
  signParams,
} from '@jcbb/contract';
import { expect } from 'vitest';
import { callEndpoint } from './endpoint-call.ts';
import { stringify, type TestResponse, type TestServer } from './harness.ts';

/** The answer of a file endpoint (no `response` schema): its bytes, as they came. */
export interface FileResponse {
  status: number;
  headers: Record<string, unknown>;
  /** The bytes. */
  body: Buffer;
  /** The bytes read as text (UTF-8). */
  text: string;
}

/** An answer to a call of endpoint `E`: the response, and the endpoint it answers (which types `ok`'s data). */
export interface EndpointResponse<E extends EndpointDef> extends TestResponse {
  endpoint: E;
}

/** The input argument of `call(who, e, input)`: required when the endpoint requires something, optional otherwise. */
type InputArg<E extends EndpointDef> =
  object extends EndpointInput<E> ? [input?: EndpointInput<E>] : [input: EndpointInput<E>];

/**
 * The short-hands a route test reads calls with, on the contract's endpoint declarations (never a literal path: a
 * renamed path then breaks the compiler, not the tests):
 *
 * - `call('maker', traceEndpoints.shipmentSave, body)` sends a signed call as the account signed in under that name
 *   (null: signed out). The input is typed from the endpoint's schemas (`z.input` of params, query and body, in one
 *   object, as the web client's `call` takes it): path parameters are filled into the path, the rest goes as the
 *   query (GET/DELETE) or the body. `ok(res)` then gives `data` typed from the endpoint's response schema.
 * - `callRaw(who, e, input)`: the same call with input the schemas do not allow, for tests of refusals (a missing
 *   field, a wrong type, an unknown value). Use it only where the input is deliberately malformed.
 * - `download(who, e, input)`: a signed GET of a file endpoint (an export, a PDF), answering the bytes.
 *
 * The server is read when the call is made, so a file can declare its calls before `beforeAll` starts the server.
 */
export function callsAs(server: () => TestServer, tokens: Record<string, string>) {
  const send = async <E extends EndpointDef>(
    who: string | null,
    e: E,
    input: unknown,
  ): Promise<EndpointResponse<E>> => {
    if (who !== null && !(who in tokens)) throw new Error(`no token signed in as "${who}"`);
    const res = await callEndpoint(server(), e, (input ?? {}) as Record<string, unknown>, who ? tokens[who] : null);
    return { ...res, endpoint: e };
  };
  return {
    call: <E extends EndpointDef>(who: string | null, e: E, ...[input]: InputArg<E>) => send(who, e, input),
    callRaw: <E extends EndpointDef>(who: string | null, e: E, input: Record<string, unknown> = {}) =>
      send(who, e, input),
    download: async <E extends EndpointDef & { method: 'GET' }>(
      who: string | null,
      e: E,
      ...[input]: InputArg<E>
    ): Promise<FileResponse> => {
      const values = (input ?? {}) as Record<string, unknown>;
      const url = fillPath(e.path, values);
      const names = pathParamNames(e.path);
      const query = Object.fromEntries(Object.entries(values).filter(([k]) => !names.includes(k)));
      const signed = signParams('GET', url, query, server().key);
      const token = who === null ? null : tokens[who];
      if (who !== null && token === undefined) throw new Error(`no token signed in as "${who}"`);
      const res = await server().app.inject({
        method: 'GET',
        url,
        query: stringify(signed),
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return { status: res.statusCode, headers: res.headers, body: res.rawPayload, text: res.body };
    },
  };
}

/** A refusal of bad input (400, code 40000): its per-field messages by field. */
export function fieldsOf(res: TestResponse): Record<string, string> {
  expect(res.status, res.raw).toBe(400);
  expect(res.body.code).toBe(40000);
  return Object.fromEntries(
    (res.body.data.fields as { field: string; message: string }[]).map((f) => [f.field, f.message]),
  );
}

/** A success: its data, typed from the endpoint's response schema when the answer is an endpoint's. */
export function ok<E extends EndpointDef>(res: EndpointResponse<E>): EndpointData<E>;
// biome-ignore lint/suspicious/noExplicitAny: an answer of a path-based call has data of any shape
export function ok(res: TestResponse): any;
export function ok(res: TestResponse) {
  expect(res.status, res.raw).toBe(200);
  return res.body.data;
}
