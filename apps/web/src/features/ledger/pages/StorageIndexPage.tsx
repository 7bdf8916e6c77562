import { CloudUploadOutlined, FileSearchOutlined, ProfileOutlined, ReloadOutlined } from '@ant-design/icons';
import { LEDGER_PAGE_SIZE } from '@jcbb/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Grid, Input, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { invalidateStorage, type StorageQuery, type StorageRecord, storageListQuery } from '../api.ts';
import { HashText } from '../components/HashText.tsx';
import { UploadEvidenceModal } from '../components/UploadEvidenceModal.tsx';
import { docTypeName } from '../doc-types.ts';
import { LEDGER_NS } from '../locales/register.ts';

export const STORAGE_DETAIL = '/blockchain/storage/detail';

/** /blockchain/storage/index: the organisation's records on the ledger, newest first. */
export function StorageIndexPage() {
  const { t, i18n } = useTranslation(LEDGER_NS);
  const english = i18n.language.startsWith('en');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [uploading, setUploading] = useState(false);
  // On a phone: index, name and the action; source, hash and time from md up.
  const screens = Grid.useBreakpoint();
  const [query, setQuery] = useState<StorageQuery>({ pageNum: 1, pageSize: LEDGER_PAGE_SIZE });
  const list = useQuery({
    ...storageListQuery(query),
    placeholderData: keepPreviousData,
  });

  const columns: TableProps<StorageRecord>['columns'] = [
    { title: t('storage.leafIndex'), dataIndex: 'leafIndex', key: 'leafIndex', width: 90 },
    {
      title: t('storage.name'),
      key: 'title',
      render: (_, r) => (
        <Flex vertical gap={2}>
          <Link to={`${STORAGE_DETAIL}?id=${r.id}`}>{r.title}</Link>
          {r.productName && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.productName}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    {
      title: t('storage.source'),
      key: 'docType',
      width: 120,
      responsive: ['md'],
      render: (_, r) => docTypeName(r.docType, english),
    },
    {
      title: t('storage.sha256'),
      key: 'sha256',
      width: 220,
      responsive: ['md'],
      render: (_, r) => <HashText value={r.sha256} />,
    },
    { title: t('storage.time'), dataIndex: 'createdAt', key: 'createdAt', width: 170, responsive: ['md'] },
    {
      title: t('storage.actions'),
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, r) => <Link to={`${STORAGE_DETAIL}?id=${r.id}`}>{t('common.detail')}</Link>,
    },
  ];

  return (
    <Card title={t('storage.title')} styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}>
      <Typography.Paragraph type="secondary">{t('storage.intro')}</Typography.Paragraph>
      <Flex wrap gap={12} justify="space-between" style={{ marginBottom: 16 }}>
        <Flex wrap gap={12}>
          <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setUploading(true)}>
            {t('storage.upload')}
          </Button>
          <Button icon={<ProfileOutlined />} onClick={() => navigate('/blockchain/storage/select')}>
            {t('storage.select')}
          </Button>
          <Button icon={<FileSearchOutlined />} onClick={() => navigate('/blockchain/check/detail')}>
            {t('storage.check')}
          </Button>
        </Flex>
        <Flex wrap gap={12}>
          <Input.Search
            allowClear
            aria-label={t('storage.keyword')}
            placeholder={t('storage.keyword')}
            maxLength={50}
            style={{ width: 220 }}
            onSearch={(keyword) => setQuery((q) => ({ ...q, keyword: keyword.trim() || undefined, pageNum: 1 }))}
          />
          <Button icon={<ReloadOutlined />} aria-label={t('common.refresh')} onClick={() => void list.refetch()} />
        </Flex>
      </Flex>
      <Table<StorageRecord>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={screens.md ? { x: 820 } : undefined}
        locale={{ emptyText: t('storage.empty') }}
        pagination={{
          current: query.pageNum,
          pageSize: query.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('storage.total', { total }),
          onChange: (pageNum) => setQuery((q) => ({ ...q, pageNum })),
        }}
      />
      <UploadEvidenceModal
        open={uploading}
        onClose={() => setUploading(false)}
        onStored={(record) => {
          void invalidateStorage(queryClient);
          navigate(`${STORAGE_DETAIL}?id=${record.id}`);
        }}
      />
    </Card>
  );
}
