import { WITNESS_RATIO_GOAL } from '@jcbb/contract';
import { Progress, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { money, pct } from '../../../../lib/figures.ts';
import { STATISTICS_NS } from '../../locales/statistics-register.ts';
import type { StatisticsData } from '../../statistics-api.ts';
import { ChartCard, RankButton } from './ChartCard.tsx';
import type { OpenLines } from './charts.tsx';
import { amount, shareBp } from './format.ts';

function Fact({ label, value, extra }: { label: string; value: ReactNode; extra?: ReactNode }) {
  return (
    <div>
      <span className="jcbb-stat-fact__label">{label}</span>
      <span className="jcbb-stat-fact__value">{value}</span>
      {extra}
    </div>
  );
}

/** The top suppliers by green spend with their share, the top-5 concentration and the local share. */
export function SupplierPanel({ data, onLines }: { data: StatisticsData; onLines: OpenLines }) {
  const { t } = useTranslation(STATISTICS_NS);
  const { top, top5ShareBp, localShareBp } = data.suppliers;
  const max = Math.max(1, ...top.map((s) => s.greenSpendFen));
  const where = (local: boolean | null) =>
    local === null ? (
      <Tag>{t('suppliers.unknownTag')}</Tag>
    ) : local ? (
      <Tag color="green">{t('suppliers.localTag')}</Tag>
    ) : (
      <Tag>{t('suppliers.otherTag')}</Tag>
    );
  return (
    <ChartCard
      title={t('suppliers.title')}
      defKeys={['suppliers', 'top5_share', 'local_share']}
      def={t('suppliers.def')}
    >
      <div className="jcbb-stat-facts">
        <Fact label={t('suppliers.top5')} value={pct(top5ShareBp)} />
        <Fact label={t('suppliers.local')} value={pct(localShareBp)} />
      </div>
      {top.length === 0 ? (
        <Typography.Text type="secondary">{t('suppliers.empty')}</Typography.Text>
      ) : (
        <ol className="jcbb-stat-ranks">
          {top.map((s) => {
            const orgId = s.orgId;
            return (
              <li key={`${s.orgId ?? s.creditCode ?? s.name}`}>
                <RankButton
                  label={`${s.name} · ${t('suppliers.row', { amount: money(s.greenSpendFen), share: pct(s.shareBp) })}`}
                  share={s.greenSpendFen / max}
                  onClick={orgId === null ? undefined : () => onLines({ supplierOrgId: orgId }, s.name)}
                />
                {where(s.local)}
              </li>
            );
          })}
        </ol>
      )}
    </ChartCard>
  );
}

/** Transport carbon of the quarter's deliveries, by mode, with the distance facts behind it. */
export function CarbonPanel({ data }: { data: StatisticsData }) {
  const { t } = useTranslation(STATISTICS_NS);
  const c = data.carbon;
  const max = Math.max(1, ...c.byMode.map((m) => m.kg));
  return (
    <ChartCard title={t('carbon.title')} defKeys={['carbon', 'transport_carbon']} def={t('carbon.def')}>
      {c.deliveries === 0 ? (
        <Typography.Text type="secondary">{t('carbon.empty')}</Typography.Text>
      ) : (
        <>
          <div className="jcbb-stat-facts">
            <Fact label={t('carbon.total')} value={t('carbon.kg', { value: amount(c.totalKg) })} />
          </div>
          <Typography.Paragraph type="secondary">
            {[
              t('carbon.deliveries', { count: c.deliveries }),
              c.averageDistanceKm === null ? null : t('carbon.distance', { km: amount(c.averageDistanceKm) }),
              t('carbon.defaultShare', { share: pct(c.defaultDistanceShareBp) }),
              c.missingMass > 0 ? t('carbon.missingMass', { count: c.missingMass }) : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Paragraph>
          <ul className="jcbb-stat-ranks">
            {c.byMode.map((m) => (
              <li key={m.mode}>
                <RankButton label={`${m.name}：${t('carbon.kg', { value: amount(m.kg) })}`} share={m.kg / max} />
              </li>
            ))}
          </ul>
        </>
      )}
    </ChartCard>
  );
}

/** Spot checks passed, the witnessed share of required retests against the 30 % rule, and the samples' results. */
export function InspectionPanel({ data }: { data: StatisticsData }) {
  const { t } = useTranslation(STATISTICS_NS);
  const i = data.inspections;
  const goalPct = Math.round(WITNESS_RATIO_GOAL * 100);
  const low = i.witnessShareBp !== null && i.witnessShareBp < goalPct * 100;
  return (
    <ChartCard
      title={t('inspections.title')}
      defKeys={['inspections', 'witness_share', 'spot_checks']}
      def={t('inspections.def')}
    >
      <div className="jcbb-stat-facts">
        <Fact
          label={t('inspections.spotChecks')}
          value={t('inspections.spotChecksValue', { passed: i.spotChecksPassed, total: i.spotChecks })}
          extra={
            i.spotChecks > 0 ? (
              <Progress
                percent={(shareBp(i.spotChecksPassed, i.spotChecks) ?? 0) / 100}
                size="small"
                showInfo={false}
                aria-hidden
              />
            ) : null
          }
        />
        <Fact
          label={t('inspections.witness')}
          value={t('inspections.witnessValue', {
            witnessed: i.witnessed,
            required: i.retestsRequired,
            share: pct(i.witnessShareBp),
          })}
          extra={
            <>
              <Progress
                percent={(i.witnessShareBp ?? 0) / 100}
                success={{ percent: 0 }}
                status={low ? 'exception' : 'normal'}
                size="small"
                showInfo={false}
                aria-hidden
              />
              <Typography.Text type={low ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
                {t(low ? 'inspections.witnessLow' : 'inspections.witnessGoal', { goal: goalPct })}
              </Typography.Text>
            </>
          }
        />
        <Fact
          label={t('inspections.samples')}
          value={t('inspections.samplesValue', { passed: i.samplesPassed, failed: i.samplesFailed })}
        />
      </div>
    </ChartCard>
  );
}
