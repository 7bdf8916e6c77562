import { formatQuantity } from '@jcbb/contract/quantity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Descriptions, Grid, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageCard } from '../../../components/PageCard.tsx';
import { RecordState, useRecordQuery } from '../../../components/RecordState.tsx';
import { yuan } from '../components/money.ts';
import { coverageColor, salesLabels } from '../components/sales-labels.ts';
import { SALES_NS } from '../locales/sales-register.ts';
import { invalidateProducts, type ProductRecord, salesMutations, salesQueries } from '../sales-api.ts';
import { SALES_PATHS, salesUrl } from '../sales-paths.ts';

/** /distributor/productDetails?id=: one product record, with its coverage today; edit or delete it. */
export function DistributorProductDetailsPage() {
  const { t } = useTranslation(SALES_NS);
  const navigate = useNavigate();
  const { query, valid } = useRecordQuery(salesQueries.product);
  const back = <Button onClick={() => navigate(SALES_PATHS.productList)}>{t('common.backToList')}</Button>;
  return (
    <RecordState query={query} valid={valid} back={back} notFoundTitle={t('record.notFound')}>
      {(r) => <RecordView record={r} back={back} />}
    </RecordState>
  );
}

function RecordView({ record: r, back }: { record: ProductRecord; back: React.ReactNode }) {
  const { t, i18n } = useTranslation(SALES_NS);
  const labels = salesLabels(i18n.language.startsWith('en'));
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wide = Grid.useBreakpoint().md ?? true;
  const remove = useMutation(salesMutations.deleteProduct);
  const onDelete = () =>
    modal.confirm({
      content: t('products.deleteConfirm', { name: r.productName }),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await remove.mutateAsync({ id: r.id });
          await invalidateProducts(queryClient);
          message.success(t('products.deleted'));
          navigate(SALES_PATHS.productList);
        } catch {
          // The HTTP client has shown the refusal.
        }
      },
    });
  return (
    <PageCard
      title={
        <Space wrap>
          <span>{r.productName}</span>
          <Tag color={r.status === 'on_sale' ? 'green' : 'default'}>{labels.recordStatus(r.status)}</Tag>
        </Space>
      }
      tools={back}
    >
      <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered={wide}>
        <Descriptions.Item label={t('products.maker')}>{r.makerName}</Descriptions.Item>
        <Descriptions.Item label={t('record.spec')}>{r.specName ?? t('record.allSpecs')}</Descriptions.Item>
        <Descriptions.Item label={t('products.price')}>
          {r.priceFen === null ? t('common.onRequest') : `${yuan(r.priceFen)} / ${r.priceUnit ?? ''}`}
        </Descriptions.Item>
        <Descriptions.Item label={t('record.coverage')}>
          <Tag color={coverageColor[r.coverage]}>
            {labels.coverage(r.coverage)}
            {r.coveredUntil ? ` · ${t('products.coveredUntil', { date: r.coveredUntil })}` : ''}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('record.regions')}>
          {r.supplyRegionNames.join('、') || t('common.none')}
        </Descriptions.Item>
        <Descriptions.Item label={t('record.addresses')}>
          {r.supplyAddresses.map((a) => a.name).join('、') || t('common.none')}
        </Descriptions.Item>
        <Descriptions.Item label={t('record.minOrder')}>
          {r.minOrderQuantity === null
            ? t('common.none')
            : formatQuantity(r.minOrderQuantity, { locale: i18n.language })}
        </Descriptions.Item>
        <Descriptions.Item label={t('record.leadDays')}>{r.leadDays ?? t('common.none')}</Descriptions.Item>
        <Descriptions.Item label={t('record.remarks')}>{r.remarks ?? t('common.none')}</Descriptions.Item>
        <Descriptions.Item label={t('record.updatedAt')}>{r.updatedAt}</Descriptions.Item>
      </Descriptions>
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" onClick={() => navigate(salesUrl.productEdit(r.id))}>
          {t('common.edit')}
        </Button>
        <Button danger loading={remove.isPending} onClick={onDelete}>
          {t('common.delete')}
        </Button>
      </Space>
    </PageCard>
  );
}
