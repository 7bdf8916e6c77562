import { ArrowLeftOutlined } from '@ant-design/icons';
import { CertificationStatus } from '@jcbb/contract';
import { pages } from '@jcbb/contract/pages';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Col, Descriptions, type DescriptionsProps, Grid, Row, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RecordState, useRecordQuery } from '../../../components/RecordState.tsx';
import { type AdminCertificationDetail, certificationQuery, invalidateCertifications } from '../api.ts';
import { LicensePreview } from '../components/LicensePreview.tsx';
import { ReviewActions } from '../components/ReviewActions.tsx';
import { ApplicationStatusTag } from '../components/StatusTags.tsx';
import { natureName, orgTypeName } from '../labels.ts';

const QUEUE = pages.certificationReview.path;

function detailItems(
  d: AdminCertificationDetail,
  t: (key: string) => string,
  english: boolean,
): DescriptionsProps['items'] {
  const v = d.details;
  const submitter = d.submitter ? `${d.submitter.realName ?? ''} ${d.submitter.mobile}`.trim() : '—';
  return [
    { key: 'orgName', label: t('detail.orgName'), children: v.name },
    { key: 'orgType', label: t('detail.orgType'), children: orgTypeName(d.orgType, d.orgTypeName, english) },
    { key: 'creditCode', label: t('detail.creditCode'), children: v.creditCode },
    { key: 'nature', label: t('detail.nature'), children: natureName(v.nature, v.natureName, english) },
    { key: 'region', label: t('detail.region'), children: v.regionPath.join(' / ') || v.regionCode },
    { key: 'address', label: t('detail.address'), children: v.address },
    { key: 'legalPerson', label: t('detail.legalPerson'), children: v.legalPerson },
    { key: 'contactName', label: t('detail.contactName'), children: v.contactName },
    { key: 'contactPhone', label: t('detail.contactPhone'), children: v.contactPhone },
    { key: 'submitter', label: t('detail.submitter'), children: submitter },
    { key: 'submittedAt', label: t('detail.submittedAt'), children: d.createdAt },
  ];
}

function reviewItems(d: AdminCertificationDetail, t: (key: string) => string): DescriptionsProps['items'] {
  return [
    {
      key: 'status',
      label: t('detail.status'),
      children: <ApplicationStatusTag status={d.status} label={d.statusName} />,
    },
    { key: 'reviewer', label: t('detail.reviewer'), children: d.reviewer?.realName ?? '—' },
    { key: 'reviewedAt', label: t('detail.reviewedAt'), children: d.reviewedAt ?? '—' },
    ...(d.reason ? [{ key: 'reason', label: t('detail.reason'), children: d.reason }] : []),
  ];
}

/** /admin/certification/detail?id=: an application's details beside its business licence, and the decision. */
export function CertificationDetailPage() {
  const { t, i18n } = useTranslation('admin');
  const english = i18n.language.startsWith('en');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // A fixed label column on wide screens; on phones the labels take what they need so the values keep room.
  const screens = Grid.useBreakpoint();
  const labelStyle = screens.md ? { width: 150, whiteSpace: 'nowrap' as const } : { width: 96 };
  const { valid, query: detail } = useRecordQuery(certificationQuery);

  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(QUEUE)}>
      {t('detail.back')}
    </Button>
  );

  return (
    <RecordState
      query={detail}
      valid={valid}
      back={back}
      badIdTitle={t('detail.badId')}
      notFoundTitle={t('detail.notFound')}
    >
      {(d) => {
        const pending = d.status === CertificationStatus.PENDING;
        const decided = () => {
          void invalidateCertifications(queryClient);
          navigate(QUEUE);
        };

        return (
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            <Card title={t('detail.title')} extra={back} styles={{ header: { flexWrap: 'wrap', gap: 8 } }}>
              <Row gutter={[24, 24]}>
                <Col xs={24} lg={12}>
                  <Descriptions
                    title={t('detail.submitted')}
                    bordered
                    size="small"
                    column={1}
                    items={detailItems(d, t, english)}
                    styles={{ label: labelStyle }}
                  />
                  <Descriptions
                    title={t('detail.review')}
                    bordered
                    size="small"
                    column={1}
                    items={reviewItems(d, t)}
                    styles={{ label: labelStyle }}
                    style={{ marginTop: 24 }}
                  />
                </Col>
                <Col xs={24} lg={12}>
                  <Card type="inner" title={t('detail.license')}>
                    {d.license ? (
                      <LicensePreview applicationId={d.id} file={d.license} />
                    ) : (
                      <Alert type="warning" showIcon title={t('detail.noLicense')} />
                    )}
                  </Card>
                </Col>
              </Row>
              <div style={{ marginTop: 24 }}>
                {pending ? (
                  <ReviewActions id={d.id} orgName={d.orgName} onDecided={decided} />
                ) : (
                  <Alert type="info" showIcon title={t('review.decided')} />
                )}
              </div>
            </Card>
          </Space>
        );
      }}
    </RecordState>
  );
}
