import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { isOnSale } from '../labels.ts';

/** 在售 / 停售 */
export function SpecStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('product');
  return <Tag color={isOnSale(status) ? 'green' : 'default'}>{t(`specStatus.${isOnSale(status) ? 1 : 2}`)}</Tag>;
}
