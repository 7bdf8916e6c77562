import { fireEvent, render, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EChart, type EChartCore, type EChartOption, escapeHtml } from './EChart.tsx';

const option = (values: number[]): EChartOption => ({
  animation: false,
  xAxis: { type: 'category', data: values.map((_, i) => `m${i}`) },
  yAxis: { type: 'value' },
  series: [{ type: 'bar', data: values }],
});

/**
 * Gives every element a layout size, which jsdom lacks (restored after each test). ECharts then measures its labels
 * with a canvas, which jsdom has not either: without one it estimates their width (quietly, once getContext says so).
 */
function withLayout(width: number, height: number) {
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('EChart', { timeout: 60_000 }, () => {
  it('draws nothing, and says nothing, where the element has no size (jsdom)', async () => {
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    const { container } = render(<EChart option={option([1, 2])} height={120} />);
    const box = container.firstElementChild as HTMLElement;
    expect(box).toHaveAttribute('aria-hidden', 'true');
    expect(box.style.height).toBe('120px');
    await new Promise((r) => setTimeout(r, 50));
    expect(box.childElementCount).toBe(0);
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });

  it('takes an accessible name when the chart is the content', () => {
    const { getByRole } = render(<EChart option={option([1])} height={80} label="月度排放" />);
    expect(getByRole('img', { name: '月度排放' })).toBeInTheDocument();
  });

  it('draws the bars as SVG once the element has a size, redraws a new option and is disposed on unmount', async () => {
    withLayout(400, 200);
    const error = vi.spyOn(console, 'error');
    const { container, rerender, unmount } = render(<EChart option={option([1, 2, 3])} height={200} />);
    const box = container.firstElementChild as HTMLElement;
    // ECharts is loaded on demand: on a busy machine its import alone outlasts waitFor's default second.
    await waitFor(() => expect(box.querySelector('svg')).not.toBeNull(), { timeout: 15_000 });
    // One path per bar, beside the axes' lines.
    const bars = () => box.querySelectorAll('svg path').length;
    const before = bars();
    expect(before).toBeGreaterThanOrEqual(3);
    rerender(<EChart option={option([1, 2, 3, 4, 5])} height={200} />);
    await waitFor(() => expect(bars()).toBeGreaterThan(before));
    unmount();
    expect(box.querySelector('svg')).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it('runs `prepare` with ECharts before drawing: a registered map is drawn as its areas', async () => {
    withLayout(400, 300);
    const square = (x: number) => [
      [
        [x, 0],
        [x + 1, 0],
        [x + 1, 1],
        [x, 1],
        [x, 0],
      ],
    ];
    const geo = {
      type: 'FeatureCollection',
      features: ['甲区', '乙区'].map((name, i) => ({
        type: 'Feature',
        properties: { name },
        geometry: { type: 'Polygon', coordinates: square(i) },
      })),
    };
    const prepare = vi.fn(async ({ registerMap }: EChartCore) => {
      registerMap('test-city', geo as Parameters<typeof registerMap>[1]);
    });
    const map: EChartOption = {
      animation: false,
      series: [{ type: 'map', map: 'test-city', data: [{ name: '甲区', value: 3 }] }],
    };
    const { container } = render(<EChart option={map} height={300} prepare={prepare} />);
    const box = container.firstElementChild as HTMLElement;
    await waitFor(() => expect(box.querySelectorAll('svg path').length).toBeGreaterThanOrEqual(2));
    expect(prepare).toHaveBeenCalledTimes(1);
  });
});

describe('EChart clicks', { timeout: 60_000 }, () => {
  it('tells onClick which item was clicked', async () => {
    withLayout(400, 200);
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 400, 200));
    const onClick = vi.fn();
    const one: EChartOption = {
      animation: false,
      grid: { left: 0, right: 0, top: 0, bottom: 0 },
      xAxis: { type: 'category', data: ['甲'], show: false },
      yAxis: { type: 'value', max: 1, show: false },
      series: [{ type: 'bar', data: [1], barWidth: '100%' }],
    };
    const { container } = render(<EChart option={one} height={200} onClick={onClick} />);
    const box = container.firstElementChild as HTMLElement;
    await waitFor(() => expect(box.querySelector('svg path')).not.toBeNull());
    expect(box.style.cursor).toBe('pointer');
    const at = { clientX: 200, clientY: 100, bubbles: true };
    const target = box.firstElementChild as HTMLElement;
    fireEvent.mouseMove(target, at);
    fireEvent.mouseDown(target, at);
    fireEvent.mouseUp(target, at);
    fireEvent.click(target, at);
    await waitFor(() => expect(onClick).toHaveBeenCalled());
    expect(onClick.mock.calls[0]?.[0]).toMatchObject({ seriesIndex: 0, dataIndex: 0, name: '甲' });
  });
});

describe('escapeHtml', () => {
  it('escapes what HTML would read as markup', () => {
    expect(escapeHtml(`<b>"A&B's"</b>`)).toBe('&lt;b&gt;&quot;A&amp;B&#39;s&quot;&lt;/b&gt;');
  });
});
