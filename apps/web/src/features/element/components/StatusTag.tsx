import { UseStatus } from '@jcbb/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** 启用 (green) or 停用 of a group or an element. */
export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation('element');
  return status === UseStatus.ENABLED ? (
    <Tag color="green">{t('admin.enabled')}</Tag>
  ) : (
    <Tag>{t('admin.disabled')}</Tag>
  );
}
