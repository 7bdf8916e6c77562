import { CertificationStatus } from '@jcbb/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Card, Grid, Select, Table, type TableProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { KeywordSearch, ListToolbar } from '../../../components/ListToolbar.tsx';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { type AdminCertificationItem, type CertificationQuery, certificationsQuery } from '../api.ts';
import { ApplicationStatusTag } from '../components/StatusTags.tsx';
import { orgTypeName } from '../labels.ts';

const PAGE_SIZE = 10;

/** /admin/certification: the platform's queue of certification applications, pending ones first by default. */
export function CertificationQueuePage() {
  const { t, i18n } = useTranslation('admin');
  const english = i18n.language.startsWith('en');
  // On a phone: organisation (with its type), state and the action; the rest from md up.
  const screens = Grid.useBreakpoint();
  const { query, filter, pagination } = useListQuery<CertificationQuery>({
    take: PAGE_SIZE,
    skip: 0,
    status: CertificationStatus.PENDING,
  });
  const list = useQuery({
    ...certificationsQuery(query),
    placeholderData: keepPreviousData,
  });

  const columns: TableProps<AdminCertificationItem>['columns'] = [
    {
      title: t('queue.orgName'),
      key: 'orgName',
      render: (_, item) => (
        <>
          <Link to={`/admin/certification/detail?id=${item.id}`}>{item.details.name}</Link>
          {!screens.md && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {orgTypeName(item.orgType, item.orgTypeName, english)}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: t('queue.orgType'),
      key: 'orgType',
      width: 130,
      responsive: ['md'],
      render: (_, item) => orgTypeName(item.orgType, item.orgTypeName, english),
    },
    {
      title: t('queue.creditCode'),
      key: 'creditCode',
      width: 200,
      responsive: ['md'],
      render: (_, item) => <span style={{ fontFamily: 'monospace' }}>{item.details.creditCode}</span>,
    },
    {
      title: t('queue.submitter'),
      key: 'submitter',
      width: 120,
      responsive: ['md'],
      render: (_, item) => item.submitter?.realName ?? item.submitter?.mobile ?? '—',
    },
    { title: t('queue.submittedAt'), dataIndex: 'createdAt', key: 'createdAt', width: 180, responsive: ['md'] },
    {
      title: t('queue.statusColumn'),
      key: 'status',
      width: 100,
      render: (_, item) => <ApplicationStatusTag status={item.status} label={item.statusName} />,
    },
    {
      title: t('queue.actions'),
      key: 'actions',
      width: 90,
      fixed: 'right',
      render: (_, item) => (
        <Link to={`/admin/certification/detail?id=${item.id}`}>
          {item.status === CertificationStatus.PENDING ? t('queue.review') : t('queue.view')}
        </Link>
      ),
    },
  ];

  return (
    <Card title={t('queue.title')}>
      <ListToolbar onRefresh={() => void list.refetch()}>
        <Select
          aria-label={t('queue.status')}
          style={{ width: 140 }}
          value={query.status}
          onChange={(status: number) => filter({ status })}
          options={[
            { value: CertificationStatus.PENDING, label: t('queue.statusPending') },
            { value: CertificationStatus.APPROVED, label: t('queue.statusApproved') },
            { value: CertificationStatus.REJECTED, label: t('queue.statusRejected') },
            { value: 0, label: t('queue.statusAll') },
          ]}
        />
        <KeywordSearch label={t('queue.keyword')} width={260} onSearch={(keyword) => filter({ keyword })} />
      </ListToolbar>
      <Table<AdminCertificationItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={screens.md ? { x: 960 } : undefined}
        locale={{ emptyText: t('queue.empty') }}
        pagination={pagination(list.data?.total ?? 0, (total) => t('queue.total', { total }))}
      />
    </Card>
  );
}
