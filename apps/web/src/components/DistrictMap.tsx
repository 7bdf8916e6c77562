import { useCallback, useMemo } from 'react';
import { loadBoundaries } from '../lib/district-boundaries.ts';
import { EChart, type EChartCore, type EChartOption, escapeHtml } from './EChart.tsx';

/** One district on the map: its code and name (as the boundaries name it) and the figure that shades it. */
export interface MapDistrict {
  code: string;
  name: string;
  value: number;
}

/** Shades from none to the largest figure (a few steps of one green, readable without a legend). */
const SHADES = ['#f6ffed', '#d9f7be', '#b7eb8f', '#95de64', '#73d13d', '#52c41a'];

const shadeOf = (value: number, max: number): string => {
  if (value <= 0 || max <= 0) return '#fafafa';
  const step = Math.ceil((value / max) * (SHADES.length - 1));
  return SHADES[Math.min(step, SHADES.length - 1)] as string;
};

/**
 * A city's districts shaded by one figure (ECharts' map series over the city's boundaries, loaded on first draw:
 * `lib/district-boundaries.ts`; only for a city `hasBoundaries` names). The page beside it holds the same figures as
 * text (a ranked list, what one clicks on a phone); the map shows the chosen district outlined, its tooltip says
 * `tooltip(district)` (plain text), and a click on a district calls `onSelect` with its code.
 */
export function DistrictMap({
  cityCode,
  districts,
  selected,
  label,
  tooltip,
  onSelect,
}: {
  cityCode: string;
  districts: readonly MapDistrict[];
  selected: string | null;
  label: string;
  tooltip?: (district: MapDistrict) => string;
  onSelect?: (code: string) => void;
}) {
  const mapName = `city-${cityCode}`;
  const prepare = useCallback(
    async ({ registerMap }: EChartCore) => {
      registerMap(mapName, (await loadBoundaries(cityCode)) as Parameters<typeof registerMap>[1]);
    },
    [cityCode, mapName],
  );
  const option = useMemo<EChartOption>(() => {
    const max = Math.max(0, ...districts.map((d) => d.value));
    const byName = new Map(districts.map((d) => [d.name, d]));
    return {
      animation: false,
      tooltip: {
        trigger: 'item',
        formatter: (p: unknown) => {
          const { name } = p as { name: string };
          const d = byName.get(name);
          return escapeHtml(d && tooltip ? tooltip(d) : `${name}：${d?.value ?? 0}`);
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
            value: d.value,
            itemStyle: {
              areaColor: shadeOf(d.value, max),
              ...(d.code === selected ? { borderColor: '#1677ff', borderWidth: 2.5 } : {}),
            },
          })),
        },
      ],
    };
  }, [districts, mapName, selected, tooltip]);
  const onClick = useMemo(
    () =>
      onSelect
        ? ({ name }: { name?: string }) => {
            const d = districts.find((x) => x.name === name);
            if (d) onSelect(d.code);
          }
        : undefined,
    [districts, onSelect],
  );
  return <EChart option={option} height={420} label={label} prepare={prepare} onClick={onClick} />;
}
