import {
  projectStepLabels,
  projectTypeLabels,
  type StarBucketValue,
  standardKindLabels,
  starBucketLabels,
} from '@jcbb/contract';
import { Alert, Col, Row, Typography } from 'antd';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DistrictMap, type MapDistrict } from '../../../../components/DistrictMap.tsx';
import { EChart, type EChartClick, type EChartOption } from '../../../../components/EChart.tsx';
import { hasBoundaries } from '../../../../lib/district-boundaries.ts';
import { money, pct } from '../../../../lib/figures.ts';
import { labelOf } from '../../../../lib/labels.ts';
import { STATISTICS_NS } from '../../locales/statistics-register.ts';
import type { StatisticsData } from '../../statistics-api.ts';
import { ChartCard, RankButton } from './ChartCard.tsx';
import type { LinesFilter } from './DrillDrawer.tsx';
import { amount, periodName, shareBp } from './format.ts';

/** Opens the filed lines behind a chart's item (the drawer). */
export type OpenLines = (filter: LinesFilter, title: string) => void;

const STAR_COLORS: Record<string, string> = {
  '3': '#237804',
  '2': '#52c41a',
  '1': '#95de64',
  report: '#69b1ff',
  none: '#d9d9d9',
};
const GREEN_BUCKETS: StarBucketValue[] = ['3', '2', '1', 'report'];
const LINE_COLOR = '#fa8c16';
/** Amounts on the charts' axes are in 万元. */
const wan = (fen: number) => Math.round(fen / 10_000) / 100;
const share = (bp: number | null) => (bp === null ? null : bp / 100);
const grid = { left: 8, right: 8, top: 24, bottom: 8, containLabel: true };
const wanAxis = { type: 'value' as const, name: '万元', axisLabel: { fontSize: 11 } };
const pctAxis = { type: 'value' as const, name: '%', min: 0, max: 100, splitLine: { show: false } };

function useEnglish() {
  const { i18n } = useTranslation(STATISTICS_NS);
  return i18n.language.startsWith('en');
}

/**
 * Green spend by district: the city's district map (when its boundaries ship with the console) shaded by green
 * spend, with the share in the tooltip, and the districts ranked as buttons (the working part on a phone, and for a
 * city without boundaries). A click on either filters the dashboard by the district.
 */
export function DistrictPanel({
  data,
  selected,
  onSelect,
}: {
  data: StatisticsData;
  selected: string | undefined;
  onSelect: (regionCode: string) => void;
}) {
  const { t } = useTranslation(STATISTICS_NS);
  const ranked = useMemo(() => [...data.districts].sort((a, b) => b.greenSpendFen - a.greenSpendFen), [data]);
  const mapDistricts = useMemo<MapDistrict[]>(
    () => data.districts.map((d) => ({ code: d.regionCode, name: d.name, value: d.greenSpendFen })),
    [data],
  );
  const byCode = useMemo(() => new Map(data.districts.map((d) => [d.regionCode, d])), [data]);
  const tooltip = useCallback(
    (d: MapDistrict) =>
      t('charts.mapTooltip', {
        name: d.name,
        amount: money(d.value),
        share: pct(byCode.get(d.code)?.greenShareBp ?? null),
      }),
    [byCode, t],
  );
  const max = Math.max(1, ...ranked.map((d) => d.greenSpendFen));
  const city = data.cityCode;
  const map = city && hasBoundaries(city);
  return (
    <ChartCard
      title={t('charts.districts')}
      defKeys={['districts', 'district_green_spend']}
      def={t('charts.districtsDef')}
    >
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          {map ? (
            <figure style={{ margin: 0 }}>
              <DistrictMap
                cityCode={city}
                districts={mapDistricts}
                selected={selected ?? null}
                label={t('charts.mapLabel', { city: data.cityName ?? city })}
                tooltip={tooltip}
                onSelect={onSelect}
              />
              <figcaption className="jcbb-stat-legend">{t('charts.mapNote')}</figcaption>
            </figure>
          ) : (
            <Alert type="info" showIcon title={t(city ? 'charts.noMap' : 'charts.chooseCity')} />
          )}
        </Col>
        <Col xs={24} lg={10}>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('charts.ranked')}
          </Typography.Title>
          {ranked.length === 0 ? (
            <Typography.Text type="secondary">{t('charts.noDistricts')}</Typography.Text>
          ) : (
            <ol className="jcbb-stat-ranks">
              {ranked.map((d) => (
                <li key={d.regionCode}>
                  <RankButton
                    label={t('charts.districtRow', {
                      name: d.name,
                      amount: money(d.greenSpendFen),
                      share: pct(d.greenShareBp),
                      projects: d.projects,
                    })}
                    share={d.greenSpendFen / max}
                    selected={d.regionCode === selected}
                    onClick={() => onSelect(d.regionCode)}
                  />
                </li>
              ))}
            </ol>
          )}
        </Col>
      </Row>
    </ChartCard>
  );
}

