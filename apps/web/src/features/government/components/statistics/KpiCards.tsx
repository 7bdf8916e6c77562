import { filingDueOn } from '@jcbb/contract';
import { Card, Col, Row } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { money, pct } from '../../../../lib/figures.ts';
import { STATISTICS_NS } from '../../locales/statistics-register.ts';
import type { StatisticsData } from '../../statistics-api.ts';
import { DefinitionInfo } from './definitions.tsx';
import { amount } from './format.ts';

/** The drill-down slices of the contract (StatisticsSlice): which projects a figure stands for. */
export type Slice =
  | 'all'
  | 'filed'
  | 'overdue'
  | 'mandatory_failing'
  | 'optional_failing'
  | 'payment_below'
  | 'with_alerts';

interface Kpi {
  key: string;
  title: string;
  value: string;
  unit?: string;
  sub: ReactNode;
  /** The server's definition keys to look for, then the page's own line. */
  defKeys: readonly string[];
  def: string;
  /** The projects behind it; none = a catalogue figure, not a project one. */
  slice?: Slice;
  /** Drawn in the warning colour above zero. */
  warn?: boolean;
}

/**
 * The dashboard's key figures (DOMAIN §6.1), each with its definition (ⓘ) and, where projects stand behind it, a
 * button opening them (`onOpen(slice, title)`). On a phone the cards stack.
 */
export function KpiCards({ data, onOpen }: { data: StatisticsData; onOpen: (slice: Slice, title: string) => void }) {
  const { t } = useTranslation(STATISTICS_NS);
  const k = data.kpis;
  const alerts = k.openAlerts.high + k.openAlerts.medium + k.openAlerts.low;
  const kpis: Kpi[] = [
    {
      key: 'projects',
      title: t('kpi.projects'),
      value: k.projects.toLocaleString(),
      unit: t('kpi.projectsUnit'),
      sub: t('kpi.projectsSub', { area: amount(k.floorAreaM2) }),
      defKeys: ['projects_in_scope', 'projects', 'all'],
      def: t('kpi.projectsDef'),
      slice: 'all',
    },
    {
      key: 'greenSpend',
      title: t('kpi.greenSpend'),
      value: money(k.greenSpendFen),
      sub: t('kpi.greenSpendSub', { amount: money(k.standardSpendFen) }),
      defKeys: ['green_spend', 'greenSpendFen'],
      def: t('kpi.greenSpendDef'),
      slice: 'all',
    },
    {
      key: 'greenShare',
      title: t('kpi.greenShare'),
      value: pct(k.greenShareBp),
      sub: t('kpi.greenShareSub'),
      defKeys: ['green_share', 'greenShareBp'],
      def: t('kpi.greenShareDef'),
      slice: 'all',
    },
    {
      key: 'mandatory',
      title: t('kpi.mandatory'),
      value: k.mandatoryFailingProjects.toLocaleString(),
      unit: t('kpi.projectsUnit'),
      sub: t('kpi.mandatorySub', { total: k.mandatoryProjects, share: pct(k.mandatoryComplianceBp) }),
      defKeys: ['mandatory_failing', 'mandatory_compliance', 'mandatoryComplianceBp'],
      def: t('kpi.mandatoryDef'),
      slice: 'mandatory_failing',
      warn: k.mandatoryFailingProjects > 0,
    },
    {
      key: 'optional',
      title: t('kpi.optional'),
      value: k.optionalFailingProjects.toLocaleString(),
      unit: t('kpi.projectsUnit'),
      sub: t('kpi.optionalSub', { total: k.optionalProjects }),
      defKeys: ['optional_failing', 'optional_coverage'],
      def: t('kpi.optionalDef'),
      slice: 'optional_failing',
      warn: k.optionalFailingProjects > 0,
    },
    {
      key: 'filed',
      title: t('kpi.filed'),
      value: k.filedProjects.toLocaleString(),
      unit: t('kpi.projectsUnit'),
      sub: t('kpi.filedSub', { overdue: k.overdueProjects }),
      defKeys: ['filed', 'filed_projects'],
      def: t('kpi.filedDef'),
      slice: 'filed',
    },
    {
      key: 'overdue',
      title: t('kpi.overdue'),
      value: k.overdueProjects.toLocaleString(),
      unit: t('kpi.projectsUnit'),
      sub: t('kpi.overdueSub', { due: filingDueOn(data.period) }),
      defKeys: ['overdue', 'overdue_projects'],
      def: t('kpi.filedDef'),
      slice: 'overdue',
      warn: k.overdueProjects > 0,
    },
    {
      key: 'payment',
      title: t('kpi.payment'),
      value: k.paymentBelowMin.toLocaleString(),
      unit: t('kpi.filingsUnit'),
      sub: t('kpi.paymentSub', { total: k.paymentFiled }),
      defKeys: ['payment_below', 'progress_payment'],
      def: t('kpi.paymentDef'),
      slice: 'payment_below',
      warn: k.paymentBelowMin > 0,
    },
    {
      key: 'alerts',
      title: t('kpi.alerts'),
      value: alerts.toLocaleString(),
      unit: t('kpi.itemsUnit'),
      sub: t('kpi.alertsSub', k.openAlerts),
      defKeys: ['open_alerts', 'with_alerts', 'openAlerts'],
      def: t('kpi.alertsDef'),
      slice: 'with_alerts',
      warn: k.openAlerts.high > 0,
    },
    {
      key: 'certified',
      title: t('kpi.certified'),
      value: k.certifiedProducts.toLocaleString(),
      unit: t('kpi.itemsUnit'),
      sub: t('kpi.certifiedSub'),
      defKeys: ['certified_products', 'certifiedProducts'],
      def: t('kpi.certifiedDef'),
    },
    {
      key: 'expiring',
      title: t('kpi.expiring'),
      value: k.certificatesExpiring90.toLocaleString(),
      unit: t('kpi.itemsUnit'),
      sub: t('kpi.expiringSub'),
      defKeys: ['certificates_expiring_90', 'certificates_expiring', 'certificatesExpiring90'],
      def: t('kpi.expiringDef'),
    },
  ];
  return (
    <section aria-label={t('kpi.section')}>
      <Row gutter={[12, 12]}>
        {kpis.map((kpi) => (
          <Col key={kpi.key} xs={24} sm={12} lg={8} xl={6}>
            <KpiCard kpi={kpi} onOpen={onOpen} />
          </Col>
        ))}
      </Row>
    </section>
  );
}

