import { pages, pageUrl } from '@jcbb/contract/pages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Grid, Select, Table, type TableProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { KeywordSearch, ListToolbar } from '../../../components/ListToolbar.tsx';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { type ApplicationItem, type ApplicationQuery, applicationListQuery, approvalListQuery } from '../api.ts';
import { ApplicationStatusTag, Stars } from '../components/Tags.tsx';
import { CERTIFICATE_NS } from '../locales/register.ts';
import { isPending } from '../rules.ts';

const PAGE_SIZE = 10;

/**
 * One list, two uses: an applicant's applications (/blockchain/myApplys/index) and a certification body's queue
 * (/blockchain/approval/index, awaiting review first).
 */
export function ApplicationListPage({ mode }: { mode: 'mine' | 'approval' }) {
  const { t } = useTranslation(CERTIFICATE_NS);
  const navigate = useNavigate();
  const approval = mode === 'approval';
  // On a phone: product, state and the action; the rest from md up (no sideways scrolling).
  const screens = Grid.useBreakpoint();
  const { query, filter, pagination } = useListQuery<ApplicationQuery>({
    take: PAGE_SIZE,
    skip: 0,
    status: approval ? 1 : undefined,
  });
  const list = useQuery({
    ...(approval ? approvalListQuery(query) : applicationListQuery(query)),
    placeholderData: keepPreviousData,
  });
  const detailPath = (id: number) => pageUrl(approval ? pages.approvalDetail : pages.myApplicationDetail, { id });

  const columns: TableProps<ApplicationItem>['columns'] = [
    { title: t('list.id'), dataIndex: 'id', key: 'id', width: 90, responsive: ['md'] },
    { title: t('list.type'), key: 'type', width: 110, responsive: ['md'], render: (_, a) => t(`type.${a.type}`) },
    {
      title: t('list.product'),
      key: 'product',
      render: (_, a) => (
        <>
          <Link to={detailPath(a.id)}>{a.product.name}</Link>
          {!screens.md && (
            <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
              {approval ? a.applicant.name : (a.body?.name ?? t(`type.${a.type}`))}
            </Typography.Text>
          )}
        </>
      ),
    },
    approval
      ? {
          title: t('list.applicant'),
          key: 'applicant',
          width: 200,
          responsive: ['md'],
          render: (_, a) => a.applicant.name,
        }
      : {
          title: t('list.body'),
          key: 'body',
          width: 200,
          responsive: ['md'],
          render: (_, a) => a.body?.name ?? t('common.none'),
        },
    {
      title: t('list.stars'),
      key: 'stars',
      width: 110,
      responsive: ['md'],
      render: (_, a) => <Stars value={a.starRating} />,
    },
    { title: t('list.status'), key: 'status', width: 90, render: (_, a) => <ApplicationStatusTag status={a.status} /> },
    {
      title: approval ? t('list.submittedAt') : t('list.createdAt'),
      key: 'time',
      width: 170,
      responsive: ['md'],
      render: (_, a) => (approval ? a.submittedAt : a.createdAt) ?? t('common.none'),
    },
    {
      title: t('list.actions'),
      key: 'actions',
      width: 80,
      fixed: 'right',
      render: (_, a) => (
        <Link to={detailPath(a.id)}>{approval && isPending(a.status) ? t('list.review') : t('common.view')}</Link>
      ),
    },
  ];

  const statuses = approval ? [1, 2, 3, 4] : [0, 1, 2, 3, 4];
  return (
    <Card
      title={approval ? t('list.approvalTitle') : t('list.myTitle')}
      extra={
        approval ? null : (
          <Button type="primary" onClick={() => navigate('/blockchain/applyCertificate/index')}>
            {t('list.newApply')}
          </Button>
        )
      }
      styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
    >
      <ListToolbar onRefresh={() => void list.refetch()}>
        <Select
          aria-label={t('list.status')}
          style={{ width: 130 }}
          value={query.status ?? -1}
          onChange={(status: number) => filter({ status: status < 0 ? undefined : status })}
          options={[
            ...(approval ? [] : [{ value: -1, label: t('common.all') }]),
            ...statuses.map((s) => ({ value: s, label: t(`status.${s}`) })),
          ]}
        />
        <KeywordSearch label={t('list.keyword')} onSearch={(keyword) => filter({ keyword })} />
      </ListToolbar>
      <Table<ApplicationItem>
        rowKey="id"
        columns={columns}
        dataSource={list.data?.list ?? []}
        loading={list.isFetching}
        scroll={screens.md ? { x: 940 } : undefined}
        locale={{ emptyText: approval ? t('list.queueEmpty') : t('list.empty') }}
        pagination={pagination(list.data?.total ?? 0, (total) => t('common.total', { total }))}
      />
    </Card>
  );
}
