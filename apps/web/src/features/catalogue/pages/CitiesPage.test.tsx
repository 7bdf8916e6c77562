import { productTagTips } from '@jcbb/contract/enums';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../lib/http.ts';
import { type CityProductItem, catalogueApi, type RegionDetailsData } from '../api.ts';
import { renderWithProviders } from '../testing.tsx';
import { CityCatalogue } from './CitiesPage.tsx';

const region: RegionDetailsData = {
  city: { code: '320100', name: '南京市', letter: 'nj', provinceCode: '320000', provinceName: '江苏省' },
  committee: { id: 6, name: '南京市城乡建设委员会', address: null },
  productCount: 12,
  manufacturerCount: 1,
  greenCount: 5,
  govProcurementCount: 5,
  classifications: [
    {
      code: '01',
      name: '围护结构及混凝土类',
      productCount: 12,
      children: [{ code: '0104', name: '砌体材料', productCount: 12 }],
    },
  ],
};

const item = (id: number, patch: Partial<CityProductItem> = {}): CityProductItem => ({
  id,
  listingId: id,
  name: `产品${id}`,
  brand: '绿筑',
  companyId: 1,
  companyName: '南京绿筑新型建材有限公司',
  classifyCode: '0104',
  classifyName: '砌体材料',
  recommended: false,
  tags: { isPrefabricated: false, isLowCarbon: false, isGreen: false, starRating: null, isGovProcurement: false },
  minPrice: '38.50',
  unitName: '平方米',
  imageId: null,
  listedAt: null,
  ...patch,
});

function Where() {
  const l = useLocation();
  return <output data-testid="where">{`${l.pathname}${l.search}`}</output>;
}

function renderAt(path: string) {
  return renderWithProviders(
    <Routes>
      <Route
        path="/cities/:type?"
        element={
          <>
            <CityCatalogue />
            <Where />
          </>
        }
      />
    </Routes>,
    { path },
  );
}

function mockApi(list: CityProductItem[] = [item(1)], total = list.length) {
  vi.spyOn(catalogueApi, 'regionTree').mockResolvedValue([]);
  vi.spyOn(catalogueApi, 'regionDetails').mockResolvedValue(region);
  return vi.spyOn(catalogueApi, 'search').mockResolvedValue({ list, total, totalCapped: false });
}

afterEach(() => vi.restoreAllMocks());

describe('the city catalogue', { timeout: 30_000 }, () => {
  it('asks for the filters of a shared link: city, type, fragment, tags, stars and page', async () => {
    const search = mockApi([item(1)], 25);
    renderAt('/cities/0104?city=320100&q=%E7%A0%96&gov=1&star=2&green=1&page=2');
    await screen.findByText('产品1');
    expect(search).toHaveBeenLastCalledWith({
      cityCode: '320100',
      classifyCode: '0104',
      materialName: '砖',
      isGovProcurement: true,
      isGreen: true,
      starRating: 2,
      take: 10,
      skip: 10,
    });
    expect(screen.getByRole('heading', { name: '南京市绿色建材产品库' })).toBeInTheDocument();
    expect(screen.getByText('共 25 件产品')).toBeInTheDocument();
  });

  it('searches a name fragment from page 1, then adds a tag filter, and pages by 10', async () => {
    const user = userEvent.setup();
    const search = mockApi([item(1)], 25);
    renderAt('/cities?city=320100&page=3');
    await screen.findByText('产品1');
    expect(search).toHaveBeenLastCalledWith({ cityCode: '320100', take: 10, skip: 20 });

    await user.type(screen.getByRole('searchbox', { name: /搜索产品名称/ }), '透水砖{Enter}');
    await waitFor(() =>
      expect(search).toHaveBeenLastCalledWith({ cityCode: '320100', materialName: '透水砖', take: 10, skip: 0 }),
    );
    expect(screen.getByTestId('where')).toHaveTextContent('/cities?city=320100&q=%E9%80%8F%E6%B0%B4%E7%A0%96');

    const govFilter = screen.getAllByText('政府采购').find((el) => el.closest('.jcbb-cat-filters__tag'));
    await user.click(govFilter as HTMLElement);
    await waitFor(() =>
      expect(search).toHaveBeenLastCalledWith({
        cityCode: '320100',
        materialName: '透水砖',
        isGovProcurement: true,
        take: 10,
        skip: 0,
      }),
    );

    await user.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(search).toHaveBeenLastCalledWith({
        cityCode: '320100',
        materialName: '透水砖',
        isGovProcurement: true,
        take: 10,
        skip: 10,
      }),
    );
    expect(screen.getByTestId('where')).toHaveTextContent('gov=1&page=2');
  });

  it('shows a card with brand, manufacturer, classification, price and tag chips with the spec’s tooltips', async () => {
    const user = userEvent.setup();
    mockApi([
      item(7, {
        name: '陶瓷透水砖',
        recommended: true,
        tags: { isPrefabricated: false, isLowCarbon: true, isGreen: true, starRating: 2, isGovProcurement: true },
      }),
    ]);
    renderAt('/cities?city=320100');
    expect(await screen.findAllByRole('link', { name: /陶瓷透水砖/ })).toHaveLength(2);
    const card = screen.getByTestId('catalogue-card');
    expect(card).toHaveTextContent('南京绿筑新型建材有限公司');
    expect(card).toHaveTextContent('砌体材料');
    expect(card).toHaveTextContent('¥38.50/平方米 起');
    expect(card).toHaveTextContent('推荐');
    expect(card.querySelector('a')?.getAttribute('href')).toBe('/product/details/external?id=7&city=320100');
    await user.hover(screen.getByText('绿色建材 ★★'));
    expect(await screen.findByText(productTagTips.green.zh)).toBeInTheDocument();
    await user.hover(screen.getByText('低碳', { selector: '[data-tag]' }));
    expect(await screen.findByText(productTagTips.lowCarbon.zh)).toBeInTheDocument();
  });

  it('says so when nothing matches, and when the search fails offers a retry', async () => {
    const search = mockApi([], 0);
    renderAt('/cities?city=320100&q=%E6%97%A0');
    expect(await screen.findByText('没有符合条件的产品')).toBeInTheDocument();

    search.mockRejectedValue(new ApiError('服务暂不可用', 50000, 500));
    renderAt('/cities?city=320100&q=%E5%A4%B1%E8%B4%A5');
    expect(await screen.findByText('加载失败：服务暂不可用', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /重\s*试/ })).toBeInTheDocument();
  });

  it('tells a city the platform has not opened', async () => {
    mockApi();
    vi.spyOn(catalogueApi, 'regionDetails').mockRejectedValue(new ApiError('该城市尚未开通', 40400, 404));
    renderAt('/cities?city=110100');
    expect(await screen.findByText('该城市尚未开通产品库')).toBeInTheDocument();
  });
});
