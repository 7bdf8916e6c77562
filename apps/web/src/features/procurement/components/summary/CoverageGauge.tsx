import { useMemo } from 'react';
import { EChart, type EChartOption } from '../../../../components/EChart.tsx';

const GREEN = '#389e0d';
const SHORT = '#d48806';

/**
 * A project's optional coverage (green optional kinds ÷ optional kinds used) on a gauge whose band turns green at
 * the edition's minimum. The figures are written beside it as text; the gauge illustrates them.
 */
export function CoverageGauge({ coverageBp, minPct, label }: { coverageBp: number; minPct: number; label: string }) {
  const option = useMemo<EChartOption>(() => {
    const value = Math.round(coverageBp / 10) / 10;
    const met = coverageBp >= minPct * 100;
    return {
      animation: false,
      series: [
        {
          type: 'gauge',
          min: 0,
          max: 100,
          startAngle: 200,
          endAngle: -20,
          radius: '95%',
          center: ['50%', '62%'],
          progress: { show: true, width: 10, itemStyle: { color: met ? GREEN : SHORT } },
          axisLine: {
            lineStyle: {
              width: 10,
              color: [
                [minPct / 100, '#f0f0f0'],
                [1, '#d9f7be'],
              ],
            },
          },
          pointer: { show: false },
          axisTick: { show: false },
          splitLine: { show: false },
          axisLabel: { show: false },
          anchor: { show: false },
          title: { show: false },
          detail: {
            valueAnimation: false,
            offsetCenter: [0, '0%'],
            fontSize: 18,
            fontWeight: 600,
            color: met ? GREEN : SHORT,
            formatter: '{value}%',
          },
          data: [{ value }],
        },
      ],
    };
  }, [coverageBp, minPct]);
  return <EChart option={option} height={120} label={label} style={{ maxWidth: 200 }} />;
}
