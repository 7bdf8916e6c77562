import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { BarChart, barChartOption } from './BarChart.tsx';
import { formatCarbon } from './format.ts';

const series = [
  { name: '实测距离', color: '#1677ff' },
  { name: '默认距离', color: '#91caff' },
];
const months = [
  { key: '2026-02', label: '2026-02', values: [820.4, 300] },
  { key: '2026-03', label: '2026-03', values: [1500, 0], tooltipNote: '2 单缺质量' },
];

type Tooltip = (params: unknown) => string;
type Axis = { type: string; data?: string[]; inverse?: boolean; minInterval?: number };

describe('barChartOption', () => {
  it('stacks the series by month on a vertical chart, the tooltip giving each value formatted and the note', () => {
    const o = barChartOption({ rows: months, series, format: formatCarbon, orientation: 'vertical' });
    expect((o.xAxis as Axis).data).toEqual(['2026-02', '2026-03']);
    expect((o.yAxis as Axis).type).toBe('value');
    expect(o.series).toMatchObject([
      { type: 'bar', name: '实测距离', stack: 'total', data: [820.4, 1500], itemStyle: { color: '#1677ff' } },
      { type: 'bar', name: '默认距离', stack: 'total', data: [300, 0], itemStyle: { color: '#91caff' } },
    ]);
    const tooltip = (o.tooltip as { formatter: Tooltip }).formatter;
    const march = tooltip([{ dataIndex: 1 }, { dataIndex: 1 }]);
    expect(march).toContain('<strong>2026-03</strong>');
    expect(march).toContain('实测距离&nbsp;&nbsp;<strong>1.5 t</strong>');
    expect(march).toContain('默认距离&nbsp;&nbsp;<strong>0 kg</strong>');
    expect(march).toContain('2 单缺质量');
    expect(tooltip([{ dataIndex: 0 }])).not.toContain('缺质量');
  });

  it('lists rows top to bottom on a horizontal chart, escapes names and keeps counts on whole ticks', () => {
    const o = barChartOption({
      rows: [
        { key: 1, label: '<img src=x onerror=alert(1)>', values: [7] },
        { key: 2, label: '天妃宫小学（项目）', values: [-2] },
      ],
      series: [series[0] as (typeof series)[number]],
      format: (n) => `${n} 单`,
    });
    const category = o.yAxis as Axis;
    expect(category).toMatchObject({ type: 'category', inverse: true });
    expect((o.xAxis as Axis).minInterval).toBe(1);
    expect(o.series).toMatchObject([{ data: [7, 0] }]);
    expect((o.series as object[])[0]).not.toHaveProperty('stack');
    const tooltip = (o.tooltip as { formatter: Tooltip }).formatter;
    expect(tooltip([{ dataIndex: 0 }])).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(tooltip([{ dataIndex: 0 }])).not.toContain('<img');
  });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('BarChart', { timeout: 60_000 }, () => {
  it('writes each row’s label and total, and the legend, as text', () => {
    render(<BarChart label="运输碳排放" rows={months} series={series} format={formatCarbon} orientation="vertical" />);
    expect(screen.getByRole('figure', { name: '运输碳排放' })).toBeInTheDocument();
    expect(screen.getByText('1.12 t')).toBeInTheDocument();
    expect(screen.getByText('1.5 t')).toBeInTheDocument();
    expect(screen.getByText('实测距离')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(2);
  });

  it('says there is nothing to show', () => {
    render(<BarChart label="x" rows={[]} series={series} format={formatCarbon} emptyText="暂无排放" />);
    expect(screen.getByText('暂无排放')).toBeInTheDocument();
  });

  it('draws its option with ECharts, without a warning, where there is layout', async () => {
    // jsdom has no layout: give the elements a size, and no canvas (ECharts then estimates text widths).
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(390);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(220);
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const { container } = render(
      <BarChart label="运输碳排放" rows={months} series={series} format={formatCarbon} orientation="vertical" />,
    );
    await waitFor(() => expect(container.querySelector('svg')).not.toBeNull());
    const svgText = [...container.querySelectorAll('svg text')].map((t) => t.textContent);
    expect(svgText).toEqual(expect.arrayContaining(['2026-02', '2026-03']));
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});
