import {
  type EndpointData,
  type EndpointDef,
  type EndpointInput,
  endpointKey,
  fillPath,
  pathParamNames,
} from '@jcbb/contract/endpoint';
import { mutationOptions, queryOptions } from '@tanstack/react-query';
import { http, type RequestOptions } from './http.ts';

/**
 * The one way the console calls the server: with an endpoint declared in the contract
 * (`packages/contract/src/<module>.endpoints.ts`), never a URL or a response type written by hand.
 *
 *   const list = await call(messageEndpoints.getMessageList, { pageNum: 1, pageSize: 5 });
 *   useQuery(queryOf(projectEndpoints.candidates, { id }));
 *
 * The input is one object: path parameters (`{id}` in the path) are taken out of it, the rest travels as the query
 * (GET/DELETE) or the body (POST/PUT). In development and in tests the answer is checked against the endpoint's
 * response schema, so a server that drifts from the contract fails loudly; production trusts the server.
 */

type Args<E extends EndpointDef> =
  object extends EndpointInput<E>
    ? [input?: EndpointInput<E>, options?: RequestOptions]
    : [input: EndpointInput<E>, options?: RequestOptions];

const checkAnswers = import.meta.env.DEV || import.meta.env.MODE === 'test';

function split(e: EndpointDef, input: unknown): { path: string; rest: Record<string, unknown> } {
  const values = (input ?? {}) as Record<string, unknown>;
  const names = pathParamNames(e.path);
  if (names.length === 0) return { path: e.path, rest: values };
  const rest = Object.fromEntries(Object.entries(values).filter(([k]) => !names.includes(k)));
  return { path: fillPath(e.path, values), rest };
}

/** Call a JSON endpoint; answers its `data`, typed from the endpoint's response schema. */
export async function call<E extends EndpointDef>(e: E, ...[input, options]: Args<E>): Promise<EndpointData<E>> {
  const { path, rest } = split(e, input);
  const data = await http.request<EndpointData<E>>(e.method, path, rest, options);
  if (checkAnswers && e.response) {
    const checked = e.response.safeParse(data);
    if (!checked.success) {
      throw new Error(`${endpointKey(e)} answered outside its contract: ${checked.error.message}`);
    }
  }
  return data;
}

/** Call an endpoint that answers a file; the blob passes through (spec §8). */
export function download<E extends EndpointDef>(e: E, ...[input, options]: Args<E>): Promise<Blob> {
  const { path, rest } = split(e, input);
  return http.blob(e.method === 'GET' ? 'GET' : 'POST', path, rest, options);
}

/**
 * Read an `envelope: false` endpoint's JSON document (GET). Its shape is its own standard's, not the contract's: the
 * caller checks what it reads.
 */
export function fetchDocument<E extends EndpointDef>(e: E, ...[input, options]: Args<E>): Promise<unknown> {
  const { path, rest } = split(e, input);
  return http.document(path, rest, options);
}

/**
 * Upload one file to an `upload` endpoint (multipart field "file", signed through the query); `input` is the
 * endpoint's query (the stock import's `projectId`), signed with it.
 */
export async function upload<E extends EndpointDef>(
  e: E,
  file: File | Blob,
  options?: RequestOptions & { fileName?: string; input?: EndpointInput<E> },
): Promise<EndpointData<E>> {
  const { input, ...rest } = options ?? {};
  return http.upload<EndpointData<E>>(e.path, file, { ...rest, query: input as Record<string, unknown> | undefined });
}

/**
 * The TanStack Query key of an endpoint's answers: `[`POST /path`, input]`. `keyOf(e)` alone is the prefix of every
 * input, for `invalidateQueries({ queryKey: keyOf(e) })` after a change.
 */
export function keyOf<E extends EndpointDef>(e: E, input?: EndpointInput<E>): readonly unknown[] {
  return input === undefined ? [endpointKey(e)] : [endpointKey(e), input];
}

/** Query options for one endpoint and input: key and fetcher paired once, here, for every query of the console. */
export function queryOf<E extends EndpointDef>(e: E, ...[input, options]: Args<E>) {
  return queryOptions({
    queryKey: keyOf(e, (input ?? {}) as EndpointInput<E>),
    queryFn: ({ signal }) =>
      (call as (e: E, i: unknown, o: RequestOptions) => Promise<EndpointData<E>>)(e, input, { ...options, signal }),
  });
}

/** Mutation options for one endpoint: `useMutation({ ...mutationOf(e), onSuccess })`. */
export function mutationOf<E extends EndpointDef>(e: E, options?: RequestOptions) {
  return mutationOptions({
    mutationKey: keyOf(e),
    mutationFn: (input: EndpointInput<E>) =>
      (call as (e: E, i: unknown, o?: RequestOptions) => Promise<EndpointData<E>>)(e, input, options),
  });
}
