import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/http.ts';
import { type ProductDetail, productApi } from '../api.ts';
import { renderWithProviders } from '../testing.tsx';
import { ProductDetailsPage } from './ProductDetailsPage.tsx';

afterEach(() => vi.restoreAllMocks());

describe('ProductDetailsPage states', { timeout: 20_000 }, () => {
  it('says the link has no product id, and asks nothing', async () => {
    const info = vi.spyOn(productApi, 'info');
    renderWithProviders(<ProductDetailsPage />, { path: '/product/details?id=abc' });
    expect(await screen.findByText('链接缺少产品编号')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /返回/ })).toBeInTheDocument();
    expect(info).not.toHaveBeenCalled();
  });

  it("treats another organisation's product (its public view) as not found", async () => {
    vi.spyOn(productApi, 'info').mockResolvedValue({ view: 'public' } as unknown as ProductDetail);
    renderWithProviders(<ProductDetailsPage />, { path: '/product/details?id=7' });
    expect(await screen.findByText('产品不存在或已被删除')).toBeInTheDocument();
  });

  it("shows the server's message for another failure", async () => {
    vi.spyOn(productApi, 'info').mockRejectedValue(new ApiError('服务暂不可用', 50000, 503));
    renderWithProviders(<ProductDetailsPage />, { path: '/product/details?id=7' });
    expect(await screen.findByText('服务暂不可用', {}, { timeout: 15_000 })).toBeInTheDocument();
  });
});
