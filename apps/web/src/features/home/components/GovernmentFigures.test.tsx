import { reportingPeriod } from '@jcbb/contract';
import { governmentStatisticsEndpoints as stats } from '@jcbb/contract/government-statistics.endpoints';
import { pages } from '@jcbb/contract/pages';
import { shanghaiToday } from '@jcbb/contract/time';
import { screen, within } from '@testing-library/react';
import { Row } from 'antd';
import { describe, expect, it } from 'vitest';
import { answer, failure, fakeServer } from '../../../test/fake-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { statisticsData } from '../../government/components/statistics/statistics-testing.tsx';
import { homeZhCN } from '../locales/zh-CN.ts';
import { GovernmentFigureCols } from './GovernmentFigures.tsx';

const renderFigures = () =>
  renderWithProviders(
    <Row>
      <GovernmentFigureCols />
    </Row>,
    { home: homeZhCN },
  );

const card = (title: string) => screen.getByText(title).closest('.jcbb-figure') as HTMLElement;

describe('a committee’s home figures', () => {
  it('are the statistics of the quarter last reported, each linking to the dashboard', async () => {
    const sent = fakeServer(answer(stats.statistics, () => statisticsData()));
    renderFigures();
    expect(await screen.findByText('43.5')).toBeInTheDocument();
    expect(within(card('上季度已报送项目')).getByText('2')).toBeInTheDocument();
    expect(within(card('上季度已报送项目')).getByText('个项目')).toBeInTheDocument();
    expect(within(card('上季度绿色建材金额占比')).getByText('%')).toBeInTheDocument();
    expect(within(card('必选类达标项目占比')).getByText('50')).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: /查看统计/ })) {
      expect(link).toHaveAttribute('href', pages.governmentStatistics.path);
    }
    expect(sent.map((s) => s.body)).toEqual([{ period: reportingPeriod(shanghaiToday()) }]);
    expect(screen.queryByText('即将上线')).toBeNull();
  });

  it('show a dash for a share with nothing to divide, and for a failed call', async () => {
    const base = statisticsData();
    fakeServer(answer(stats.statistics, () => statisticsData({ kpis: { ...base.kpis, greenShareBp: null } })));
    const { unmount } = renderFigures();
    expect(await screen.findByText('50')).toBeInTheDocument();
    expect(within(card('上季度绿色建材金额占比')).getByText('—')).toBeInTheDocument();
    unmount();

    fakeServer(answer(stats.statistics, () => failure(503, 50300, '服务暂不可用')));
    renderFigures();
    expect(await screen.findAllByText('暂时无法获取')).toHaveLength(3);
  });
});
