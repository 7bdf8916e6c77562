import { CertStatus, type OrganizationData } from '@jcbb/contract';
import { Alert, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CertStatusTag } from './CertStatusTag.tsx';

/** The current state of the organisation's certification, in words a member understands. */
export function CertStatusSummary({ org, contactAdmin = false }: { org: OrganizationData; contactAdmin?: boolean }) {
  const { t } = useTranslation('organization');
  const text = org.certExempt
    ? t('status.exemptText')
    : ({
        [CertStatus.CERTIFIED]: t('status.certifiedText'),
        [CertStatus.PENDING]: t('status.pendingText'),
        [CertStatus.REJECTED]: t('status.rejectedText'),
      }[org.certStatus] ?? t('status.noneText'));

  return (
    <Space orientation="vertical" size="small" style={{ width: '100%' }}>
      <Space wrap align="center">
        <Typography.Text strong>{org.name}</Typography.Text>
        <CertStatusTag certStatus={org.certStatus} exempt={org.certExempt} />
      </Space>
      <Typography.Text type="secondary">{text}</Typography.Text>
      {org.certStatus === CertStatus.CERTIFIED && org.certifiedAt ? (
        <Typography.Text type="secondary">{t('status.certifiedAt', { time: org.certifiedAt })}</Typography.Text>
      ) : null}
      {contactAdmin ? <Typography.Text>{t('status.contactAdmin')}</Typography.Text> : null}
      {org.certStatus === CertStatus.REJECTED && org.rejectReason ? (
        <Alert type="error" showIcon title={t('status.rejectReason')} description={org.rejectReason} />
      ) : null}
    </Space>
  );
}
