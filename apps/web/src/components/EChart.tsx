import type { BarSeriesOption, GaugeSeriesOption, LineSeriesOption, MapSeriesOption } from 'echarts/charts';
import type { GridComponentOption, TooltipComponentOption } from 'echarts/components';
import type { ComposeOption, ECharts } from 'echarts/core';
import { type CSSProperties, useEffect, useRef } from 'react';

/** The options of what `echarts-core.ts` loads (bar, line, gauge and map series, grid, tooltip). */
export type EChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | GaugeSeriesOption
  | MapSeriesOption
  | GridComponentOption
  | TooltipComponentOption
>;

/** What a click on a chart's item tells `onClick`: the series, the item's index and its name (a category, a district). */
export interface EChartClick {
  seriesIndex?: number;
  dataIndex?: number;
  name?: string;
}

/** What `echarts-core.ts` exports (a chart's `prepare` gets it, e.g. to register a map). */
export type EChartCore = typeof import('./echarts-core.ts');
type Core = EChartCore;
let core: Promise<Core> | undefined;
/** ECharts' chunk, fetched once, when the first chart has room to be drawn. */
const loadCore = () => {
  core ??= import('./echarts-core.ts').catch((e: unknown) => {
    core = undefined; // a failed download (offline, a new deployment) is retried by the next chart
    throw e;
  });
  return core;
};

/** Text for the HTML of a tooltip formatter. */
export function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/**
 * An Apache ECharts chart (the platform's chart library) on a div of the given height and the parent's width.
 * ECharts is loaded lazily (its own chunk) when the div first has a size, so a page that shows a chart renders its
 * text at once and the chart a moment later; a div that never gets a size (jsdom in the component tests, a hidden
 * tab) never loads it, so nothing is measured, warned about or drawn there. The chart follows the div's size
 * (ResizeObserver) and is disposed on unmount. A new `option` object replaces the previous one (`notMerge`, drawn
 * afresh): memoise it (useMemo on its data) so that a re-render with the same data does not redraw the chart. Charts
 * here illustrate figures that the page also writes as text, so the div is hidden from assistive technologies unless
 * given a `label`.
 */
export function EChart({
  option,
  height,
  label,
  style,
  prepare,
  onClick,
}: {
  option: EChartOption;
  /**
   * A click on an item (a bar, a district): for a drill-down. The page must offer the same choice without the chart
   * (a list, a button): the chart is never the only way.
   */
  onClick?: (item: EChartClick) => void;
  height: number;
  /**
   * Runs once ECharts is loaded and before the chart is drawn (e.g. fetch and register a map's boundaries); a
   * failure leaves the chart undrawn, as a failed download of ECharts does.
   */
  prepare?: (core: EChartCore) => Promise<void>;
  /** The chart's accessible name; without one the chart is decoration (aria-hidden). */
  label?: string;
  style?: CSSProperties;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const latest = useRef(option);
  const prepared = useRef(prepare);
  const clicked = useRef(onClick);
  clicked.current = onClick;

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    let disposed = false;
    let loading = false;
    const sized = () => el.clientWidth > 0 && el.clientHeight > 0;
    const draw = () => {
      if (loading || !sized()) return;
      loading = true;
      loadCore()
        .then(async (loaded) => {
          await prepared.current?.(loaded);
          return loaded;
        })
        .then(
          ({ init }) => {
            if (disposed) return;
            const instance = init(el, null, { renderer: 'svg' });
            instance.setOption(latest.current);
            instance.on('click', (item) => clicked.current?.(item as EChartClick));
            chart.current = instance;
          },
          () => {
            loading = false; // the figures stay readable as text; the next resize tries again
          },
        );
    };
    const observer =
      typeof ResizeObserver === 'undefined'
        ? undefined
        : new ResizeObserver(() => {
            if (chart.current) {
              if (sized()) chart.current.resize();
            } else draw();
          });
    observer?.observe(el);
    draw();
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (latest.current === option) return;
    latest.current = option;
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  // One element whether or not it has a name: the chart lives on it.
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <div ref={ref} {...a11y} style={{ width: '100%', height, ...(onClick ? { cursor: 'pointer' } : {}), ...style }} />
  );
}
