import { BasicMaterialStatus } from '@jcbb/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

const looks: Record<number, { color: string; key: string }> = {
  [BasicMaterialStatus.PENDING]: { color: 'processing', key: 'queue.pending' },
  [BasicMaterialStatus.APPROVED]: { color: 'success', key: 'queue.approved' },
  [BasicMaterialStatus.REJECTED]: { color: 'error', key: 'queue.rejected' },
};

/** 待审核 / 已通过 / 未通过: the review's words, not the material list's (已启用 / 已驳回). */
export function ApplicationStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('basicMaterial');
  const look = looks[status];
  return look ? <Tag color={look.color}>{t(look.key)}</Tag> : <Tag>{status}</Tag>;
}
