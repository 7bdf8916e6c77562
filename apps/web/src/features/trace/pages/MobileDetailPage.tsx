import { EnvironmentOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import type { PublicTraceData } from '@jcbb/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Empty,
  Flex,
  List,
  Result,
  Skeleton,
  Tag,
  Timeline,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useInFrame } from '../../../app/route-context.ts';
import { PublicFrame } from '../../../layout/PublicFrame.tsx';
import { ApiError } from '../../../lib/http.ts';
import { extractTraceCode, groupCode } from '../components/mobile/trace-code.ts';
import { VerifyCard } from '../components/mobile/VerifyCard.tsx';
import { TRACE_MOBILE_NS } from '../locales/mobile.register.ts';
import { productImageUrl, publicTraceQuery } from '../mobile-api.ts';
import '../components/mobile/mobile.css';

/**
 * /mobile/detail?code=… — what a label's QR code opens: the material, its maker and lot, whether its certificate is
 * valid, where it is listed, the chain of custody (organisations, cities, dates — never people), the transport
 * emissions, alerts, and a verdict this browser reaches by itself from the evidence log. Phone first, no sign-in.
 */
export default function MobileDetailPage() {
  const inFrame = useInFrame();
  const page = <MobileDetail />;
  return inFrame ? page : <PublicFrame>{page}</PublicFrame>;
}

export function MobileDetail() {
  const { t } = useTranslation(TRACE_MOBILE_NS);
  const [params] = useSearchParams();
  const code = extractTraceCode(params.get('code') ?? '');
  const trace = useQuery({ ...publicTraceQuery(code ?? ''), enabled: code !== null, retry: false });
  const missing =
    code === null || (trace.error instanceof ApiError && (trace.error.status === 404 || trace.error.status === 400));

  let body: React.ReactNode;
  if (missing) {
    body = (
      <Card variant="borderless">
        <Result
          status="404"
          title={t('detail.notFound')}
          subTitle={t('detail.notFoundText')}
          extra={
            <Link to="/mobile/index">
              <Button type="primary">{t('detail.back')}</Button>
            </Link>
          }
        />
      </Card>
    );
  } else if (trace.isError) {
    body = (
      <Card variant="borderless">
        <Result
          status="warning"
          title={t('detail.loadFailed')}
          extra={<Button onClick={() => void trace.refetch()}>{t('detail.retry')}</Button>}
        />
      </Card>
    );
  } else if (!trace.data) {
    body = (
      <Card variant="borderless">
        <Skeleton active paragraph={{ rows: 8 }} />
      </Card>
    );
  } else {
    body = <TraceView data={trace.data} />;
  }
  return <div className="jcbb-trace-mobile">{body}</div>;
}

const certColor = { valid: 'success', expired: 'warning', revoked: 'error', none: 'default' } as const;

function TraceView({ data }: { data: PublicTraceData }) {
  const { t } = useTranslation(TRACE_MOBILE_NS);
  return (
    <>
      {data.alerts.map((a) => (
        <Alert key={a.kind} type="warning" showIcon title={a.message} className="jcbb-trace-mobile__alert" />
      ))}
      <ProductCard data={data} />
      <VerifyCard data={data} />
      <CertificateCard data={data} />
      <Card variant="borderless" title={t('custody.title')}>
        {data.custody.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('custody.none')} />
        ) : (
          <Timeline
            items={data.custody.map((c, i) => ({
              key: `${c.step}-${c.date}-${i}`,
              color: i === data.custody.length - 1 ? 'green' : 'blue',
              content: (
                <div className="jcbb-trace-mobile__step">
                  <Typography.Text strong>{c.stepName}</Typography.Text>
                  <span className="jcbb-trace-mobile__date">{c.date}</span>
                  <div>{c.orgName}</div>
                  {c.cityName && (
                    <Typography.Text type="secondary">
                      <EnvironmentOutlined /> {c.cityName}
                    </Typography.Text>
                  )}
                </div>
              ),
            }))}
          />
        )}
      </Card>
      <Card variant="borderless" title={t('carbon.title')}>
        <Typography.Paragraph type="secondary">{t('carbon.intro')}</Typography.Paragraph>
        {data.carbon.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('carbon.none')} />
        ) : (
          <List
            dataSource={data.carbon}
            renderItem={(s) => (
              <List.Item key={s.shipmentNumber}>
                <Flex vertical gap={4} style={{ width: '100%' }}>
                  <Flex justify="space-between" wrap gap={8}>
                    <Typography.Text>{t('carbon.shipment', { number: s.shipmentNumber })}</Typography.Text>
                    <Typography.Text type="secondary">{s.shipDate}</Typography.Text>
                  </Flex>
                  <Flex justify="space-between" wrap gap={8} align="center">
                    {s.kgCO2e === null ? (
                      <Tag color="warning">{t('carbon.missingMass')}</Tag>
                    ) : (
                      <Typography.Text strong>{`${s.kgCO2e} kgCO₂e`}</Typography.Text>
                    )}
                    <span>
                      {`${s.distanceKm} km `}
                      <Tag color={s.distanceSource === 'measured' ? 'blue' : 'default'}>
                        {s.distanceSource === 'measured' ? t('carbon.measured') : t('carbon.standard')}
                      </Tag>
                    </span>
                  </Flex>
                </Flex>
              </List.Item>
            )}
          />
        )}
      </Card>
      <Card variant="borderless" title={t('listings.title')}>
        {data.listings.length === 0 ? (
          <Typography.Text type="secondary">{t('listings.none')}</Typography.Text>
        ) : (
          <Flex wrap gap={8}>
            {data.listings.map((l) => (
              <Tag key={l.cityCode} color={l.listed ? 'success' : 'default'} className="jcbb-trace-mobile__city">
                {`${l.cityName} · ${l.stateName}`}
              </Tag>
            ))}
          </Flex>
        )}
      </Card>
      <Flex justify="center">
        <Link to="/mobile/index">
          <Button>{t('detail.back')}</Button>
        </Link>
      </Flex>
    </>
  );
}

