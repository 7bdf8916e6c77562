import { ReloadOutlined } from '@ant-design/icons';
import { RevisionStatus } from '@jcbb/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Flex, Grid, Segmented, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageCard } from '../../../components/PageCard.tsx';
import { takeSkipPagination } from '../../../lib/paging.ts';
import { revisionQueries } from '../api.ts';
import '../register-locale.ts';
import { type RevisionAuditor, revisionDetailPath } from './RevisionDetailPage.tsx';

const PAGE_SIZE = 10;

/**
 * The auditors' queue of revisions: the platform's (in platform audit) or a city committee's (its city's, in city
 * audit); 全部 shows the ones decided too. The server keeps each auditor to what it may see.
 */
export function RevisionQueuePage({ kind }: { kind: RevisionAuditor }) {
  const { t } = useTranslation('revision');
  const pending = kind === 'platform' ? RevisionStatus.PLATFORM_AUDIT : RevisionStatus.CITY_AUDIT;
  const [query, setQuery] = useState<{ take: number; skip: number; status?: number }>({ take: PAGE_SIZE, skip: 0 });
  const [showAll, setShowAll] = useState(false);
  const input = { ...query, ...(showAll ? {} : { status: pending }) };
  const list = useQuery({ ...revisionQueries.list(input), placeholderData: keepPreviousData });
  const detail = revisionDetailPath(kind);
  const wide = Grid.useBreakpoint().md ?? true;
  type Row = NonNullable<typeof list.data>['list'][number];

  return (
    <PageCard
      title={kind === 'platform' ? t('queue.platformTitle') : t('queue.cityTitle')}
      tools={
        <Button icon={<ReloadOutlined />} onClick={() => void list.refetch()}>
          {t('queue.refresh')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('queue.intro')}</Typography.Paragraph>
      <Flex wrap gap={12} style={{ marginBottom: 16 }}>
        <Segmented
          value={showAll ? 'all' : 'pending'}
          options={[
            { value: 'pending', label: t('queue.pending') },
            { value: 'all', label: t('queue.all') },
          ]}
          onChange={(v) => {
            setShowAll(v === 'all');
            setQuery((q) => ({ ...q, skip: 0 }));
          }}
        />
      </Flex>
      <Table<Row>
        rowKey="id"
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={wide ? { x: 760 } : undefined}
        locale={{ emptyText: t('queue.empty') }}
        pagination={takeSkipPagination(
          query,
          list.data?.total ?? 0,
          (skip) => setQuery((q) => ({ ...q, skip })),
          (total) => t('queue.total', { total }),
        )}
        columns={[
          {
            title: t('queue.product'),
            key: 'product',
            width: wide ? 220 : undefined,
            render: (_, r) => (
              <Flex vertical>
                <Link to={`${detail}?id=${r.id}`}>{r.productName}</Link>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.companyName}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            title: t('queue.changes'),
            key: 'changes',
            responsive: ['md'],
            render: (_, r) => (
              <Typography.Text ellipsis style={{ maxWidth: 260 }}>
                {r.diff.map((d) => d.fieldName).join('、')}
              </Typography.Text>
            ),
          },
          {
            title: t('queue.status'),
            key: 'status',
            width: 120,
            render: (_, r) => <Tag color={r.status === pending ? 'processing' : 'default'}>{r.statusName}</Tag>,
          },
          { title: t('queue.updated'), dataIndex: 'updateTime', key: 'updated', width: 170, responsive: ['md'] },
          {
            title: '',
            key: 'actions',
            width: 70,
            fixed: 'right',
            render: (_, r) => (
              <Link to={`${detail}?id=${r.id}`}>{r.status === pending ? t('queue.review') : t('queue.view')}</Link>
            ),
          },
        ]}
      />
    </PageCard>
  );
}

export function PlatformRevisionQueuePage() {
  return <RevisionQueuePage kind="platform" />;
}
export function CityRevisionQueuePage() {
  return <RevisionQueuePage kind="city" />;
}
