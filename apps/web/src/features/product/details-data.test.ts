import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ProductDetail, productApi } from './api.ts';
import productDetailsData from './details-data.ts';
import { NotOwnProduct, productDetailQuery } from './use-product.ts';

afterEach(() => vi.restoreAllMocks());

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
const params = (search: string) => ({ searchParams: new URLSearchParams(search) });

describe("the product details route's data", () => {
  it('asks for the product once and leaves the answer where the page reads it', async () => {
    const product = { id: 7, view: 'full', name: '透水砖' } as unknown as ProductDetail;
    const info = vi.spyOn(productApi, 'info').mockResolvedValue(product);
    const queryClient = client();
    await productDetailsData(queryClient, params('?id=7'));
    expect(info).toHaveBeenCalledTimes(1);
    expect(info).toHaveBeenCalledWith(7);
    expect(queryClient.getQueryData(productDetailQuery(7).queryKey)).toBe(product);
    // The page's own query, mounted next, is answered from the cache without a second call.
    await queryClient.fetchQuery(productDetailQuery(7));
    expect(info).toHaveBeenCalledTimes(1);
  });

  it.each(['', '?id=abc', '?id=0', '?id=-3', '?id=1.5'])('asks nothing for the link %j', async (search) => {
    const info = vi.spyOn(productApi, 'info');
    await productDetailsData(client(), params(search));
    expect(info).not.toHaveBeenCalled();
  });

  it("keeps another organisation's product as not found for the page, without throwing", async () => {
    vi.spyOn(productApi, 'info').mockResolvedValue({ view: 'public' } as unknown as ProductDetail);
    const queryClient = client();
    await expect(productDetailsData(queryClient, params('?id=9'))).resolves.toBeUndefined();
    expect(queryClient.getQueryState(productDetailQuery(9).queryKey)?.error).toBeInstanceOf(NotOwnProduct);
  });
});
