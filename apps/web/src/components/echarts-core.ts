/**
 * The part of Apache ECharts the console draws with, loaded only by `EChart.tsx` through a dynamic import(): it is
 * a chunk of its own, never in the sign-in page's or the shell's initial download. Tree-shaken `echarts/core`: bar
 * and line series on a cartesian grid with a tooltip (the line: the government statistics' shares and year-to-date
 * trend), a gauge (procurement's optional coverage) and a map series (a city's districts: the procurement region
 * page and the statistics dashboard; the boundaries are registered by `DistrictMap`, `registerMap`), drawn as SVG. Legends are written as text beside the charts, so the
 * legend component is not loaded. Add a chart or component here (and to `EChartOption`) when a page needs it.
 *
 * SVG rather than canvas: crisp at any pixel ratio, zoom and print, a few nodes for a handful of bars, and it runs
 * wherever there is a DOM (jsdom in the component tests, a server-side rendering) without a canvas implementation.
 * It costs about 4 KB (gzip) more than the canvas renderer (docs/dependencies.md).
 */
import { BarChart, GaugeChart, LineChart, MapChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { init, registerMap, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

use([BarChart, LineChart, GaugeChart, MapChart, GridComponent, TooltipComponent, SVGRenderer]);

export { init, registerMap };
