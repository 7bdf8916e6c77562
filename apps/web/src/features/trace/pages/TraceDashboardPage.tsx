import { CheckCircleFilled, WarningOutlined } from '@ant-design/icons';
import { AWAITING_RECEIPT_DAYS, OrgType } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { formatQuantity } from '@jcbb/contract/quantity';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Flex, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { useSession } from '../../../lib/session.ts';
import { dashboardQueries, type TraceDashboard } from '../api.ts';
import { BarChart } from '../components/BarChart.tsx';
import { formatCarbon } from '../components/format.ts';
import { TRACE_NS } from '../locales/register.ts';
import { shipmentDetailPath, TRACE_PATHS } from '../paths.ts';

const MEASURED_COLOR = '#1677ff';
const DEFAULT_COLOR = '#91caff';

/** Nothing has happened yet: no stock, no shipment, no emission, no alert. */
export function isEmptyDashboard(d: TraceDashboard): boolean {
  return (
    d.shippedThisMonth === 0 &&
    d.inTransit === 0 &&
    d.stockByProduct.length === 0 &&
    d.topReceivers.length === 0 &&
    d.carbonByMonth.every((m) => m.measuredKg === 0 && m.defaultKg === 0) &&
    d.alerts.length === 0
  );
}

/**
 * /productionManagement/dashboard: the manufacturer's or distributor's traceability at a glance: shipments this
 * month, in transit and awaiting receipt too long; stock by product; top receivers; transport CO₂ (GB/T 51366) by
 * month with measured and default distances apart, by product and by transport type; and the alerts raised on its
 * codes. Before anything has happened it says what to do first.
 */
export function TraceDashboardPage() {
  const { t } = useTranslation(TRACE_NS);
  const dashboard = useQuery(dashboardQueries.overview());
  if (dashboard.isError) return <Alert type="error" showIcon title={dashboard.error.message} />;
  if (!dashboard.data) return <Skeleton active paragraph={{ rows: 8 }} />;
  const d = dashboard.data;
  const empty = isEmptyDashboard(d);
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Kpis dashboard={d} />
      {empty ? (
        <GettingStarted />
      ) : (
        <>
          {d.alerts.length > 0 && <Alerts alerts={d.alerts} />}
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <StockByProduct dashboard={d} />
            </Col>
            <Col xs={24} lg={12}>
              <Card size="small" title={t('dashboard.topReceivers')}>
                <BarChart
                  label={t('dashboard.topReceivers')}
                  rows={d.topReceivers.map((r) => ({
                    key: `${r.kind}:${r.name}`,
                    label: r.kind === 'project' ? `${r.name}（${t('common.project')}）` : r.name,
                    values: [r.shipments],
                  }))}
                  series={[{ name: t('dashboard.shipments'), color: MEASURED_COLOR }]}
                  format={(n) => t('dashboard.shipmentCount', { count: n })}
                  emptyText={t('dashboard.noReceivers')}
                />
              </Card>
            </Col>
          </Row>
          <CarbonByMonth dashboard={d} />
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <Card size="small" title={t('dashboard.carbonByProduct')}>
                <BarChart
                  label={t('dashboard.carbonByProduct')}
                  rows={d.carbonByProduct.map((r) => ({
                    key: r.productName,
                    label: r.productName,
                    values: [r.kgCO2e],
                  }))}
                  series={[{ name: t('dashboard.co2'), color: MEASURED_COLOR }]}
                  format={(n) => formatCarbon(n)}
                  emptyText={t('dashboard.noCarbon')}
                />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card size="small" title={t('dashboard.carbonByTransport')}>
                <BarChart
                  label={t('dashboard.carbonByTransport')}
                  rows={d.carbonByTransport.map((r) => ({ key: r.transportType, label: r.name, values: [r.kgCO2e] }))}
                  series={[{ name: t('dashboard.co2'), color: MEASURED_COLOR }]}
                  format={(n) => formatCarbon(n)}
                  emptyText={t('dashboard.noCarbon')}
                />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </Space>
  );
}

function Kpi({ title, value, to, warn = false }: { title: string; value: number; to: string; warn?: boolean }) {
  return (
    <Card size="small">
      <Link to={to} style={{ color: 'inherit' }}>
        <Statistic
          title={title}
          value={value}
          prefix={warn && value > 0 ? <WarningOutlined /> : undefined}
          styles={warn && value > 0 ? { content: { color: '#d46b08' } } : undefined}
        />
      </Link>
    </Card>
  );
}

function Kpis({ dashboard: d }: { dashboard: TraceDashboard }) {
  const { t } = useTranslation(TRACE_NS);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} sm={8}>
        <Kpi title={t('dashboard.shippedThisMonth')} value={d.shippedThisMonth} to={TRACE_PATHS.trackList} />
      </Col>
      <Col xs={12} sm={8}>
        <Kpi title={t('dashboard.inTransit')} value={d.inTransit} to={TRACE_PATHS.trackList} />
      </Col>
      <Col xs={12} sm={8}>
        <Kpi
          title={t('dashboard.awaiting', { days: AWAITING_RECEIPT_DAYS })}
          value={d.awaitingOverDays}
          to={TRACE_PATHS.trackList}
          warn
        />
      </Col>
    </Row>
  );
}

