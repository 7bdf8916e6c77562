import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Flex, Grid, Pagination, Progress, Select, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemList } from '../../../../components/ItemList.tsx';
import { KeywordSearch, ListToolbar } from '../../../../components/ListToolbar.tsx';
import { PageCard } from '../../../../components/PageCard.tsx';
import { useListQuery } from '../../../../lib/use-list-query.ts';
import { ORDERS_NS } from '../../locales/orders-register.ts';
import {
  invalidateOrders,
  ORDERS_PAGE_SIZE,
  type OrderListInput,
  type OrderRow,
  orderQueries,
} from '../../orders-api.ts';
import { PROCUREMENT_PATHS } from '../../paths.ts';
import { orderLabels, orderStatusColor, yuan } from './labels.ts';

/**
 * The orders a caller sees on its side (docs/procurement.md, "Purchase orders"): the buyer's of its projects, the
 * supplier's sent to it. Newest first, with state, amount and how much arrived; filters by state and keyword.
 */
export function OrderList({ side }: { side: 'buyer' | 'supplier' }) {
  const { t, i18n } = useTranslation(ORDERS_NS);
  const labels = orderLabels(i18n.language.startsWith('en'));
  const queryClient = useQueryClient();
  const wide = Grid.useBreakpoint().md ?? true;
  const { query, filter, pagination } = useListQuery<OrderListInput & { take: number; skip: number }>({
    take: ORDERS_PAGE_SIZE,
    skip: 0,
  });
  const list = useQuery({ ...orderQueries.list(query), placeholderData: keepPreviousData });
  const rows = list.data?.list ?? [];
  const detailPath = side === 'buyer' ? PROCUREMENT_PATHS.orderDetail : PROCUREMENT_PATHS.supplierOrderDetail;
  const link = (o: OrderRow) => <Link to={`${detailPath}?id=${o.id}`}>{o.number}</Link>;
  const status = (o: OrderRow) => <Tag color={orderStatusColor[o.status]}>{labels.status(o.status)}</Tag>;
  const party = (o: OrderRow) => (side === 'buyer' ? o.supplierName : o.buyerName);

  const columns: TableProps<OrderRow>['columns'] = [
    { title: t('list.number'), key: 'number', width: 170, render: (_, o) => link(o) },
    {
      title: side === 'buyer' ? t('list.supplier') : t('list.buyer'),
      key: 'party',
      width: 200,
      render: (_, o) => party(o),
    },
    { title: t('list.project'), dataIndex: 'projectName', key: 'project', width: 220, responsive: ['lg'] },
    { title: t('list.amount'), key: 'amount', width: 130, align: 'right', render: (_, o) => yuan(o.amountFen) },
    {
      title: t('list.delivered'),
      key: 'delivered',
      width: 140,
      render: (_, o) => <Progress percent={o.deliveredPct} size="small" />,
    },
    { title: t('list.createdAt'), dataIndex: 'createdAt', key: 'createdAt', width: 160, responsive: ['xl'] },
    { title: t('list.status'), key: 'status', width: 110, render: (_, o) => status(o) },
  ];

  return (
    <PageCard title={side === 'buyer' ? t('list.title') : t('list.supplierTitle')}>
      <ListToolbar onRefresh={() => void invalidateOrders(queryClient)}>
        <KeywordSearch label={t('list.search')} onSearch={(keyword) => filter({ keyword })} />
        <Select
          allowClear
          aria-label={t('list.status')}
          placeholder={t('list.status')}
          style={{ width: 140 }}
          options={labels.statusOptions}
          onChange={(status) => filter({ status })}
        />
      </ListToolbar>
      {list.isError && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />}
      {wide ? (
        <Table<OrderRow>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          locale={{ emptyText: t('list.empty') }}
          pagination={pagination(list.data?.total ?? 0, (total) => t('common.total', { total }))}
        />
      ) : (
        <ItemList
          items={rows}
          rowKey={(o) => o.id}
          loading={list.isFetching}
          emptyText={t('list.empty')}
          renderItem={(o) => (
            <Space orientation="vertical" size={2} style={{ width: '100%' }}>
              <Space size={6} wrap>
                {link(o)}
                {status(o)}
              </Space>
              <Typography.Text>{party(o)}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {yuan(o.amountFen)} · {o.projectName}
              </Typography.Text>
              <Progress percent={o.deliveredPct} size="small" />
            </Space>
          )}
        />
      )}
      {!wide && (list.data?.total ?? 0) > ORDERS_PAGE_SIZE && (
        <Flex justify="center" style={{ marginTop: 12 }}>
          <Pagination simple {...pagination(list.data?.total ?? 0)} />
        </Flex>
      )}
    </PageCard>
  );
}