/** Spend by category, the green part stacked by star bucket, with the green share as a line; a click opens the lines. */
export function CategoryPanel({ data, onLines }: { data: StatisticsData; onLines: OpenLines }) {
  const { t } = useTranslation(STATISTICS_NS);
  const english = useEnglish();
  const kindName = labelOf(standardKindLabels, english);
  const bucketName = labelOf(starBucketLabels, english);
  const categories = data.categories;
  const option = useMemo<EChartOption>(
    () => ({
      animation: false,
      grid: { ...grid, bottom: 4 },
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: {
        type: 'category',
        data: categories.map((c) => c.name),
        axisLabel: { interval: 0, rotate: categories.length > 4 ? 30 : 0, fontSize: 11 },
      },
      yAxis: [wanAxis, pctAxis],
      series: [
        ...GREEN_BUCKETS.map((bucket) => ({
          type: 'bar' as const,
          name: bucketName(bucket),
          stack: 'spend',
          itemStyle: { color: STAR_COLORS[bucket] },
          data: categories.map((c) => wan(c.stars[bucket] ?? 0)),
        })),
        {
          type: 'bar' as const,
          name: t('charts.notGreen'),
          stack: 'spend',
          itemStyle: { color: STAR_COLORS.none },
          data: categories.map((c) => wan(c.amountFen - c.greenAmountFen)),
        },
        {
          type: 'line' as const,
          name: t('charts.share'),
          yAxisIndex: 1,
          itemStyle: { color: LINE_COLOR },
          data: categories.map((c) => share(c.greenShareBp)),
        },
      ],
    }),
    [categories, bucketName, t],
  );
  const open = (code: string, name: string) => onLines({ categoryCode: code }, name);
  const onClick = (item: EChartClick) => {
    const c = categories[item.dataIndex ?? -1];
    if (c) open(c.categoryCode, c.name);
  };
  const max = Math.max(1, ...categories.map((c) => c.amountFen));
  return (
    <ChartCard
      title={t('charts.categories')}
      defKeys={['categories', 'category_spend']}
      def={t('charts.categoriesDef')}
    >
      {categories.length === 0 ? (
        <Typography.Text type="secondary">{t('charts.noCategories')}</Typography.Text>
      ) : (
        <>
          <EChart option={option} height={300} onClick={onClick} />
          <p className="jcbb-stat-legend">{t('charts.categoriesLegend')}</p>
          <ol className="jcbb-stat-ranks">
            {categories.map((c) => (
              <li key={c.categoryCode}>
                <RankButton
                  label={t('charts.categoryRow', {
                    name: c.name,
                    kind: kindName(c.kind),
                    amount: money(c.amountFen),
                    share: pct(c.greenShareBp),
                  })}
                  share={c.amountFen / max}
                  onClick={() => open(c.categoryCode, c.name)}
                />
              </li>
            ))}
          </ol>
        </>
      )}
    </ChartCard>
  );
}

/** Green spend by star bucket (a bar each); a click opens that bucket's lines. */
export function StarPanel({ data, onLines }: { data: StatisticsData; onLines: OpenLines }) {
  const { t } = useTranslation(STATISTICS_NS);
  const bucketName = labelOf(starBucketLabels, useEnglish());
  const mix = data.starMix;
  const total = mix.reduce((s, m) => s + m.amountFen, 0);
  const option = useMemo<EChartOption>(
    () => ({
      animation: false,
      grid,
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: wanAxis,
      yAxis: { type: 'category', data: mix.map((m) => bucketName(m.bucket)), inverse: true },
      series: [
        {
          type: 'bar',
          data: mix.map((m) => ({ value: wan(m.amountFen), itemStyle: { color: STAR_COLORS[m.bucket] } })),
        },
      ],
    }),
    [mix, bucketName],
  );
  const open = (bucket: StarBucketValue) => onLines({ starBucket: bucket }, bucketName(bucket));
  const onClick = (item: EChartClick) => {
    const m = mix[item.dataIndex ?? -1];
    if (m) open(m.bucket);
  };
  const max = Math.max(1, ...mix.map((m) => m.amountFen));
  return (
    <ChartCard title={t('charts.stars')} defKeys={['star_mix', 'stars']} def={t('charts.starsDef')}>
      <EChart option={option} height={200} onClick={onClick} />
      <ol className="jcbb-stat-ranks">
        {mix.map((m) => (
          <li key={m.bucket}>
            <RankButton
              label={t('charts.starRow', {
                name: bucketName(m.bucket),
                amount: money(m.amountFen),
                share: pct(shareBp(m.amountFen, total)),
              })}
              share={m.amountFen / max}
              onClick={() => open(m.bucket)}
            />
          </li>
        ))}
      </ol>
    </ChartCard>
  );
}

