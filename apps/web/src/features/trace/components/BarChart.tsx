import { Empty, Flex, Typography } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { EChart, type EChartOption, escapeHtml } from '../../../components/EChart.tsx';

export interface BarSeries {
  name: string;
  color: string;
}

export interface BarRow {
  key: string | number;
  label: ReactNode;
  /** One value per series, in the order of `series`; drawn stacked. */
  values: number[];
  /** Shown after the total (a note such as "2 单缺质量"). */
  note?: ReactNode;
  /** The note as plain text for the chart's tooltip. */
  tooltipNote?: string;
}

export type BarOrientation = 'horizontal' | 'vertical';

const AXIS_COLOR = '#8c8c8c';
const LINE_COLOR = '#f0f0f0';
const NOTE_COLOR = '#d46b08';
/** Horizontal bars: height per row, and what the value axis and the margins take. */
const ROW_HEIGHT = 28;
const AXIS_HEIGHT = 40;
const VERTICAL_HEIGHT = 220;

/** The row's name on the category axis and in the tooltip: its label when that is text, otherwise its key. */
const rowName = (r: BarRow) =>
  typeof r.label === 'string' || typeof r.label === 'number' ? String(r.label) : String(r.key);

const swatch = (color: string) =>
  `<span style="display:inline-block;width:10px;height:10px;border-radius:2px;margin-right:6px;background:${escapeHtml(color)}"></span>`;

/**
 * The ECharts option of a bar chart: one category per row (top to bottom when horizontal, left to right when
 * vertical), the series stacked in their colours, and a tooltip with the row's name, each series' formatted value and
 * its note. Names and notes are escaped: they come from user data. Values below zero are drawn as zero (as the total
 * counts them).
 */
export function barChartOption({
  rows,
  series,
  format,
  orientation = 'horizontal',
}: {
  rows: readonly BarRow[];
  series: readonly BarSeries[];
  format: (n: number) => string;
  orientation?: BarOrientation;
}): EChartOption {
  const horizontal = orientation === 'horizontal';
  const names = rows.map(rowName);
  const integers = rows.every((r) => r.values.every(Number.isInteger));
  const valueAxis = {
    type: 'value' as const,
    // Counts (shipments) get no ticks between whole numbers.
    ...(integers ? { minInterval: 1 } : {}),
    splitNumber: horizontal ? 3 : 4,
    axisLabel: { color: AXIS_COLOR, hideOverlap: true, formatter: (v: number) => format(v) },
    splitLine: { lineStyle: { color: LINE_COLOR } },
  };
  const categoryAxis = {
    type: 'category' as const,
    data: names,
    inverse: horizontal, // the first row on top, as in the list below the chart
    axisTick: { show: false },
    axisLine: { lineStyle: { color: '#d9d9d9' } },
    axisLabel: horizontal
      ? { color: AXIS_COLOR, width: 112, overflow: 'truncate' as const }
      : { color: AXIS_COLOR, hideOverlap: true },
  };
  const tooltip = (params: unknown) => {
    const first = (Array.isArray(params) ? params[0] : params) as { dataIndex?: number } | undefined;
    const i = first?.dataIndex ?? -1;
    const row = rows[i];
    if (!row) return '';
    const lines = [`<strong>${escapeHtml(names[i] ?? '')}</strong>`];
    series.forEach((s, k) => {
      lines.push(
        `${swatch(s.color)}${escapeHtml(s.name)}&nbsp;&nbsp;<strong>${escapeHtml(format(row.values[k] ?? 0))}</strong>`,
      );
    });
    if (row.tooltipNote) lines.push(`<span style="color:${NOTE_COLOR}">${escapeHtml(row.tooltipNote)}</span>`);
    return lines.join('<br/>');
  };
  return {
    animationDuration: 400,
    grid: { left: 4, right: 16, top: 8, bottom: 4, outerBoundsMode: 'same' },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' }, confine: true, formatter: tooltip },
    xAxis: horizontal ? valueAxis : categoryAxis,
    yAxis: horizontal ? categoryAxis : valueAxis,
    series: series.map((s, k) => ({
      type: 'bar' as const,
      name: s.name,
      ...(series.length > 1 ? { stack: 'total' } : {}),
      data: rows.map((r) => Math.max(0, r.values[k] ?? 0)),
      itemStyle: { color: s.color },
      barMaxWidth: horizontal ? 14 : 32,
    })),
  };
}

/**
 * A bar chart drawn with ECharts (the platform's chart library: horizontal bars by default, or vertical ones such
 * as months), followed by its figures as text: each row's label and total (and note), and the series' legend above.
 * The text is what screen readers, a phone at 390 px, a print and the tests read; the chart (aria-hidden) shows the
 * comparison and, in its tooltip, each series' value. Where ECharts cannot draw (jsdom, before its chunk arrives) the
 * text stands alone.
 */
export function BarChart({
  rows,
  series,
  format,
  label,
  emptyText,
  orientation = 'horizontal',
}: {
  rows: readonly BarRow[];
  series: readonly BarSeries[];
  format: (n: number) => string;
  /** What the chart shows (its accessible name). */
  label: string;
  emptyText?: ReactNode;
  /** Horizontal bars (a row per item, the default) or vertical ones (a column per month, say). */
  orientation?: BarOrientation;
}) {
  // The option is rebuilt only when what it shows changes (its data and their formatted text), so that a re-render
  // of the page (a refetch with the same answer) does not redraw the chart.
  const dataKey = JSON.stringify([
    orientation,
    series,
    rows.map((r) => [rowName(r), r.values, r.values.map(format), r.tooltipNote ?? null]),
  ]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: dataKey stands for rows, series, format and orientation
  const option = useMemo(() => barChartOption({ rows, series, format, orientation }), [dataKey]);
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />;
  const total = (r: BarRow) => r.values.reduce((a, b) => a + Math.max(0, b), 0);
  const horizontal = orientation === 'horizontal';
  return (
    <figure style={{ margin: 0 }} aria-label={label}>
      {series.length > 1 && (
        <Flex wrap gap={12} style={{ marginBottom: 4 }}>
          {series.map((s) => (
            <Flex key={s.name} align="center" gap={4}>
              <span aria-hidden style={{ width: 10, height: 10, borderRadius: 2, background: s.color }} />
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {s.name}
              </Typography.Text>
            </Flex>
          ))}
        </Flex>
      )}
      <EChart option={option} height={horizontal ? rows.length * ROW_HEIGHT + AXIS_HEIGHT : VERTICAL_HEIGHT} />
      <ul
        style={{
          listStyle: 'none',
          margin: '8px 0 0',
          padding: 0,
          display: 'grid',
          gridTemplateColumns: horizontal ? '1fr' : 'repeat(auto-fill, minmax(200px, 1fr))',
          gap: '4px 24px',
          fontSize: 13,
        }}
      >
        {rows.map((r) => (
          <li key={r.key}>
            <Flex justify="space-between" gap={8}>
              <span
                title={typeof r.label === 'string' ? r.label : undefined}
                style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
              >
                {r.label}
              </span>
              <span style={{ flex: 'none' }}>
                {format(total(r))}
                {r.note}
              </span>
            </Flex>
          </li>
        ))}
      </ul>
    </figure>
  );
}