function KpiCard({ kpi, onOpen }: { kpi: Kpi; onOpen: (slice: Slice, title: string) => void }) {
  const { t } = useTranslation(STATISTICS_NS);
  const figure = (
    <>
      <span className={kpi.warn ? 'jcbb-stat-kpi__value is-warn' : 'jcbb-stat-kpi__value'}>{kpi.value}</span>
      {kpi.unit && <span className="jcbb-stat-kpi__unit">{kpi.unit}</span>}
    </>
  );
  const { slice } = kpi;
  return (
    <Card size="small" className="jcbb-stat-kpi" data-testid={`kpi-${kpi.key}`}>
      <div className="jcbb-stat-kpi__head">
        <span className="jcbb-stat-kpi__title">{kpi.title}</span>
        <DefinitionInfo name={kpi.title} keys={kpi.defKeys} fallback={kpi.def} />
      </div>
      {slice ? (
        <button
          type="button"
          className="jcbb-stat-kpi__open"
          title={t('kpi.open')}
          aria-label={`${kpi.title}：${kpi.value}${kpi.unit ?? ''}，${t('kpi.open')}`}
          onClick={() => onOpen(slice, kpi.title)}
        >
          {figure}
        </button>
      ) : (
        <div className="jcbb-stat-kpi__static">{figure}</div>
      )}
      <div className="jcbb-stat-kpi__sub">{kpi.sub}</div>
    </Card>
  );
}
