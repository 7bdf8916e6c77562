import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../lib/notify.ts';
import { session } from '../../lib/session.ts';
import {
  documentsQuery,
  invalidateProductCentre,
  productApi,
  productKeys,
  samplingCountQuery,
  specQuery,
} from './api.ts';

function json(data: unknown): Response {
  return new Response(JSON.stringify({ code: 200, msg: 'success', data }), {
    status: 200,
    headers: { 'content-type': 'application/json' },
  });
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
  return { method: init?.method, path: new URL(String(url), 'http://x').pathname, body: init?.body };
};

describe('the product centre’s calls', () => {
  it('go to the spec’s paths with their methods, ids in the path where the spec has them', async () => {
    fetchMock.mockImplementation(async () => json({ id: 7 }));
    await productApi.removeSpec(7);
    expect(sent()).toMatchObject({ method: 'GET', path: '/materials/productSpecificationsModel/delete/7' });
    await productApi.remove(7);
    expect(sent()).toMatchObject({ method: 'POST', path: '/materials/bmProduct/deleteProductInfo' });
    expect(JSON.parse(String(sent().body))).toMatchObject({ id: 7 });
    await productApi.setEnableStatus(7, 2);
    expect(JSON.parse(String(sent().body))).toMatchObject({ id: 7, enableStatus: 2 });
  });

  it('refuse an answer that is not the contract’s', async () => {
    fetchMock.mockImplementation(async () => json({ list: [{ id: 'x' }], total: 1 }));
    await expect(productApi.search({})).rejects.toThrow(/getProdutInfoList answered outside its contract/);
  });

  it('sends the sampling count’s product only when there is one', async () => {
    fetchMock.mockImplementation(async () => json({ total: 0, passed: 0, failed: 0 }));
    await productApi.samplingCount();
    expect(sent().path).toBe('/materials/supervisionProductSampling/count');
    expect(JSON.parse(String(sent().body))).not.toHaveProperty('productId');
    expect(samplingCountQuery(3).queryKey).toEqual([
      'POST /materials/supervisionProductSampling/count',
      { productId: 3 },
    ]);
  });
});

describe('invalidateProductCentre', () => {
  it('marks every product-centre answer stale and leaves files and sampling alone', async () => {
    const client = new QueryClient();
    const spec = specQuery(5).queryKey;
    const docs = documentsQuery(5).queryKey;
    const sampling = samplingCountQuery().queryKey;
    const file = productKeys.file(9);
    for (const key of [spec, docs, sampling, file]) client.setQueryData(key, {});
    await invalidateProductCentre(client);
    expect(client.getQueryState(spec)?.isInvalidated).toBe(true);
    expect(client.getQueryState(docs)?.isInvalidated).toBe(true);
    expect(client.getQueryState(sampling)?.isInvalidated).toBe(false);
    expect(client.getQueryState(file)?.isInvalidated).toBe(false);
  });
});
