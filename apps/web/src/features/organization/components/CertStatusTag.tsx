import { CertStatus } from '@jcbb/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const colors: Record<number, string> = {
  [CertStatus.NONE]: 'default',
  [CertStatus.PENDING]: 'blue',
  [CertStatus.CERTIFIED]: 'green',
  [CertStatus.REJECTED]: 'red',
};
const keys: Record<number, string> = {
  [CertStatus.NONE]: 'none',
  [CertStatus.PENDING]: 'pending',
  [CertStatus.CERTIFIED]: 'certified',
  [CertStatus.REJECTED]: 'rejected',
};

/** An organisation's certification state (已认证 / 审核中 / 未通过 / 未认证). */
export function CertStatusTag({ certStatus, exempt = false }: { certStatus: number; exempt?: boolean }) {
  const { t } = useTranslation('organization');
  if (exempt) return <Tag color="default">{t('status.exempt')}</Tag>;
  return <Tag color={colors[certStatus] ?? 'default'}>{t(`status.${keys[certStatus] ?? 'none'}`)}</Tag>;
}
