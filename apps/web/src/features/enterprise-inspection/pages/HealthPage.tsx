import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Col, Flex, Row, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageCard } from '../../../components/PageCard.tsx';
import { type InspectionHealth, inspectionQueries } from '../api.ts';
import { ExpiryCalendar } from '../components/ExpiryCalendar.tsx';
import { RecordTable } from '../components/RecordTable.tsx';
import { INSPECTION_NS } from '../locales/register.ts';

type Figure = InspectionHealth['certificates']['valid'];

/** One figure: its count, coloured when it asks for action, and a link to where it is fixed. */
function FigureCard({ label, figure, warn }: { label: string; figure: Figure; warn?: 'warning' | 'danger' }) {
  const { t } = useTranslation(INSPECTION_NS);
  const color = warn && figure.count > 0 ? (warn === 'danger' ? '#cf1322' : '#d46b08') : undefined;
  return (
    <Card size="small" style={{ height: '100%' }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <div style={{ fontSize: 24, fontWeight: 600, color }}>{figure.count}</div>
      {figure.count > 0 && (
        <Link to={figure.link} aria-label={`${label}：${t(warn ? 'health.fix' : 'health.view')}`}>
          {t(warn ? 'health.fix' : 'health.view')}
        </Link>
      )}
    </Card>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      <Row gutter={[12, 12]}>{children}</Row>
    </section>
  );
}

const cell = { xs: 12, sm: 8, lg: 4 } as const;

/**
 * /enterpriseInspection/info: the manufacturer's compliance health (docs/enterprise-inspection.md) — its figures,
 * each linking to where it is fixed, the calendar of expiries, and the inspection records about it.
 */
export function HealthPage() {
  const { t } = useTranslation(INSPECTION_NS);
  const health = useQuery(inspectionQueries.health());
  const records = useQuery(inspectionQueries.list({ take: 50 }));
  const h = health.data;
  return (
    <Flex vertical gap={16}>
      <PageCard
        title={t('health.title')}
        tools={h && <Typography.Text type="secondary">{t('health.asOf', { date: h.today })}</Typography.Text>}
      >
        {health.isError && <Alert type="error" showIcon message={health.error.message} />}
        {!h && !health.isError && <Skeleton active paragraph={{ rows: 6 }} />}
        {h && (
          <Flex vertical gap={20}>
            <Section title={t('health.certificates')}>
              <Col {...cell}>
                <FigureCard label={t('health.valid')} figure={h.certificates.valid} />
              </Col>
              <Col {...cell}>
                <FigureCard label={t('health.within30')} figure={h.certificates.within30} warn="danger" />
              </Col>
              <Col {...cell}>
                <FigureCard label={t('health.within60')} figure={h.certificates.within60} warn="warning" />
              </Col>
              <Col {...cell}>
                <FigureCard label={t('health.within90')} figure={h.certificates.within90} warn="warning" />
              </Col>
              <Col {...cell}>
                <FigureCard label={t('health.expired')} figure={h.certificates.expired} warn="danger" />
              </Col>
              <Col {...cell}>
                <FigureCard label={t('health.revoked')} figure={h.certificates.revoked} warn="danger" />
              </Col>
            </Section>
            <Section title={t('health.listings')}>
              <Col {...cell}>
                <FigureCard label={t('health.active')} figure={h.listings.active} />
              </Col>
              <Col {...cell}>
                <FigureCard label={t('health.rejected')} figure={h.listings.rejected} warn="warning" />
              </Col>
              <Col xs={24} lg={16}>
                <Flex vertical gap={4} style={{ paddingTop: 8 }}>
                  {h.listings.byCity.map((c) => (
                    <Typography.Text key={c.cityCode} type="secondary">
                      {t('health.byCity', { city: c.cityName, active: c.active, rejected: c.rejected })}
                    </Typography.Text>
                  ))}
                </Flex>
              </Col>
            </Section>
            <Section title={t('health.risks')}>
              <Col {...cell}>
                <FigureCard
                  label={t('health.authorisationsExpiring')}
                  figure={h.authorisationsExpiring}
                  warn="warning"
                />
              </Col>
              <Col {...cell}>
                <FigureCard label={t('health.failedSamplings')} figure={h.failedSamplings} warn="danger" />
              </Col>
              <Col {...cell}>
                <FigureCard label={t('health.failedSpotChecks')} figure={h.failedSpotChecks} warn="danger" />
              </Col>
              <Col {...cell}>
                <FigureCard label={t('health.openRectifications')} figure={h.openRectifications} warn="warning" />
              </Col>
              <Col {...cell}>
                <FigureCard label={t('health.overdueRectifications')} figure={h.overdueRectifications} warn="danger" />
              </Col>
            </Section>
            <Section title={t('health.products')}>
              <Col {...cell}>
                <FigureCard
                  label={t('health.productsMissingDocuments')}
                  figure={h.productsMissingDocuments}
                  warn="warning"
                />
              </Col>
              <Col {...cell}>
                <FigureCard label={t('health.productsMissingMass')} figure={h.productsMissingMass} warn="warning" />
              </Col>
            </Section>
          </Flex>
        )}
      </PageCard>
      <PageCard title={t('health.records')}>
        <RecordTable rows={records.data?.list ?? []} loading={records.isLoading} show="inspector" />
      </PageCard>
      <PageCard title={t('health.calendar')}>
        {h ? <ExpiryCalendar entries={h.calendar} today={h.today} /> : <Skeleton active />}
      </PageCard>
    </Flex>
  );
}

export default HealthPage;