/** The first steps, each marked done once it is: an address, stock (a lot made, or goods received), a shipment. */
function GettingStarted() {
  const { t } = useTranslation(TRACE_NS);
  const maker = useSession().user?.organization?.type === OrgType.MANUFACTURER;
  const addresses = useQuery(dashboardQueries.anyAddress());
  const hasAddress = (addresses.data?.total ?? 0) > 0;
  const steps: { key: string; done: boolean; title: string; text: string; link: ReactNode }[] = [
    {
      key: 'address',
      done: hasAddress,
      title: t('dashboard.stepAddress'),
      text: t('dashboard.stepAddressText'),
      link: <Link to={TRACE_PATHS.addressManagement}>{t('dashboard.stepAddressLink')}</Link>,
    },
    maker
      ? {
          key: 'stock',
          done: false,
          title: t('dashboard.stepLot'),
          text: t('dashboard.stepLotText'),
          link: <Link to={TRACE_PATHS.productDashboard}>{t('dashboard.stepLotLink')}</Link>,
        }
      : {
          key: 'stock',
          done: false,
          title: t('dashboard.stepReceive'),
          text: t('dashboard.stepReceiveText'),
          link: <Link to={TRACE_PATHS.sources}>{t('dashboard.stepReceiveLink')}</Link>,
        },
    {
      key: 'ship',
      done: false,
      title: t('dashboard.stepShip'),
      text: t('dashboard.stepShipText'),
      link: <Link to={TRACE_PATHS.sendProduct}>{t('dashboard.stepShipLink')}</Link>,
    },
  ];
  return (
    <Card title={t('dashboard.startTitle')}>
      <Typography.Paragraph type="secondary">{t('dashboard.startIntro')}</Typography.Paragraph>
      <ol style={{ margin: 0, paddingInlineStart: 20 }}>
        {steps.map((s) => (
          <li key={s.key} style={{ marginBottom: 12 }}>
            <Flex wrap gap={8} align="baseline">
              <Typography.Text strong>{s.title}</Typography.Text>
              {s.done ? (
                <Typography.Text type="success">
                  <CheckCircleFilled /> {t('dashboard.done')}
                </Typography.Text>
              ) : (
                s.link
              )}
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>
              {s.text}
            </Typography.Text>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function Alerts({ alerts }: { alerts: TraceDashboard['alerts'] }) {
  const { t } = useTranslation(TRACE_NS);
  return (
    <Card size="small" title={t('dashboard.alerts', { count: alerts.length })}>
      <ItemList
        size="small"
        items={alerts}
        rowKey={(a) => `${a.kind}:${a.code ?? ''}:${a.shipmentId ?? ''}:${a.createTime}`}
        renderItem={(a) => (
          <Space orientation="vertical" size={0}>
            <Typography.Text type="warning">
              <WarningOutlined /> {a.message}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12, wordBreak: 'break-all' }}>
              {a.createTime}
              {a.code && (
                <>
                  {' · '}
                  <a href={pageUrl(pages.scanDetail, { code: a.code })} target="_blank" rel="noreferrer">
                    {t('dashboard.alertCode', { code: a.code })}
                  </a>
                </>
              )}
              {a.shipmentId !== null && (
                <>
                  {' · '}
                  <Link to={shipmentDetailPath(a.shipmentId)}>{t('dashboard.alertShipment')}</Link>
                </>
              )}
            </Typography.Text>
          </Space>
        )}
      />
    </Card>
  );
}

function StockByProduct({ dashboard: d }: { dashboard: TraceDashboard }) {
  const { t } = useTranslation(TRACE_NS);
  return (
    <Card
      size="small"
      title={t('dashboard.stockByProduct')}
      extra={<Link to={TRACE_PATHS.inventoryDetail}>{t('dashboard.toStock')}</Link>}
    >
      <ItemList
        size="small"
        items={d.stockByProduct}
        rowKey={(s) => s.productId}
        emptyText={t('dashboard.noStock')}
        renderItem={(s) => (
          <Flex justify="space-between" gap={8}>
            <span style={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}>{s.productName}</span>
            <span style={{ flex: 'none' }}>
              {formatQuantity(s.quantity)} {s.unitName}
            </span>
          </Flex>
        )}
      />
    </Card>
  );
}

function CarbonByMonth({ dashboard: d }: { dashboard: TraceDashboard }) {
  const { t } = useTranslation(TRACE_NS);
  const missing = d.carbonByMonth.reduce((n, m) => n + m.missingMassShipments, 0);
  return (
    <Card size="small" title={t('dashboard.carbonByMonth')}>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('dashboard.carbonHelp')}
      </Typography.Paragraph>
      <BarChart
        label={t('dashboard.carbonByMonth')}
        orientation="vertical"
        rows={d.carbonByMonth.map((m) => ({
          key: m.month,
          label: m.month,
          values: [m.measuredKg, m.defaultKg],
          note:
            m.missingMassShipments > 0 ? (
              <Typography.Text type="warning" style={{ fontSize: 12 }}>
                {' '}
                {t('dashboard.missingMass', { count: m.missingMassShipments })}
              </Typography.Text>
            ) : undefined,
          tooltipNote:
            m.missingMassShipments > 0 ? t('dashboard.missingMass', { count: m.missingMassShipments }) : undefined,
        }))}
        series={[
          { name: t('dashboard.measured'), color: MEASURED_COLOR },
          { name: t('dashboard.defaultDistance'), color: DEFAULT_COLOR },
        ]}
        format={(n) => formatCarbon(n)}
        emptyText={t('dashboard.noCarbon')}
      />
      {missing > 0 && <Alert type="warning" showIcon title={t('dashboard.missingMassTotal', { count: missing })} />}
    </Card>
  );
}
