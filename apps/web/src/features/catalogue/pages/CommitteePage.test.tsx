import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/http.ts';
import { catalogueApi, type RegionDetailsData } from '../api.ts';
import { renderWithProviders } from '../testing.tsx';
import { Committee } from './CommitteePage.tsx';

const region: RegionDetailsData = {
  city: { code: '320100', name: '南京市', letter: 'nj', provinceCode: '320000', provinceName: '江苏省' },
  committee: { id: 6, name: '南京市城乡建设委员会', address: '江苏省南京市玄武区北京东路 63 号' },
  productCount: 7,
  manufacturerCount: 1,
  greenCount: 5,
  govProcurementCount: 4,
  classifications: [
    {
      code: '01',
      name: '围护结构及混凝土类',
      productCount: 3,
      children: [{ code: '0104', name: '砌体材料', productCount: 3 }],
    },
    { code: '04', name: '给排水及水处理设备类', productCount: 0, children: [] },
  ],
};

afterEach(() => vi.restoreAllMocks());

describe('the committee page', { timeout: 20_000 }, () => {
  it('shows the committee, its figures and per-classification counts linking into the catalogue', async () => {
    const details = vi.spyOn(catalogueApi, 'regionDetails').mockResolvedValue(region);
    // The open statistics section is tested on its own (components/OpenStatistics.test.tsx).
    vi.spyOn(catalogueApi, 'openStatistics').mockRejectedValue(new ApiError('城市不存在', 40400, 404));
    renderWithProviders(<Committee />, { path: '/cities/committee?city=320100' });
    expect(await screen.findByRole('heading', { name: '南京市城乡建设委员会' })).toBeInTheDocument();
    expect(details).toHaveBeenCalledWith('320100');
    expect(screen.getByTestId('figure-products')).toHaveTextContent('7');
    expect(screen.getByTestId('figure-manufacturers')).toHaveTextContent('1');
    expect(screen.getByTestId('figure-green')).toHaveTextContent('5');
    expect(screen.getByTestId('figure-gov')).toHaveTextContent('4');
    expect(screen.getByRole('link', { name: /围护结构及混凝土类/ })).toHaveAttribute('href', '/cities/01?city=320100');
    expect(screen.getByRole('link', { name: /砌体材料/ })).toHaveAttribute('href', '/cities/0104?city=320100');
    // Empty categories are left out.
    expect(screen.queryByText('给排水及水处理设备类')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /浏览南京市产品库/ })).toHaveAttribute('href', '/cities?city=320100');
  });
});
