import { previousPeriod, reportingPeriod } from '@jcbb/contract';
import { governmentStatisticsEndpoints as stats } from '@jcbb/contract/government-statistics.endpoints';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { projectEndpoints } from '@jcbb/contract/project.endpoints';
import { referenceEndpoints } from '@jcbb/contract/reference.endpoints';
import { shanghaiToday } from '@jcbb/contract/time';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../../lib/session.ts';
import { answer, fakeServer, type Route, signInAs } from '../../../test/fake-server.ts';
import { screenWidth } from '../../../test/screen-width.ts';
import {
  choose,
  emptyStatistics,
  findDrawer,
  lineRow,
  projectRow,
  renderStatistics,
  statisticsData,
} from '../components/statistics/statistics-testing.tsx';
import { StatisticsPage } from './StatisticsPage.tsx';

/** The page opens on the quarter last reported, not the one under way. */
const reported = reportingPeriod(shanghaiToday());

afterEach(() => {
  vi.restoreAllMocks();
  session.setUser(null);
});

const reference: Route[] = [
  answer(projectEndpoints.policyOptions, () => ({
    batches: [{ code: 'B2025', name: '第二批（2025）', instrument: '财库〔2024〕36号', effectiveFrom: '2025-01-01' }],
    editions: [],
  })),
  answer(referenceEndpoints.divisionChildren, () => [
    { code: '320102', name: '玄武区', level: 3, hasChildren: false },
    { code: '320115', name: '江宁区', level: 3, hasChildren: false },
  ]),
];

const committee = () => signInAs(5, { name: '南京市城乡建设委员会', orgId: 40, roles: ['住建委'] });

