import { catalogueEndpoints, type EndpointDef, organizationEndpoints, traceEndpoints } from '@jcbb/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { specOf } from '../src/modules/trace/trace.test-support.ts';
import { callsAs, fieldsOf } from './calls.ts';
import { startTestServer, type TestServer, toResponse } from './harness.ts';
import { NOT_NUMBERS, NOT_NUMBERS_AS_TEXT } from './robustness.inputs.ts';

/**
 * Input outside testers sent (issue 22, item 7): each is a 400 naming the field, never a 500. The robustness suite
 * sends hostile values to every route and checks only that nothing breaks; here each answer is read.
 */

let server: TestServer;
const tokens: Record<string, string> = {};
const { call, callRaw } = callsAs(() => server, tokens);

beforeAll(async () => {
  server = await startTestServer();
  tokens.maker = await server.login('13800000001');
});
afterAll(() => server?.stop());

/** A JSON body with every signing field present (the signature cannot match: it is never reached). */
async function rawPost(e: EndpointDef, body: string, token: string | null) {
  const signing = `"timestamp":${Date.now()},"nonce":"${'n'.repeat(32)}","app_code":"${server.key.appCode}","auth_key":"${server.key.authKey}","signature":"${'0'.repeat(64)}"`;
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  return toResponse(await server.app.inject({ method: 'POST', url: e.path, payload: `{${signing},${body}}`, headers }));
}

describe('a body nested deeper than any form sends', () => {
  const depth = 100_000;
  const cases: [string, string][] = [
    ['objects', `"deep":${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`],
    ['arrays', `"deep":${'['.repeat(depth)}${']'.repeat(depth)}`],
  ];
  it.each(cases)('of %s is refused with its field, signed in or not', async (_kind, body) => {
    for (const [e, token] of [
      [traceEndpoints.stockList, tokens.maker as string],
      [traceEndpoints.stockList, null],
      [catalogueEndpoints.getRegionTree, null],
    ] as const) {
      const res = await rawPost(e, body, token);
      const fields = fieldsOf(res);
      const [field] = Object.keys(fields);
      expect(field).toMatch(/^deep\.(a|0)\./);
      expect(fields[field as string]).toBe('参数嵌套层数过多（最多 32 层）');
    }
  });

  it('is taken up to 32 levels (then refused by the route’s own schema or ignored)', async () => {
    const ok = await rawPost(
      traceEndpoints.stockList,
      `"deep":${'{"a":'.repeat(31)}1${'}'.repeat(31)}`,
      tokens.maker ?? null,
    );
    // Within the limit the request goes on to the signature check, which the made-up signature fails.
    expect(ok.status).toBe(401);
  });
});

describe('numbers are numbers', () => {
  it.each(NOT_NUMBERS)('a quantity of %s is refused with the field’s message', async (_name, value) => {
    const spec = await specOf(server, '岩棉保温板', 'TR10 50 厚');
    const res = await callRaw('maker', traceEndpoints.lotCreate, {
      specId: spec.specId,
      batchNo: 'HOSTILE-1',
      productionDate: '2026-11-01',
      quantity: value,
    });
    expect(fieldsOf(res)).toEqual({ quantity: '生产数量必须是数字' });
  });

  it.each(NOT_NUMBERS)('take and skip of %s are refused with their messages', async (_name, value) => {
    expect(fieldsOf(await callRaw('maker', traceEndpoints.stockList, { take: value }))).toEqual({
      take: '每页条数必须是数字',
    });
    expect(fieldsOf(await callRaw('maker', traceEndpoints.stockList, { skip: value }))).toEqual({
      skip: '跳过条数必须是数字',
    });
  });

  it.each(NOT_NUMBERS_AS_TEXT)('take and skip of "%s" in a query string are refused', async (text) => {
    expect(fieldsOf(await callRaw('maker', organizationEndpoints.members, { take: text }))).toEqual({
      take: '每页条数必须是数字',
    });
    expect(fieldsOf(await callRaw('maker', organizationEndpoints.members, { skip: text }))).toEqual({
      skip: '跳过条数必须是数字',
    });
  });

  it('takes numbers and their decimal text as before', async () => {
    expect((await call('maker', traceEndpoints.stockList, { take: '5', skip: '0' })).status).toBe(200);
    expect((await call('maker', organizationEndpoints.members, { take: '5', skip: '0' })).status).toBe(200);
  });
});