/** The year's quarters: green spend (bars), the quarter's share and the year-to-date share (lines). */
export function TrendPanel({ data }: { data: StatisticsData }) {
  const { t } = useTranslation(STATISTICS_NS);
  const english = useEnglish();
  const trend = data.trend;
  const option = useMemo<EChartOption>(
    () => ({
      animation: false,
      grid,
      tooltip: { trigger: 'axis' },
      xAxis: { type: 'category', data: trend.map((p) => p.period) },
      yAxis: [wanAxis, pctAxis],
      series: [
        {
          type: 'bar',
          name: t('charts.green'),
          itemStyle: { color: STAR_COLORS['2'] },
          data: trend.map((p) => wan(p.greenSpendFen)),
        },
        {
          type: 'line',
          name: t('charts.share'),
          yAxisIndex: 1,
          itemStyle: { color: LINE_COLOR },
          data: trend.map((p) => share(p.greenShareBp)),
        },
        {
          type: 'line',
          name: t('charts.ytdShare'),
          yAxisIndex: 1,
          itemStyle: { color: '#1677ff' },
          lineStyle: { type: 'dashed' },
          data: trend.map((p) => share(p.ytdGreenShareBp)),
        },
      ],
    }),
    [trend, t],
  );
  return (
    <ChartCard
      title={t('charts.trend')}
      defKeys={['trend', 'ytd_green_share', 'year_to_date']}
      def={t('charts.trendDef')}
    >
      <EChart option={option} height={240} />
      <p className="jcbb-stat-legend">{t('charts.trendLegend')}</p>
      <ul className="jcbb-stat-ranks">
        {trend.map((p) => (
          <li key={p.period}>
            {t('charts.trendRow', {
              period: periodName(p.period, english),
              amount: money(p.greenSpendFen),
              share: pct(p.greenShareBp),
              ytd: pct(p.ytdGreenShareBp),
            })}
          </li>
        ))}
      </ul>
    </ChartCard>
  );
}

/** Projects in scope by type and by step (bars, and their figures as text). */
export function ProjectsPanel({ data }: { data: StatisticsData }) {
  const { t } = useTranslation(STATISTICS_NS);
  const english = useEnglish();
  const typeName = labelOf(projectTypeLabels, english);
  const stepName = labelOf(projectStepLabels, english);
  const byType = data.projectsByType;
  const byStep = data.projectsByStep;
  const bars = useCallback(
    (names: string[], values: number[]): EChartOption => ({
      animation: false,
      grid,
      tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: { type: 'category', data: names, inverse: true },
      series: [{ type: 'bar', itemStyle: { color: '#4096ff' }, data: values }],
    }),
    [],
  );
  const typeOption = useMemo(
    () =>
      bars(
        byType.map((r) => typeName(r.type)),
        byType.map((r) => r.projects),
      ),
    [bars, byType, typeName],
  );
  const stepOption = useMemo(
    () =>
      bars(
        byStep.map((r) => stepName(r.step)),
        byStep.map((r) => r.projects),
      ),
    [bars, byStep, stepName],
  );
  const maxType = Math.max(1, ...byType.map((r) => r.projects));
  const maxStep = Math.max(1, ...byStep.map((r) => r.projects));
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <ChartCard title={t('charts.byType')} defKeys={['projects_by_type']} def={t('charts.byTypeDef')}>
          <EChart option={typeOption} height={Math.max(120, byType.length * 28 + 40)} />
          <ul className="jcbb-stat-ranks">
            {byType.map((r) => (
              <li key={r.type}>
                <RankButton
                  label={t('charts.typeRow', {
                    name: typeName(r.type),
                    count: r.projects,
                    area: amount(r.floorAreaM2),
                  })}
                  share={r.projects / maxType}
                />
              </li>
            ))}
          </ul>
        </ChartCard>
      </Col>
      <Col xs={24} lg={12}>
        <ChartCard title={t('charts.byStep')} defKeys={['projects_by_step']} def={t('charts.byStepDef')}>
          <EChart option={stepOption} height={Math.max(120, byStep.length * 28 + 40)} />
          <ul className="jcbb-stat-ranks">
            {byStep.map((r) => (
              <li key={r.step}>
                <RankButton
                  label={t('charts.countRow', { name: stepName(r.step), count: r.projects })}
                  share={r.projects / maxStep}
                />
              </li>
            ))}
          </ul>
        </ChartCard>
      </Col>
    </Row>
  );
}