describe('采购统计', { timeout: 60_000 }, () => {
  it('shows a committee its city’s key figures with money and shares formatted, the data time and the definitions’ version; no city picker', async () => {
    screenWidth(1366);
    committee();
    const sent = fakeServer(
      answer(stats.statistics, () => statisticsData()),
      ...reference,
    );
    renderStatistics(<StatisticsPage />);

    const spend = await screen.findByTestId('kpi-greenSpend');
    expect(spend).toHaveTextContent('¥1,234.57 万');
    expect(spend).toHaveTextContent('标准内采购金额 ¥2,838 万');
    expect(screen.getByTestId('kpi-greenShare')).toHaveTextContent('43.5%');
    expect(screen.getByTestId('kpi-projects')).toHaveTextContent('总建筑面积 125,400.5 m²');
    expect(screen.getByTestId('kpi-mandatory')).toHaveTextContent('涉及必选类的项目 2 个，达标率 50%');
    expect(screen.getByTestId('kpi-alerts')).toHaveTextContent('高 1 · 中 2 · 低 0');
    expect(screen.getByText('数据时间 2026-08-01 10:30:00')).toBeInTheDocument();
    expect(screen.getByText('口径版本 JCBB-STAT-2026.1')).toBeInTheDocument();
    // The committee's own city: no city picker; its districts to filter by.
    expect(screen.queryByRole('combobox', { name: '城市' })).toBeNull();
    expect(screen.getByRole('combobox', { name: '区县' })).toBeInTheDocument();
    expect(sent.find((s) => s.endpoint === stats.statistics)?.body).toEqual({ period: reported });
    expect(sent.find((s) => s.endpoint === referenceEndpoints.divisionChildren)?.body).toEqual({
      parentCode: '320100',
    });
    // The panels write their figures as text beside the charts.
    expect(screen.getByRole('button', { name: /江宁区：¥1,000 万 · 占比 50% · 2 个项目/ })).toBeInTheDocument();
    expect(screen.getByText(/见证取样比例/)).toBeInTheDocument();
    expect(screen.getByText('低于 30% 的要求')).toBeInTheDocument();
    expect(screen.getByText('合计')).toBeInTheDocument();
    expect(screen.getByText('18,456.7 kg CO₂e')).toBeInTheDocument();

    // A figure's definition: the server's text where it names one, with the version.
    await userEvent.click(screen.getByRole('button', { name: '口径：绿色建材金额占比' }));
    expect(await screen.findByText('绿色建材金额 ÷ 需求标准内采购金额（服务端口径）')).toBeInTheDocument();
    expect(screen.getByText('数据来源：采购填报明细（filing_facts）')).toBeInTheDocument();
    // …and the page's own line where the server names none.
    await userEvent.click(screen.getByRole('button', { name: '口径：在库认证产品' }));
    expect(await screen.findByText('在本市产品库上架、且今天持有效绿色建材认证证书的产品数。')).toBeInTheDocument();
  });

  it('opens the projects behind a figure with the slice and the filters, each linking to its filing and its lines', async () => {
    screenWidth(1366);
    committee();
    const sent = fakeServer(
      answer(stats.statistics, () => statisticsData()),
      answer(stats.statisticsProjects, () => ({ list: [projectRow()], total: 1 })),
      answer(stats.statisticsLines, () => ({ list: [lineRow()], total: 1 })),
      ...reference,
    );
    renderStatistics(<StatisticsPage />);
    await userEvent.click(await screen.findByRole('button', { name: /必选类未全部达标：1个，查看背后的项目/ }));

    const drawer = await findDrawer('必选类未全部达标：项目');
    expect(await within(drawer).findByText('天妃宫小学')).toBeInTheDocument();
    expect(sent.find((s) => s.endpoint === stats.statisticsProjects)?.body).toEqual({
      period: reported,
      slice: 'mandatory_failing',
      take: '20',
      skip: '0',
    });
    expect(within(drawer).getByText('共 1 个项目')).toBeInTheDocument();
    expect(within(drawer).getByText('未达标')).toBeInTheDocument();
    expect(within(drawer).getByRole('link', { name: '查看填报' })).toHaveAttribute(
      'href',
      pageUrl(pages.governmentFiling, { id: 31 }),
    );

    await userEvent.click(within(drawer).getByRole('button', { name: '查看明细' }));
    const lines = await findDrawer('采购明细：天妃宫小学');
    expect(await within(lines).findByText('岩棉板 100 厚')).toBeInTheDocument();
    expect(within(lines).getByText(/证书 GC-2026-0001 · 3 星/)).toBeInTheDocument();
    expect(sent.find((s) => s.endpoint === stats.statisticsLines)?.body).toEqual({
      period: reported,
      projectId: '7',
      take: '50',
      skip: '0',
    });
    await userEvent.click(within(lines).getByRole('button', { name: /返回项目列表/ }));
    expect(await findDrawer('必选类未全部达标：项目')).toBeVisible();
  });

  it('asks again with a changed filter, and a category opens its lines', async () => {
    screenWidth(1366);
    committee();
    const sent = fakeServer(
      answer(stats.statistics, () => statisticsData()),
      answer(stats.statisticsLines, () => ({ list: [lineRow()], total: 1 })),
      ...reference,
    );
    renderStatistics(<StatisticsPage />);
    await screen.findByTestId('kpi-greenSpend');

    await choose('项目类型', '学校');
    await waitFor(() =>
      expect(sent.filter((s) => s.endpoint === stats.statistics).at(-1)?.body).toEqual({
        period: reported,
        projectType: '2',
      }),
    );
    await choose(
      '季度',
      previousPeriod(reported).replace(/^(\d{4})-Q(\d)$/, (_, y, q) => `${y} 年第${'一二三四'[Number(q) - 1]}季度`),
    );
    await waitFor(() =>
      expect(sent.filter((s) => s.endpoint === stats.statistics).at(-1)?.body).toEqual({
        period: previousPeriod(reported),
        projectType: '2',
      }),
    );
    fireEvent.click(screen.getByRole('checkbox', { name: '仅统计已确认' }));
    await waitFor(() =>
      expect(sent.filter((s) => s.endpoint === stats.statistics).at(-1)?.body).toMatchObject({ confirmedOnly: 'true' }),
    );
    // A district in the ranking filters the dashboard by it.
    await userEvent.click(screen.getByRole('button', { name: /玄武区：/ }));
    await waitFor(() =>
      expect(sent.filter((s) => s.endpoint === stats.statistics).at(-1)?.body).toMatchObject({ regionCode: '320102' }),
    );

    await userEvent.click(screen.getByRole('button', { name: /防水卷材（可选类）/ }));
    await findDrawer('采购明细：防水卷材');
    await waitFor(() =>
      expect(sent.find((s) => s.endpoint === stats.statisticsLines)?.body).toMatchObject({
        categoryCode: '03',
        regionCode: '320102',
        confirmedOnly: 'true',
      }),
    );
  });

  it('lets the platform operator pick a city (or all cities)', async () => {
    screenWidth(1366);
    signInAs(0, { name: '建材帮帮平台', roles: ['super_admin'] });
    const sent = fakeServer(
      answer(stats.statistics, (req) =>
        req.body.cityCode ? statisticsData() : statisticsData({ cityCode: null, cityName: null, districts: [] }),
      ),
      answer(referenceEndpoints.selectCityTree, () => [
        { code: '320000', name: '江苏省', children: [{ code: '320100', name: '南京市', letter: 'N' }] },
      ]),
      ...reference,
    );
    renderStatistics(<StatisticsPage />);
    await screen.findByTestId('kpi-greenSpend');
    expect(screen.getByText(/^全部城市 · /)).toBeInTheDocument();
    // Every city: no district to pick until a city is chosen.
    expect(screen.queryByRole('combobox', { name: '区县' })).toBeNull();
    await choose('城市', '江苏省 南京市');
    await waitFor(() =>
      expect(sent.filter((s) => s.endpoint === stats.statistics).at(-1)?.body).toEqual({
        period: reported,
        cityCode: '320100',
      }),
    );
    expect(await screen.findByRole('combobox', { name: '区县' })).toBeInTheDocument();
  });

  it('says plainly when nothing is filed yet, and what to do', async () => {
    screenWidth(390);
    committee();
    fakeServer(
      answer(stats.statistics, () => emptyStatistics()),
      ...reference,
    );
    const { unmount } = renderStatistics(<StatisticsPage />);
    expect(await screen.findByText(/还没有项目报送采购情况/)).toBeInTheDocument();
    expect(screen.getByText(/建设单位和施工单位在「采购填报」中报送/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '去采购填报' })).toBeNull();
    // The figures that do not wait for filings still show; the charts do not.
    expect(screen.getByTestId('kpi-certified')).toHaveTextContent('48');
    expect(screen.queryByRole('region', { name: '品类采购金额与绿色占比' })).toBeNull();
    unmount();

    // A filer is told to file.
    signInAs(4, { name: '江苏筑安建设工程有限公司' });
    fakeServer(
      answer(stats.statistics, () => emptyStatistics()),
      ...reference,
    );
    renderStatistics(<StatisticsPage />);
    expect(await screen.findByRole('link', { name: '去采购填报' })).toHaveAttribute(
      'href',
      pages.governmentFilings.path,
    );
  });

  it('shows a failure with a retry', async () => {
    screenWidth(1366);
    committee();
    let calls = 0;
    fakeServer(
      answer(stats.statistics, () => {
        calls += 1;
        return calls === 1 ? new Response('oops', { status: 502 }) : statisticsData();
      }),
      ...reference,
    );
    renderStatistics(<StatisticsPage />);
    expect(await screen.findByText(/统计数据读取失败/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    expect(await screen.findByTestId('kpi-greenSpend')).toBeInTheDocument();
  });
});
