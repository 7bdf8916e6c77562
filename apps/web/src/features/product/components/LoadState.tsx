import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Result, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { isNotFound } from '../use-product.ts';

export interface LoadStateProps {
  /** The id from the address is missing or not a number. */
  badId?: boolean;
  error?: unknown;
  /** Where "back" goes. */
  backTo?: string;
  notFoundTitle?: string;
}

/**
 * What a detail page shows until its record is there: a bad link, not found (another organisation's record
 * answers 404, as if it did not exist), another failure, or a skeleton while loading.
 */
export function LoadState({ badId, error, backTo = '/product/list', notFoundTitle }: LoadStateProps) {
  const { t } = useTranslation('product');
  const navigate = useNavigate();
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(backTo)}>
      {t('common.back')}
    </Button>
  );
  if (badId) return <Result status="404" title={t('common.badId')} extra={back} />;
  if (error) {
    if (isNotFound(error)) return <Result status="404" title={notFoundTitle ?? t('common.notFound')} extra={back} />;
    const text = error instanceof Error ? error.message : String(error);
    return <Result status="warning" title={t('common.loadFailed', { message: text })} extra={back} />;
  }
  return <Skeleton active paragraph={{ rows: 8 }} />;
}
