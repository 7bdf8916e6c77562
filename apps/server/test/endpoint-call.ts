import { type EndpointDef, fillPath, pathParamNames } from '@jcbb/contract';
import type { TestResponse, TestServer } from './harness.ts';

/**
 * Call a declared endpoint through the test server, as the web client's `call` does: path parameters are taken out
 * of `input` and filled into the path, the rest goes as the query (GET/DELETE) or the body.
 */
export function callEndpoint(
  server: TestServer,
  e: EndpointDef,
  input: Record<string, unknown> = {},
  token: string | null = null,
): Promise<TestResponse> {
  const names = pathParamNames(e.path);
  const rest = Object.fromEntries(Object.entries(input).filter(([k]) => !names.includes(k)));
  return server.call(e.method, fillPath(e.path, input), rest, token);
}

/** The names of an endpoint's inputs (path parameters, query and body fields), looking through zod's wrappers. */
export function inputNames(e: EndpointDef): string[] {
  return [...shapeKeys(e.params), ...shapeKeys(e.query), ...shapeKeys(e.body)];
}

function shapeKeys(schema: unknown, depth = 0): string[] {
  if (!schema || depth > 6) return [];
  const s = schema as { shape?: Record<string, unknown>; _zod?: { def?: Record<string, unknown> } };
  if (s.shape && typeof s.shape === 'object') return Object.keys(s.shape);
  const def = s._zod?.def ?? {};
  return ['in', 'out', 'innerType', 'schema'].flatMap((k) => shapeKeys(def[k], depth + 1));
}
