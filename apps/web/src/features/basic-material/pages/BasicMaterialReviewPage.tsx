import { ReloadOutlined } from '@ant-design/icons';
import { BasicMaterialStatus } from '@jcbb/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Grid, Input, Pagination, Segmented, Space, Table, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemList } from '../../../components/ItemList.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { type AdminBasicMaterialItem, type ApplicationQuery, applicationsQuery } from '../api.ts';
import { ApplicationDrawer } from '../components/ApplicationDrawer.tsx';
import { ApplicationStatusTag } from '../components/ApplicationStatusTag.tsx';
import '../register-locale.ts';
import { takeSkipPagination } from '../../../lib/paging.ts';

const PAGE_SIZE = 10;

/**
 * /admin/basic-materials: manufacturers' applications for new common names, pending ones by default, newest first.
 * A row opens the drawer where the platform approves (correcting the application if need be) or rejects.
 */
export function BasicMaterialReviewPage() {
  const { t } = useTranslation('basicMaterial');
  const wide = Grid.useBreakpoint().md ?? true;
  const [query, setQuery] = useState<ApplicationQuery>({
    take: PAGE_SIZE,
    skip: 0,
    status: BasicMaterialStatus.PENDING,
  });
  const [opened, setOpened] = useState<AdminBasicMaterialItem | null>(null);
  const list = useQuery({
    ...applicationsQuery(query),
    placeholderData: keepPreviousData,
  });
  const rows = list.data?.list ?? [];
  const paging = takeSkipPagination(query, list.data?.total ?? 0, (skip) => setQuery((q) => ({ ...q, skip })));

  const open = (item: AdminBasicMaterialItem) => (
    <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setOpened(item)}>
      {item.status === BasicMaterialStatus.PENDING ? t('queue.review') : t('queue.view')}
    </Button>
  );
  const nameLink = (item: AdminBasicMaterialItem) => (
    <Button
      type="link"
      style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
      onClick={() => setOpened(item)}
    >
      {item.commonName}
    </Button>
  );

  const columns: TableProps<AdminBasicMaterialItem>['columns'] = [
    { title: t('queue.commonName'), key: 'commonName', width: 200, render: (_, item) => nameLink(item) },
    {
      title: t('queue.classify'),
      key: 'classify',
      width: 150,
      render: (_, item) => item.classifyName || item.classifyCode,
    },
    { title: t('queue.org'), key: 'org', width: 220, render: (_, item) => item.orgName ?? '—' },
    {
      title: t('queue.applicant'),
      key: 'applicant',
      width: 110,
      render: (_, item) => item.applicant?.realName ?? item.applicant?.mobile ?? '—',
    },
    { title: t('queue.createTime'), dataIndex: 'createTime', key: 'createTime', width: 170 },
    {
      title: t('queue.status'),
      key: 'status',
      width: 100,
      render: (_, item) => <ApplicationStatusTag status={item.status} />,
    },
    { title: t('queue.actions'), key: 'actions', width: 80, fixed: 'right', render: (_, item) => open(item) },
  ];

  return (
    <PageCard
      title={t('queue.title')}
      tools={
        <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
          {t('queue.refresh')}
        </Button>
      }
    >
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Segmented<number>
          aria-label={t('queue.status')}
          value={query.status}
          options={[
            { value: BasicMaterialStatus.PENDING, label: t('queue.pending') },
            { value: BasicMaterialStatus.APPROVED, label: t('queue.approved') },
            { value: BasicMaterialStatus.REJECTED, label: t('queue.rejected') },
            { value: 0, label: t('queue.all') },
          ]}
          onChange={(status) => setQuery((q) => ({ ...q, status, skip: 0 }))}
        />
        <Input.Search
          allowClear
          aria-label={t('queue.keyword')}
          placeholder={t('queue.keyword')}
          maxLength={50}
          style={{ width: wide ? 260 : '100%' }}
          onSearch={(text) => setQuery((q) => ({ ...q, skip: 0, commonName: text.trim() || undefined }))}
        />
      </Flex>
      {wide ? (
        <Table<AdminBasicMaterialItem>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          scroll={{ x: 1030 }}
          locale={{ emptyText: t('queue.empty') }}
          pagination={{ ...paging, showTotal: (total) => t('queue.total', { total }) }}
        />
      ) : (
        <>
          <ItemList<AdminBasicMaterialItem>
            items={rows}
            rowKey={(item) => item.id}
            loading={list.isFetching}
            emptyText={t('queue.empty')}
            actions={open}
            renderItem={(item) => (
              <Space orientation="vertical" size={2} style={{ width: '100%' }}>
                <Space size={8} wrap>
                  {nameLink(item)}
                  <ApplicationStatusTag status={item.status} />
                </Space>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[item.classifyName, item.orgName].filter(Boolean).join(' · ')}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {item.createTime}
                </Typography.Text>
              </Space>
            )}
          />
          {paging.total > paging.pageSize && (
            <Flex justify="center" style={{ marginTop: 12 }}>
              <Pagination simple {...paging} />
            </Flex>
          )}
        </>
      )}
      <ApplicationDrawer id={opened?.id ?? null} initial={opened ?? undefined} onClose={() => setOpened(null)} />
    </PageCard>
  );
}
