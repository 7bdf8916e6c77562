import { fillPath } from '@jcbb/contract/endpoint';
import { governmentStatisticsEndpoints } from '@jcbb/contract/government-statistics.endpoints';
import { publicRecordEndpoints } from '@jcbb/contract/public-record.endpoints';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answer, failure, fakeServer } from '../../../test/fake-server.ts';
import type { SitemapData } from '../api.ts';
import { renderWithProviders } from '../testing.tsx';
import { Sitemap } from './SitemapPage.tsx';

/** The open statistics' address of a city, by its endpoint declaration. */
const openStatistics = (cityCode: string) => fillPath(governmentStatisticsEndpoints.openStatistics.path, { cityCode });

const map: SitemapData = {
  pages: [
    { key: 'cities', href: '/cities' },
    { key: 'certificate', href: '/free/certificate' },
    { key: 'sitemaps', href: '/sitemaps' },
  ],
  cities: [
    {
      code: '320100',
      name: '南京市',
      provinceName: '江苏省',
      productCount: 120,
      catalogue: '/cities?city=320100',
      committee: '/cities/committee?city=320100',
      openStatistics: openStatistics('320100'),
      products: [
        {
          id: 7,
          name: '陶瓷透水砖',
          companyName: '南京绿筑',
          listedOn: '2025-01-15',
          href: '/product/details/external?id=7&city=320100',
        },
      ],
    },
    {
      code: '320500',
      name: '苏州市',
      provinceName: '江苏省',
      productCount: 0,
      catalogue: '/cities?city=320500',
      committee: '/cities/committee?city=320500',
      openStatistics: openStatistics('320500'),
      products: [],
    },
  ],
  companies: [{ id: 3, name: '南京绿筑', productCount: 5, href: '/snapshot?org=3' }],
  companyCount: 1,
};

describe('the site map', { timeout: 20_000 }, () => {
  it('lists the public pages, each city with its links and products, and the companies from one call', async () => {
    const sent = fakeServer(answer(publicRecordEndpoints.sitemap, () => map));
    renderWithProviders(<Sitemap />, { path: '/sitemaps' });
    expect(await screen.findByRole('link', { name: /城市绿色建材产品库/ })).toHaveAttribute('href', '/cities');
    expect(screen.getByRole('link', { name: /绿色建材认证证书查验/ })).toHaveAttribute('href', '/free/certificate');
    const nanjing = screen.getByTestId('city-320100');
    expect(within(nanjing).getByText('120 件已入库产品')).toBeInTheDocument();
    expect(within(nanjing).getByRole('link', { name: '住建委专区' })).toHaveAttribute(
      'href',
      '/cities/committee?city=320100',
    );
    expect(within(nanjing).getByRole('link', { name: '公开统计数据（JSON）' })).toHaveAttribute(
      'href',
      openStatistics('320100'),
    );
    expect(within(nanjing).getByRole('link', { name: '陶瓷透水砖' })).toHaveAttribute(
      'href',
      '/product/details/external?id=7&city=320100',
    );
    // 120 listed, one named: the rest are in the city's catalogue.
    expect(within(nanjing).getByRole('link', { name: '查看全部 120 件产品' })).toHaveAttribute(
      'href',
      '/cities?city=320100',
    );
    expect(within(screen.getByTestId('city-320500')).getByText('暂无已入库产品')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /南京绿筑/ })).toHaveAttribute('href', '/snapshot?org=3');
    expect(screen.getByRole('link', { name: 'sitemap.xml' })).toHaveAttribute('href', '/sitemap.xml');
    expect(sent.filter((s) => s.endpoint === publicRecordEndpoints.sitemap)).toHaveLength(1);
  });

  it('says when it could not load, with a retry', async () => {
    fakeServer(answer(publicRecordEndpoints.sitemap, () => failure(500, 50000, '服务器繁忙')));
    renderWithProviders(<Sitemap />, { path: '/sitemaps' });
    expect(await screen.findByText('加载失败：服务器繁忙')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s?试/ })).toBeInTheDocument();
  });
});
