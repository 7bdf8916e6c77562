import { DownloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Flex, Input, Result, Skeleton, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { PublicFrame } from '../../../components/PublicFrame.tsx';
import { ApiError } from '../../../lib/http.ts';
import { saveBlob } from '../../../lib/open-blob.ts';
import { useInFrame } from '../../../lib/route-context.ts';
import { LedgerKeyVerification } from '../../ledger/public.ts';
import { publicCertificateApi, verifyQuery } from '../api.ts';
import { CertificateStateTag, Stars } from '../components/Tags.tsx';
import { CERTIFICATE_NS } from '../locales/register.ts';
import '../certificate.css';

/** Only what a certificate number can hold: the lookup never sends anything else. */
function cleanNo(value: string): string {
  return value.trim().toUpperCase();
}

/**
 * /free/certificate (?no= from the certificate's QR code): anyone looks a certificate up by its number, sees its
 * holder, product, rating, validity and state, and this browser verifies the ledger proof itself. No sign-in.
 */
export default function FreeCertificatePage() {
  const inFrame = useInFrame();
  const page = <FreeCertificate />;
  return inFrame ? page : <PublicFrame>{page}</PublicFrame>;
}

export function FreeCertificate() {
  const { t } = useTranslation(CERTIFICATE_NS);
  const { token } = theme.useToken();
  const [params, setParams] = useSearchParams();
  const no = cleanNo(params.get('no') ?? '');
  const [input, setInput] = useState(no);
  const lookup = useQuery({
    ...verifyQuery(no),
    enabled: no.length > 0,
    retry: false,
  });
  const pdf = useMutation({
    mutationFn: () => publicCertificateApi.pdf(no),
    onSuccess: (blob) => saveBlob(blob, `${no}.pdf`),
  });

  const search = (value: string) => {
    const next = cleanNo(value);
    setInput(next);
    setParams(next ? { no: next } : {}, { replace: false });
  };

  const missing = lookup.error instanceof ApiError && (lookup.error.status === 404 || lookup.error.status === 400);
  const d = lookup.data;

  return (
    <div className="jcbb-free-cert">
      <Card variant="borderless">
        <Flex vertical gap={12}>
          <Typography.Title level={3} style={{ margin: 0 }}>
            <SafetyCertificateOutlined style={{ color: token.colorPrimary, marginRight: 8 }} />
            {t('free.title')}
          </Typography.Title>
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('free.intro')}
          </Typography.Paragraph>
          <Input.Search
            size="large"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            onSearch={search}
            maxLength={40}
            allowClear
            enterButton={t('free.search')}
            placeholder={t('free.placeholder')}
            aria-label={t('free.certNo')}
            loading={lookup.isFetching}
          />
        </Flex>
      </Card>

      {no && lookup.isLoading && (
        <Card variant="borderless">
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      )}
      {no && lookup.isError && (
        <Card variant="borderless">
          <Result
            status={missing ? '404' : 'warning'}
            title={missing ? t('free.notFound', { no }) : lookup.error.message}
            subTitle={missing ? t('free.notFoundText') : undefined}
            extra={missing ? null : <Button onClick={() => void lookup.refetch()}>{t('common.retry')}</Button>}
          />
        </Card>
      )}
      {d && (
        <>
          <Card
            variant="borderless"
            title={
              <Flex wrap gap={8} align="center">
                <span>{d.certNo}</span>
                <CertificateStateTag state={d.state} large />
              </Flex>
            }
            extra={
              <Button icon={<DownloadOutlined />} loading={pdf.isPending} onClick={() => pdf.mutate()}>
                {t('free.pdf')}
              </Button>
            }
            styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
          >
            {d.state === 'revoked' && (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 16 }}
                title={t('free.stateRevoked')}
                description={
                  <>
                    {d.revokedAt && <div>{`${t('free.revokedAt')}：${d.revokedAt}`}</div>}
                    {d.revokeReason && <div>{`${t('free.revokeReason')}：${d.revokeReason}`}</div>}
                  </>
                }
              />
            )}
            {d.state === 'expired' && (
              <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={t('free.stateExpired')} />
            )}
            <Descriptions
              column={{ xs: 1, sm: 1, md: 2 }}
              size="small"
              bordered
              items={[
                { key: 'holder', label: t('free.holder'), children: d.holder },
                { key: 'product', label: t('free.product'), children: d.product.name },
                {
                  key: 'type',
                  label: t('free.type'),
                  children: d.type === 2 ? `${d.typeName}（${t('free.selfDeclared')}）` : d.typeName,
                },
                { key: 'stars', label: t('free.stars'), children: <Stars value={d.starRating} /> },
                { key: 'validity', label: t('free.validity'), children: `${d.validFrom} ~ ${d.validUntil}` },
                { key: 'issuer', label: t('free.issuer'), children: d.issuer },
                { key: 'checkedOn', label: t('free.checkedOn'), children: d.checkedOn },
              ]}
            />
          </Card>
          <Card variant="borderless" title={t('free.verifyTitle')}>
            {d.certificate ? (
              <LedgerKeyVerification
                key={`${d.certNo}-${d.certificate.leafIndex}-${d.certificate.sth.treeSize}`}
                evidence={d.certificate}
                subject="certificate"
                auto
                folded
                technicalIntro={t('free.verifyIntro')}
                expected={{
                  certNo: d.certNo,
                  holder: d.holder,
                  product: d.product.name,
                  issuer: d.issuer,
                  starRating: d.starRating,
                  validFrom: d.validFrom,
                  validUntil: d.validUntil,
                }}
              />
            ) : (
              <Alert type="warning" showIcon title={t('free.noEvidence')} />
            )}
            <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }} data-testid="certificate-not-covered">
              {t('free.notCovered', { facts: [t('free.notCoveredState'), t('free.notCoveredCheckedOn')].join('、') })}
            </Typography.Paragraph>
            {d.revocation && (
              <div style={{ marginTop: 24 }}>
                <Typography.Title level={5}>{t('free.revocationTitle')}</Typography.Title>
                <LedgerKeyVerification
                  key={`rev-${d.revocation.leafIndex}`}
                  evidence={d.revocation}
                  subject="revocation"
                  auto
                  folded
                  expected={{ certNo: d.certNo }}
                />
              </div>
            )}
          </Card>
        </>
      )}
    </div>
  );
}
