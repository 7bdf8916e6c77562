import { CertificationStatus, CertStatus, type CertStatusValue, certStatusLabels } from '@jcbb/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { applicationStatusKey } from '../labels.ts';

const applicationColors: Record<number, string> = {
  [CertificationStatus.PENDING]: 'blue',
  [CertificationStatus.APPROVED]: 'green',
  [CertificationStatus.REJECTED]: 'red',
};

/** An application's state (待审核 / 已通过 / 已驳回); the server's label when the state is unknown here. */
export function ApplicationStatusTag({ status, label }: { status: number; label: string }) {
  const { t } = useTranslation('admin');
  const key = applicationStatusKey[status];
  return <Tag color={applicationColors[status] ?? 'default'}>{key ? t(key) : label}</Tag>;
}

const orgColors: Record<number, string> = {
  [CertStatus.NONE]: 'default',
  [CertStatus.PENDING]: 'blue',
  [CertStatus.CERTIFIED]: 'green',
  [CertStatus.REJECTED]: 'red',
};

const orgCertKeys: Record<number, string> = {
  [CertStatus.NONE]: 'orgs.certNone',
  [CertStatus.PENDING]: 'orgs.certPending',
  [CertStatus.CERTIFIED]: 'orgs.certCertified',
  [CertStatus.REJECTED]: 'orgs.certRejected',
};

/** An organisation's certification state (已认证 / 审核中 / 未通过 / 未认证). */
export function OrgCertTag({ certStatus }: { certStatus: number }) {
  const { t } = useTranslation('admin');
  const key = orgCertKeys[certStatus];
  return (
    <Tag color={orgColors[certStatus] ?? 'default'}>
      {key ? t(key) : (certStatusLabels[certStatus as CertStatusValue] ?? '')}
    </Tag>
  );
}
