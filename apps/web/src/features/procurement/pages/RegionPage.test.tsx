import { procurementRegionEndpoints as region } from '@jcbb/contract/procurement-region.endpoints';
import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, signInAs } from '../../../test/fake-server.ts';
import { userProject } from '../../project/test-data.ts';
import { districtsData, page, renderSummary, screenWidth } from '../components/summary/testing.tsx';
import { RegionPage } from './RegionPage.tsx';

const PROJECTS = projectEndpoints.userProjectList;
const PATH = '/buildMaterialProcurement/region';

afterEach(() => {
  vi.restoreAllMocks();
  session.setUser(null);
});

const details = answer(region.getOpenRegionDistrictDetails, (req) => ({
  district: { code: String(req.body.regionCode), name: '江宁区', cityCode: '320100', cityName: '南京市' },
  suppliers: [
    {
      orgId: 11,
      name: '南京绿筑新材料有限公司',
      orgType: 6,
      products: [
        {
          productId: 3,
          name: '岩棉保温板',
          classifyCode: '0101',
          classifyName: '保温材料',
          isGreen: true,
          starRating: 3,
        },
      ],
    },
  ],
}));

describe('采购区域', { timeout: 60_000 }, () => {
  it('ranks the project city’s districts, draws the map’s place, and opens a district’s suppliers', async () => {
    screenWidth(1366);
    signInAs(1, { name: '南京城建置业发展有限公司', orgId: 15 });
    const sent = fakeServer(
      answer(PROJECTS, () => page([userProject(1, { name: '天妃宫小学', cityCode: '320100', orgType: 1 })])),
      answer(region.getRegionDistrictTree, () => districtsData()),
      details,
    );
    const { router } = renderSummary(<RegionPage />, PATH);
    const ranked = await screen.findByRole('region', { name: '区县排行' });
    const names = within(ranked)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names[0]).toContain('江宁区');
    expect(names[0]).toContain('9 个产品 · 2 家企业');
    expect(names[2]).toContain('玄武区');
    // The map's place (it draws nothing in jsdom, which has no layout) and what it shows.
    expect(screen.getByRole('img', { name: '南京市区县地图：按合格产品数着色' })).toBeInTheDocument();
    expect(screen.getByText(/另有 2 个产品/)).toBeInTheDocument();
    expect(sent.find((s) => s.endpoint === region.getRegionDistrictTree)?.body).toEqual({ cityCode: '320100' });

    await userEvent.click(within(ranked).getAllByRole('button')[0] as HTMLElement);
    expect(await screen.findByText('南京绿筑新材料有限公司（1 个产品）')).toBeInTheDocument();
    expect(screen.getByText('岩棉保温板 · 保温材料 · 绿色建材')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?district=320115');
    expect(sent.find((s) => s.endpoint === region.getOpenRegionDistrictDetails)?.body).toEqual({
      regionCode: '320115',
    });
  });

  it('filters by the material line’s class from the address and by green products', async () => {
    screenWidth(1366);
    signInAs(4, { name: '江苏筑安建设工程有限公司' });
    const sent = fakeServer(
      answer(PROJECTS, () => page([userProject(1, { cityCode: '320100' })])),
      answer(region.getRegionDistrictTree, () => districtsData()),
      details,
    );
    renderSummary(<RegionPage />, `${PATH}?classifyCode=0101&district=320115`);
    expect(await screen.findByText('材料分类：0101')).toBeInTheDocument();
    await screen.findByText('南京绿筑新材料有限公司（1 个产品）');
    expect(sent.find((s) => s.endpoint === region.getRegionDistrictTree)?.body).toEqual({
      cityCode: '320100',
      classifyCode: '0101',
    });
    expect(sent.find((s) => s.endpoint === region.getOpenRegionDistrictDetails)?.body).toEqual({
      regionCode: '320115',
      classifyCode: '0101',
    });
    await userEvent.click(screen.getByText('仅绿色建材'));
    await waitFor(() =>
      expect(sent.some((s) => s.endpoint === region.getRegionDistrictTree && s.body.isGreen === true)).toBe(true),
    );
  });

  it('works on a phone without a map for a city whose boundaries are not shipped', async () => {
    screenWidth(390);
    signInAs(4, { name: '江苏筑安建设工程有限公司' });
    fakeServer(
      answer(PROJECTS, () => page([userProject(1, { cityCode: '320200' })])),
      answer(region.getRegionDistrictTree, () =>
        districtsData({ city: { code: '320200', name: '无锡市', provinceName: '江苏省' } }),
      ),
    );
    renderSummary(<RegionPage />, PATH);
    expect(await screen.findByText('暂无本市的区县边界数据，请使用区县列表。')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: '区县排行' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /区县地图/ })).toBeNull();
  });
});