function ProductCard({ data }: { data: PublicTraceData }) {
  const { t } = useTranslation(TRACE_MOBILE_NS);
  const [imageBroken, setImageBroken] = useState(false);
  const image = data.product.imageUploadId;
  return (
    <Card variant="borderless">
      <Flex gap={16} align="flex-start">
        {image !== null && !imageBroken && (
          <img
            className="jcbb-trace-mobile__image"
            src={productImageUrl(data.product.id, image)}
            alt=""
            onError={() => setImageBroken(true)}
          />
        )}
        <Flex vertical gap={4} style={{ minWidth: 0 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {data.product.name}
          </Typography.Title>
          <Typography.Text type="secondary">{data.product.specName}</Typography.Text>
          <Flex wrap gap={4}>
            <Tag color="blue">{data.statusName}</Tag>
            <Tag>{t(`detail.level.${data.level}`)}</Tag>
          </Flex>
        </Flex>
      </Flex>
      <Descriptions
        style={{ marginTop: 16 }}
        size="small"
        column={{ xs: 1, sm: 1, md: 2 }}
        items={[
          {
            key: 'code',
            label: t('detail.code'),
            children: <span className="jcbb-trace-mobile__code">{groupCode(data.code)}</span>,
          },
          {
            key: 'maker',
            label: t('detail.maker'),
            children: [data.maker.name, data.maker.cityName].filter(Boolean).join(' · '),
          },
          { key: 'batch', label: t('detail.batch'), children: data.lot.batchNo },
          { key: 'production', label: t('detail.productionDate'), children: data.lot.productionDate },
          ...(data.lot.expiryDate
            ? [{ key: 'expiry', label: t('detail.expiryDate'), children: data.lot.expiryDate }]
            : []),
          {
            key: 'quantity',
            label: t('detail.quantity'),
            children: `${data.quantity} ${data.unitName}${data.childCount > 0 ? `（${t('detail.children', { count: data.childCount })}）` : ''}`,
          },
          ...(data.parentCode
            ? [{ key: 'parent', label: t('detail.inPackage'), children: groupCode(data.parentCode) }]
            : []),
          { key: 'scans', label: t('detail.scans'), children: t('detail.scanCount', { count: data.scanCount }) },
        ]}
      />
    </Card>
  );
}

function CertificateCard({ data }: { data: PublicTraceData }) {
  const { t } = useTranslation(TRACE_MOBILE_NS);
  const c = data.certificate;
  const state = data.certificateState;
  return (
    <Card
      variant="borderless"
      title={
        <Flex align="center" gap={8} wrap>
          <SafetyCertificateOutlined />
          <span>{t('certificate.title')}</span>
          <Tag color={certColor[state]} data-testid="trace-certificate-state">
            {t(`certificate.state.${state}`)}
          </Tag>
        </Flex>
      }
    >
      {state === 'revoked' && <Alert type="error" showIcon title={t('certificate.revokedText')} />}
      {state === 'expired' && <Alert type="warning" showIcon title={t('certificate.expiredText')} />}
      {c.kind !== 'none' && (
        <Descriptions
          style={{ marginTop: state === 'revoked' || state === 'expired' ? 12 : 0 }}
          size="small"
          column={1}
          items={[
            c.kind === 'certificate'
              ? { key: 'no', label: t('certificate.number'), children: c.certNo ?? c.name }
              : { key: 'report', label: t('certificate.testReport'), children: c.name },
            ...(c.validUntil ? [{ key: 'until', label: t('certificate.validUntil'), children: c.validUntil }] : []),
          ]}
        />
      )}
      {c.kind === 'certificate' && c.certNo && (
        <Link to={`/free/certificate?no=${encodeURIComponent(c.certNo)}`}>{t('certificate.view')}</Link>
      )}
    </Card>
  );
}
