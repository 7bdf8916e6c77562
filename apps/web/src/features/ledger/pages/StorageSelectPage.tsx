import { ArrowLeftOutlined } from '@ant-design/icons';
import { type ProductDocumentKindValue, productDocumentKindLabels } from '@jcbb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Table, type TableProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ApiError } from '../../../lib/http.ts';
import { invalidateStorage, ledgerApi, type StorageDocument, storageDocumentsQuery } from '../api.ts';
import { HashText } from '../components/HashText.tsx';
import { LEDGER_NS } from '../locales/register.ts';
import { STORAGE_DETAIL } from './StorageIndexPage.tsx';

/** /blockchain/storage/select: put one of the organisation's product documents on record. */
export function StorageSelectPage() {
  const { t, i18n } = useTranslation(LEDGER_NS);
  const english = i18n.language.startsWith('en');
  const navigate = useNavigate();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const docs = useQuery(storageDocumentsQuery());
  const store = useMutation({
    mutationFn: (doc: StorageDocument) => ledgerApi.add({ productDocumentId: doc.productDocumentId }),
    onSuccess: (record) => {
      message.success(t('select.done', { index: record.leafIndex }));
      void invalidateStorage(queryClient);
    },
    onError: (error) => message.error(error instanceof ApiError ? error.message : String(error)),
  });

  const kindName = (kind: number) => {
    const label = productDocumentKindLabels[kind as ProductDocumentKindValue];
    return label ? (english ? label.en : label.zh) : String(kind);
  };

  const columns: TableProps<StorageDocument>['columns'] = [
    { title: t('select.product'), dataIndex: 'productName', key: 'product', width: 180 },
    { title: t('select.kind'), key: 'kind', width: 150, render: (_, d) => kindName(d.kind) },
    { title: t('select.name'), dataIndex: 'name', key: 'name' },
    { title: t('storage.sha256'), key: 'sha256', width: 210, render: (_, d) => <HashText value={d.sha256} /> },
    {
      title: t('select.status'),
      key: 'action',
      width: 150,
      fixed: 'right',
      render: (_, d) =>
        d.recordId ? (
          <Link to={`${STORAGE_DETAIL}?id=${d.recordId}`}>{t('select.view')}</Link>
        ) : (
          <Button
            type="primary"
            size="small"
            loading={store.isPending && store.variables?.productDocumentId === d.productDocumentId}
            disabled={store.isPending}
            onClick={() => store.mutate(d)}
          >
            {t('select.store')}
          </Button>
        ),
    },
  ];

  return (
    <Card
      title={t('select.title')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/blockchain/storage/index')}>
          {t('common.back')}
        </Button>
      }
      styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
    >
      <Typography.Paragraph type="secondary">{t('select.intro')}</Typography.Paragraph>
      <Table<StorageDocument>
        rowKey="productDocumentId"
        columns={columns}
        dataSource={docs.data ?? []}
        loading={docs.isFetching}
        scroll={{ x: 820 }}
        pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        locale={{ emptyText: docs.isError ? t('common.loadFailed') : t('select.empty') }}
      />
    </Card>
  );
}
