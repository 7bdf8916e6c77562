import { cardSourceLabels } from '@jcbb/contract';
import { useQuery } from '@tanstack/react-query';
import { Empty, Skeleton, Statistic, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { EChart, type EChartOption } from '../../../components/EChart.tsx';
import { labelOf } from '../../../lib/labels.ts';
import { type CardStats, statsQuery } from '../api.ts';
import { CARD_NS } from '../locales/register.ts';

const VIEWS_COLOR = '#1677ff';
const VISITORS_COLOR = '#16a34a';

/** Views and unique visitors per day, sources and products viewed, over the last 30 days. */
export function StatsPanel({ userId }: { userId?: number }) {
  const { i18n } = useTranslation(CARD_NS);
  const stats = useQuery(statsQuery(userId));
  if (!stats.data) return <Skeleton active />;
  const english = i18n.language.startsWith('en');
  return <StatsBody stats={stats.data} english={english} />;
}

function StatsBody({ stats, english }: { stats: CardStats; english: boolean }) {
  const { t } = useTranslation(CARD_NS);
  const line = useMemo<EChartOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 36, right: 12, top: 16, bottom: 24 },
      xAxis: { type: 'category', data: stats.days.map((d) => d.day.slice(5)) },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        { name: t('views'), type: 'line', smooth: true, color: VIEWS_COLOR, data: stats.days.map((d) => d.views) },
        {
          name: t('visitors'),
          type: 'line',
          smooth: true,
          color: VISITORS_COLOR,
          data: stats.days.map((d) => d.visitors),
        },
      ],
    }),
    [stats, t],
  );
  const bar = useMemo<EChartOption>(() => {
    const label = labelOf(cardSourceLabels, english);
    return {
      tooltip: {},
      grid: { left: 80, right: 16, top: 8, bottom: 24 },
      xAxis: { type: 'value', minInterval: 1 },
      yAxis: {
        type: 'category',
        data: stats.sources.map((s) => (s.source === 'other' && s.host ? s.host : label(s.source))),
      },
      series: [{ name: t('views'), type: 'bar', data: stats.sources.map((s) => s.views) }],
    };
  }, [stats, t, english]);
  return (
    <div>
      <div className="card-dash__figures">
        <Statistic title={t('views')} value={stats.totals.views} />
        <Statistic title={t('visitors')} value={stats.totals.visitors} />
        <Statistic title={t('leadsCount')} value={stats.totals.leads} />
      </div>
      <div className="card-dash__legend" aria-hidden>
        <span style={{ color: VIEWS_COLOR }}>● {t('views')}</span>
        <span style={{ color: VISITORS_COLOR }}>● {t('visitors')}</span>
      </div>
      <EChart option={line} height={220} label={t('stats')} />
      <Typography.Title level={5}>{t('sources')}</Typography.Title>
      {stats.sources.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />
      ) : (
        <EChart option={bar} height={40 + stats.sources.length * 32} label={t('sources')} />
      )}
      <Typography.Title level={5}>{t('topProducts')}</Typography.Title>
      {stats.products.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('noData')} />
      ) : (
        <ol>
          {stats.products.map((p) => (
            <li key={p.productId}>
              {p.name} · {t('clicks', { count: p.clicks })}
            </li>
          ))}
        </ol>
      )}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('statsPrivacy')}
      </Typography.Paragraph>
    </div>
  );
}
