import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/http.ts';
import { catalogueApi, type ProductPublicView } from '../api.ts';
import { renderWithProviders } from '../testing.tsx';
import { ProductPublic } from './ProductPublicPage.tsx';

const product: ProductPublicView = {
  view: 'public',
  id: 6,
  name: '陶瓷透水砖',
  brand: '绿筑',
  classifyCode: '0208',
  classifyName: '建筑陶瓷',
  classifyPath: [
    { code: '02', name: '门窗幕墙及装饰装修类' },
    { code: '0208', name: '建筑陶瓷' },
  ],
  materialType: 1,
  materialTypeName: '常规材料',
  description: '烧结陶瓷透水砖',
  images: [{ id: 19, name: '陶瓷透水砖.png' }],
  company: { id: 1, name: '南京绿筑新型建材有限公司' },
  tags: {
    isPrefabricated: false,
    isLowCarbon: false,
    isGreen: true,
    starRating: 2,
    greenValidUntil: '2028-07-14',
    isGovProcurement: true,
  },
  specs: [
    {
      id: 11,
      productId: 6,
      name: '300×150 灰色',
      model: '300×150×55',
      unitId: 31,
      unitName: '平方米',
      price: '68.00',
      minOrder: '100',
      status: 1,
      statusName: '在售',
    },
  ],
  certificates: [
    {
      certNo: 'CGBM-2026-000001',
      issuer: '江苏绿色建材认证中心',
      starRating: 2,
      validFrom: '2026-01-01',
      validUntil: '2028-12-31',
      valid: true,
      statusName: '有效',
      platformIssued: true,
    },
    {
      certNo: 'LJC-2020-0001',
      issuer: '华夏绿色建材认证中心有限公司',
      starRating: 1,
      validFrom: '2020-01-01',
      validUntil: '2023-01-01',
      valid: false,
      statusName: '已过期',
      platformIssued: false,
    },
  ],
  reports: [{ kind: 2, kindName: '碳足迹报告', name: '碳足迹' }],
  cities: [
    { cityCode: '320100', cityName: '南京市' },
    { cityCode: '330100', cityName: '杭州市' },
  ],
};

afterEach(() => vi.restoreAllMocks());

describe('the public product page', { timeout: 20_000 }, () => {
  it('shows the product, its specifications, certificates with the verify link, and its cities', async () => {
    const get = vi.spyOn(catalogueApi, 'product').mockResolvedValue(product);
    renderWithProviders(<ProductPublic />, { path: '/product/details/external?id=6&city=320100' });
    expect(await screen.findByRole('heading', { name: '陶瓷透水砖' })).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith(6);
    expect(screen.getByText('门窗幕墙及装饰装修类 / 建筑陶瓷')).toBeInTheDocument();
    expect(screen.getByText('绿色建材 ★★')).toBeInTheDocument();
    expect(screen.getByText('300×150×55')).toBeInTheDocument();
    expect(screen.getByText('¥68.00')).toBeInTheDocument();
    expect(screen.getByText('100 平方米')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /返回南京市产品库/ })).toHaveAttribute('href', '/cities?city=320100');

    const [issued, expired] = screen.getAllByTestId('certificate') as [HTMLElement, HTMLElement];
    expect(within(issued).getByText('CGBM-2026-000001')).toBeInTheDocument();
    expect(within(issued).getByText('有效')).toBeInTheDocument();
    expect(within(issued).getByText('江苏绿色建材认证中心')).toBeInTheDocument();
    expect(within(issued).getByText('2026-01-01 ~ 2028-12-31')).toBeInTheDocument();
    expect(within(issued).getByRole('link', { name: '在平台核验证书' })).toHaveAttribute(
      'href',
      '/free/certificate?no=CGBM-2026-000001',
    );
    // A certificate issued elsewhere cannot be looked up on the platform: no link.
    expect(within(expired).getByText('已过期')).toBeInTheDocument();
    expect(within(expired).queryByRole('link')).not.toBeInTheDocument();

    expect(screen.getByText(/碳足迹报告：碳足迹/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /杭州市/ })).toHaveAttribute('href', '/cities?city=330100');
  });

  it('shows the not-found state for a product that is not published', async () => {
    vi.spyOn(catalogueApi, 'product').mockRejectedValue(new ApiError('产品不存在', 40400, 404));
    renderWithProviders(<ProductPublic />, { path: '/product/details/external?id=99' });
    expect(await screen.findByRole('heading', { name: '该产品不存在或未公开' })).toBeInTheDocument();
    expect(screen.queryByTestId('certificate')).not.toBeInTheDocument();
  });

  it('does not call the server for a link without a product number', () => {
    const get = vi.spyOn(catalogueApi, 'product');
    renderWithProviders(<ProductPublic />, { path: '/product/details/external?id=abc' });
    expect(screen.getByRole('heading', { name: '链接缺少产品编号' })).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });
});
