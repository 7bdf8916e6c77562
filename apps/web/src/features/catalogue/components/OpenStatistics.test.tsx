import { fillPath } from '@jcbb/contract/endpoint';
import { governmentStatisticsEndpoints as stats } from '@jcbb/contract/government-statistics.endpoints';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, failure, fakeServer } from '../../../test/fake-server.ts';
import { renderWithProviders } from '../testing.tsx';
import { OpenStatistics } from './OpenStatistics.tsx';

afterEach(() => vi.restoreAllMocks());

/** The open document as the server publishes it: plain JSON, outside the envelope. */
const published = (doc: unknown) =>
  new Response(JSON.stringify(doc), { status: 200, headers: { 'content-type': 'application/json' } });

const nanjing = {
  uri: 'https://jcbb.example/open/statistics/320100?period=2026-Q2',
  version: '1.0',
  publishedDate: '2026-07-06T01:00:00.000Z',
  publisher: { name: '建材帮帮' },
  license: 'CC-BY-4.0',
  definitionVersion: 'JCBB-STAT-2026.1',
  city: { code: '320100', name: '南京市' },
  period: '2026-Q2',
  periods: ['2026-Q1', '2026-Q2'],
  figures: {
    projects: 12,
    floorAreaM2: 350_000,
    filedProjects: 10,
    greenSpendFen: 1_234_567_800,
    greenShareBp: 4350,
    mandatoryComplianceBp: null,
    certifiedProducts: 48,
    overdueProjects: 2,
  },
  districts: [],
  categories: [],
  trend: [],
  definitions: [
    {
      key: 'greenShareBp',
      name: '绿色建材金额占比（口径）',
      nameEn: 'Green share',
      definition: '…',
      definitionEn: '…',
      source: '…',
    },
  ],
};

describe('公开数据 on the committee page', () => {
  it('shows the city’s headline figures from its open document, its period and version, and the JSON to reuse', async () => {
    const sent = fakeServer(answer(stats.openStatistics, () => published(nanjing)));
    renderWithProviders(<OpenStatistics cityCode="320100" />);
    expect(await screen.findByTestId('open-greenSpendFen')).toHaveTextContent('¥1,234.57 万');
    expect(screen.getByTestId('open-greenShareBp')).toHaveTextContent('43.5%');
    expect(screen.getByText('绿色建材金额占比（口径）')).toBeInTheDocument();
    expect(screen.getByTestId('open-projects')).toHaveTextContent('12');
    expect(screen.getByTestId('open-floorAreaM2')).toHaveTextContent('350,000 m²');
    expect(screen.getByTestId('open-mandatoryComplianceBp')).toHaveTextContent('—');
    expect(screen.getByText(/（2026-Q2）/)).toBeInTheDocument();
    expect(
      screen.getByText(/口径版本 JCBB-STAT-2026.1 · 发布时间 2026-07-06 09:00:00 · 发布方 建材帮帮 · 许可 CC-BY-4.0/),
    ).toBeInTheDocument();
    expect(screen.getByText('数据为全市汇总统计，不含个人信息，也不含单个项目的单价。')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: /下载 JSON 数据/ });
    const address = fillPath(stats.openStatistics.path, { cityCode: '320100' });
    expect(link).toHaveAttribute('href', address);
    expect(screen.getByText(address)).toBeInTheDocument();
    // Fetched signed-out, for the page's city.
    expect(sent).toHaveLength(1);
    expect(sent[0]?.params).toEqual({ cityCode: '320100' });
  });

  it('says the city publishes none on a 404, and when the document is not one', async () => {
    fakeServer(answer(stats.openStatistics, () => failure(404, 40400, '城市不存在')));
    const { unmount } = renderWithProviders(<OpenStatistics cityCode="320100" />);
    expect(await screen.findByText('本市暂未发布公开统计数据。')).toBeInTheDocument();
    unmount();

    fakeServer(answer(stats.openStatistics, () => published({ hello: 'world' })));
    renderWithProviders(<OpenStatistics cityCode="320100" />);
    expect(await screen.findByText('本市暂未发布公开统计数据。')).toBeInTheDocument();
  });
});
