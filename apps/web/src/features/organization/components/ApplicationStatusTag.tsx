import { CertificationStatus } from '@jcbb/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colors: Record<number, string> = {
  [CertificationStatus.PENDING]: 'blue',
  [CertificationStatus.APPROVED]: 'green',
  [CertificationStatus.REJECTED]: 'red',
};

const keys: Record<number, string> = {
  [CertificationStatus.PENDING]: 'history.statusPending',
  [CertificationStatus.APPROVED]: 'history.statusApproved',
  [CertificationStatus.REJECTED]: 'history.statusRejected',
};

/** One application's state (待审核 / 已通过 / 已驳回); the server's label when the state is unknown here. */
export function ApplicationStatusTag({ status, label }: { status: number; label: string }) {
  const { t } = useTranslation('organization');
  const key = keys[status];
  return <Tag color={colors[status] ?? 'default'}>{key ? t(key) : label}</Tag>;
}
