import { GlobalOutlined, ReloadOutlined } from '@ant-design/icons';
import { ListingStatus } from '@jcbb/contract';
import { pages } from '@jcbb/contract/pages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Grid, Input, Segmented, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { type ListingQuery, type ListingRow, listingListQuery } from '../api.ts';
import type { AuditorKind } from '../components/AuditActions.tsx';
import { ListingCards } from '../components/ListingCards.tsx';
import { ListingStatusTag } from '../components/ListingStatusTag.tsx';
import { PushCitySelect } from '../components/PushCitySelect.tsx';
import '../register-locale.ts';
import { PageCard } from '../../../components/PageCard.tsx';
import { takeSkipPagination } from '../../../lib/paging.ts';

const PAGE_SIZE = 10;

export const auditDetailPath = (kind: AuditorKind) =>
  (kind === 'platform' ? pages.platformListingAudit : pages.cityListingAudit).path;

/**
 * The auditors' queue: the platform's (super_admin: listings awaiting platform audit) or a city committee's (住建委:
 * its own city's listings awaiting city audit; the server scopes the list to the caller). 全部 shows every listing
 * the auditor may see, decided ones included.
 */
export function AuditQueuePage({ kind }: { kind: AuditorKind }) {
  const { t } = useTranslation('listing');
  const pendingStatus = kind === 'platform' ? ListingStatus.PLATFORM_AUDIT : ListingStatus.CITY_AUDIT;
  const [query, setQuery] = useState<ListingQuery>({ take: PAGE_SIZE, skip: 0, status: pendingStatus });
  const list = useQuery({
    ...listingListQuery(query),
    placeholderData: keepPreviousData,
  });
  const detail = auditDetailPath(kind);
  const wide = Grid.useBreakpoint().md ?? true;

  const columns: TableProps<ListingRow>['columns'] = [
    {
      title: t('list.materialName'),
      key: 'product',
      width: 220,
      render: (_, row) => (
        <Space orientation="vertical" size={0}>
          <Link to={`${detail}?id=${row.id}`}>{row.materialName}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[row.brand, row.classifyName].filter(Boolean).join(' · ')}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('audit.org'), dataIndex: 'orgName', key: 'org', width: 200 },
    { title: t('list.city'), key: 'city', width: 100, render: (_, row) => row.cityName ?? row.cityCode },
    {
      title: t('list.status'),
      key: 'status',
      width: 150,
      render: (_, row) => (
        <Space size={4} wrap>
          <ListingStatusTag status={row.status} />
          {row.notGreen && <Tag color="orange">{t('list.notGreen')}</Tag>}
        </Space>
      ),
    },
    { title: t('list.submittedAt'), key: 'submittedAt', width: 170, render: (_, row) => row.submittedAt ?? '—' },
    {
      title: t('list.actions'),
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, row) => (
        <Link to={`${detail}?id=${row.id}`}>{row.status === pendingStatus ? t('audit.review') : t('audit.view')}</Link>
      ),
    },
  ];

  return (
    <PageCard
      title={kind === 'platform' ? t('audit.platformTitle') : t('audit.cityTitle')}
      tools={
        <Space wrap>
          <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
            {t('common.refresh')}
          </Button>
          <Button icon={<GlobalOutlined />} href="/cities" target="_blank" rel="noopener">
            {t('audit.cityCatalogue')}
          </Button>
        </Space>
      }
    >
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Segmented
          value={query.status === pendingStatus ? 'pending' : 'all'}
          options={[
            { value: 'pending', label: t('audit.pending') },
            { value: 'all', label: t('audit.all') },
          ]}
          onChange={(v) => setQuery((q) => ({ ...q, skip: 0, status: v === 'pending' ? pendingStatus : undefined }))}
        />
        {kind === 'platform' && (
          <PushCitySelect
            aria-label={t('list.city')}
            allowClear
            value={query.cityCode}
            onChange={(v) => setQuery((q) => ({ ...q, skip: 0, cityCode: typeof v === 'string' ? v : undefined }))}
            style={{ width: 160 }}
          />
        )}
        <Input.Search
          allowClear
          aria-label={t('audit.keyword')}
          placeholder={t('audit.keyword')}
          maxLength={50}
          style={{ width: 240 }}
          onSearch={(text) => setQuery((q) => ({ ...q, skip: 0, materialName: text.trim() || undefined }))}
        />
      </Flex>
      {wide ? (
        <Table<ListingRow>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.list ?? []}
          loading={list.isFetching}
          scroll={{ x: 920 }}
          locale={{ emptyText: t('audit.empty') }}
          pagination={takeSkipPagination(
            query,
            list.data?.total ?? 0,
            (skip) => setQuery((q) => ({ ...q, skip })),
            (total) => t('common.total', { total }),
          )}
        />
      ) : (
        <ListingCards
          rows={list.data?.list ?? []}
          loading={list.isFetching}
          emptyText={t('audit.empty')}
          showOrg
          linkOf={(row) => `${detail}?id=${row.id}`}
          actions={(row) => (
            <Link to={`${detail}?id=${row.id}`}>
              {row.status === pendingStatus ? t('audit.review') : t('audit.view')}
            </Link>
          )}
          pagination={takeSkipPagination(query, list.data?.total ?? 0, (skip) => setQuery((q) => ({ ...q, skip })))}
        />
      )}
    </PageCard>
  );
}

export function PlatformAuditQueuePage() {
  return <AuditQueuePage kind="platform" />;
}

export function CityAuditQueuePage() {
  return <AuditQueuePage kind="city" />;
}
