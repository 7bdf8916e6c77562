import { useCallback, useMemo } from 'react';
import { EChart, type EChartCore, type EChartOption, escapeHtml } from '../../../../components/EChart.tsx';
import { loadBoundaries } from './boundaries.ts';

interface MapDistrict {
  code: string;
  name: string;
  productCount: number;
}

/** Shades from none to the most products (a few steps of one green, readable without a legend). */
const SHADES = ['#f6ffed', '#d9f7be', '#b7eb8f', '#95de64', '#73d13d', '#52c41a'];

const shadeOf = (count: number, max: number): string => {
  if (count === 0 || max === 0) return '#fafafa';
  const step = Math.ceil((count / max) * (SHADES.length - 1));
  return SHADES[Math.min(step, SHADES.length - 1)] as string;
};

/**
 * The city's districts shaded by their qualifying products (ECharts' map series over the city's boundaries, loaded
 * on first draw: `boundaries.ts`). The ranked list beside it holds the same figures as text and is what one clicks;
 * the map shows the chosen district outlined.
 */
export function DistrictMap({
  cityCode,
  districts,
  selected,
  label,
}: {
  cityCode: string;
  districts: readonly MapDistrict[];
  selected: string | null;
  label: string;
}) {
  const mapName = `city-${cityCode}`;
  const prepare = useCallback(
    async ({ registerMap }: EChartCore) => {
      registerMap(mapName, (await loadBoundaries(cityCode)) as Parameters<typeof registerMap>[1]);
    },
    [cityCode, mapName],
  );
  const option = useMemo<EChartOption>(() => {
    const max = Math.max(0, ...districts.map((d) => d.productCount));
    return {
      animation: false,
      tooltip: {
        trigger: 'item',
        formatter: (p: unknown) => {
          const { name, value } = p as { name: string; value?: number };
          return `${escapeHtml(name)}：${Number.isFinite(value) ? value : 0}`;
        },
      },
      series: [
        {
          type: 'map',
          map: mapName,
          roam: false,
          selectedMode: false,
          layoutCenter: ['50%', '50%'],
          layoutSize: '95%',
          label: { show: true, fontSize: 11, color: '#262626' },
          emphasis: { label: { show: true }, itemStyle: { areaColor: '#ffe58f' } },
          itemStyle: { borderColor: '#8c8c8c', borderWidth: 0.6 },
          data: districts.map((d) => ({
            name: d.name,
            value: d.productCount,
            itemStyle: {
              areaColor: shadeOf(d.productCount, max),
              ...(d.code === selected ? { borderColor: '#1677ff', borderWidth: 2.5 } : {}),
            },
          })),
        },
      ],
    };
  }, [districts, mapName, selected]);
  return <EChart option={option} height={420} label={label} prepare={prepare} />;
}
