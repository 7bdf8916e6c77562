import { expect } from 'vitest';
import type { TestResponse, TestServer } from './harness.ts';

/**
 * The short-hands a route test reads calls with: `post('maker', url, body)` sends a signed call as the account
 * signed in under that name (null: signed out). The server is read when the call is made, so a file can declare
 * its calls before `beforeAll` starts the server.
 */
export function callsAs(server: () => TestServer, tokens: Record<string, string>) {
  const call = (who: string | null, method: string, url: string, params: Record<string, unknown> = {}) =>
    server().call(method, url, params, who ? tokens[who] : null);
  return {
    call,
    post: (who: string | null, url: string, body: Record<string, unknown> = {}) => call(who, 'POST', url, body),
    get: (who: string | null, url: string, query: Record<string, unknown> = {}) => call(who, 'GET', url, query),
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

/** A success: its data. */
export function ok(res: TestResponse) {
  expect(res.status, res.raw).toBe(200);
  return res.body.data;
}
