import { endpoint, fillPath } from '@jcbb/contract/endpoint';
import { governmentStatisticsEndpoints } from '@jcbb/contract/government-statistics.endpoints';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { call, download, fetchDocument, keyOf, mutationOf, queryOf } from './api.ts';
import { setNotifier } from './notify.ts';
import { session } from './session.ts';

const item = endpoint({
  method: 'GET',
  path: '/api/things/{id}/parts/{part}',
  params: z.object({ id: z.number(), part: z.string() }),
  query: z.object({ take: z.number().optional() }),
  response: z.object({ id: z.number(), name: z.string() }),
});
const save = endpoint({
  method: 'POST',
  path: '/api/things/save',
  body: z.object({ name: z.string() }),
  response: z.object({ id: z.number() }),
});
const file = endpoint({ method: 'GET', path: '/api/things/{id}/pdf', params: z.object({ id: z.number() }) });
/** An envelope-less document the contract declares (a city's open figures). */
const openDocument = governmentStatisticsEndpoints.openStatistics;

function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
}

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
beforeEach(() => {
  fetchMock = vi.fn<typeof fetch>();
  vi.spyOn(globalThis, 'fetch').mockImplementation(fetchMock);
  setNotifier({ error: vi.fn(), warning: vi.fn(), success: vi.fn() });
  session.setToken('token-abc');
});
afterEach(() => {
  vi.restoreAllMocks();
  session.clear();
});

const sent = () => {
  const [url, init] = fetchMock.mock.calls.at(-1) ?? [];
  return { url: String(url), init: init ?? {} };
};

describe('call(endpoint, input)', () => {
  it('fills path parameters from the input and sends the rest as the query of a GET', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, msg: 'success', data: { id: 7, name: '保温板' } }));
    await expect(call(item, { id: 7, part: 'a b', take: 5 })).resolves.toEqual({ id: 7, name: '保温板' });
    const { url, init } = sent();
    expect(init.method).toBe('GET');
    const parsed = new URL(url, 'http://x');
    expect(parsed.pathname).toBe('/api/things/7/parts/a%20b');
    expect(parsed.searchParams.get('take')).toBe('5');
    expect(parsed.searchParams.has('id')).toBe(false);
    expect(parsed.searchParams.has('part')).toBe(false);
  });

  it('sends a POST body', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, msg: 'success', data: { id: 1 } }));
    await call(save, { name: '新产品' });
    const { url, init } = sent();
    expect(url).toBe('/api/things/save');
    expect(JSON.parse(String(init.body))).toMatchObject({ name: '新产品' });
  });

  it('refuses an answer outside the endpoint’s response schema (development and tests)', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, msg: 'success', data: { id: 'seven' } }));
    await expect(call(save, { name: 'x' })).rejects.toThrow(/POST \/api\/things\/save answered outside its contract/);
  });

  it('downloads a file endpoint as a blob', async () => {
    fetchMock.mockResolvedValue(new Response('%PDF', { status: 200, headers: { 'content-type': 'application/pdf' } }));
    const blob = await download(file, { id: 3 });
    expect(await blob.text()).toBe('%PDF');
    expect(new URL(sent().url, 'http://x').pathname).toBe('/api/things/3/pdf');
  });

  it('reads an envelope-less document as it is, without the session, and fails on an enveloped refusal', async () => {
    fetchMock.mockResolvedValue(json({ uri: 'x', figures: { projects: 3 } }));
    await expect(fetchDocument(openDocument, { cityCode: '320100', period: '2026-Q3' })).resolves.toEqual({
      uri: 'x',
      figures: { projects: 3 },
    });
    const { url, init } = sent();
    const parsed = new URL(url, 'http://x');
    expect(parsed.pathname).toBe(fillPath(openDocument.path, { cityCode: '320100' }));
    expect(parsed.searchParams.get('period')).toBe('2026-Q3');
    expect(new Headers(init.headers).has('authorization')).toBe(false);
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ code: 40400, msg: '城市不存在', data: null }), {
        status: 404,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await expect(fetchDocument(openDocument, { cityCode: '999900' }, { silent: true })).rejects.toMatchObject({
      status: 404,
      message: '城市不存在',
    });
  });
});

describe('query and mutation options', () => {
  it('key every answer by endpoint and input; the endpoint alone is the prefix to invalidate', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, msg: 'success', data: { id: 7, name: 'n' } }));
    const options = queryOf(item, { id: 7, part: 'p' });
    expect(options.queryKey).toEqual(['GET /api/things/{id}/parts/{part}', { id: 7, part: 'p' }]);
    expect(keyOf(item)).toEqual(['GET /api/things/{id}/parts/{part}']);
    const client = new QueryClient();
    await expect(client.fetchQuery(options)).resolves.toEqual({ id: 7, name: 'n' });
    await client.invalidateQueries({ queryKey: keyOf(item) });
    expect(client.getQueryState(options.queryKey)?.isInvalidated).toBe(true);
  });

  it('a mutation calls its endpoint', async () => {
    fetchMock.mockResolvedValue(json({ code: 0, msg: 'success', data: { id: 9 } }));
    const options = mutationOf(save);
    expect(options.mutationKey).toEqual(['POST /api/things/save']);
    await expect(options.mutationFn?.({ name: 'a' }, {} as never)).resolves.toEqual({ id: 9 });
  });
});
