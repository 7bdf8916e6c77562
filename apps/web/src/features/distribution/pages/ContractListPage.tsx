import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Flex,
  Grid,
  Pagination,
  Segmented,
  Select,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { KeywordSearch, ListToolbar } from '../../../components/ListToolbar.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { yuan } from '../components/money.ts';
import { contractStatusColor, salesLabels } from '../components/sales-labels.ts';
import { SALES_NS } from '../locales/sales-register.ts';
import {
  type ContractListInput,
  type ContractRow,
  invalidateContracts,
  SALES_PAGE_SIZE,
  salesQueries,
} from '../sales-api.ts';
import { salesUrl } from '../sales-paths.ts';

/**
 * /productionManagement/contractList: the distributor's sales contracts (and, on the other tab, contracts naming its
 * organisation as buyer), newest first, with status, amount and place of delivery.
 */
export function ContractListPage() {
  const { t, i18n } = useTranslation(SALES_NS);
  const labels = salesLabels(i18n.language.startsWith('en'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wide = Grid.useBreakpoint().md ?? true;
  const { query, filter, pagination } = useListQuery<ContractListInput & { take: number; skip: number }>({
    take: SALES_PAGE_SIZE,
    skip: 0,
    side: 'mine',
  });
  const list = useQuery({ ...salesQueries.contracts(query), placeholderData: keepPreviousData });
  const rows = list.data?.list ?? [];
  const mine = query.side !== 'buyer';
  const create = () => navigate(salesUrl.contractUpload());

  const status = (c: ContractRow) => <Tag color={contractStatusColor[c.status]}>{labels.contractStatus(c.status)}</Tag>;
  const columns: TableProps<ContractRow>['columns'] = [
    {
      title: t('contracts.number'),
      key: 'number',
      width: 170,
      render: (_, c) => <Link to={salesUrl.contractDetail(c.id)}>{c.number}</Link>,
    },
    {
      title: mine ? t('contracts.buyer') : t('detail.seller'),
      key: 'party',
      width: 200,
      render: (_, c) => (mine ? c.buyerName : c.sellerName),
    },
    { title: t('contracts.project'), key: 'project', width: 220, render: (_, c) => c.projectName ?? t('common.none') },
    { title: t('contracts.place'), dataIndex: 'regionName', key: 'place', width: 180, responsive: ['xl'] },
    { title: t('contracts.amount'), key: 'amount', width: 130, align: 'right', render: (_, c) => yuan(c.amountFen) },
    {
      title: t('contracts.period'),
      key: 'period',
      width: 190,
      render: (_, c) => `${c.validFrom} ~ ${c.validUntil}`,
    },
    { title: t('contracts.status'), key: 'status', width: 90, render: (_, c) => status(c) },
  ];

  return (
    <PageCard
      title={t('contracts.title')}
      tools={
        <Button type="primary" icon={<PlusOutlined />} onClick={create}>
          {t('contracts.create')}
        </Button>
      }
    >
      <ListToolbar onRefresh={() => void invalidateContracts(queryClient)}>
        <Segmented
          value={query.side ?? 'mine'}
          onChange={(side) => filter({ side: side as 'mine' | 'buyer' })}
          options={[
            { value: 'mine', label: t('contracts.mine') },
            { value: 'buyer', label: t('contracts.buyerSide') },
          ]}
        />
        <KeywordSearch label={t('contracts.search')} onSearch={(keyword) => filter({ keyword })} />
        <Select
          allowClear
          aria-label={t('contracts.status')}
          placeholder={t('contracts.status')}
          style={{ width: 130 }}
          options={labels.contractStatusOptions}
          onChange={(status) => filter({ status })}
        />
      </ListToolbar>
      {list.isError && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />}
      {wide ? (
        <Table<ContractRow>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          locale={{ emptyText: t('contracts.empty') }}
          pagination={pagination(list.data?.total ?? 0, (total) => t('common.total', { total }))}
        />
      ) : (
        <ItemList
          items={rows}
          rowKey={(c) => c.id}
          loading={list.isFetching}
          emptyText={t('contracts.empty')}
          renderItem={(c) => (
            <Space orientation="vertical" size={2}>
              <Space size={6} wrap>
                <Link to={salesUrl.contractDetail(c.id)}>{c.number}</Link>
                {status(c)}
              </Space>
              <Typography.Text>{mine ? c.buyerName : c.sellerName}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {yuan(c.amountFen)} · {c.projectName ?? c.regionName} · {c.validFrom} ~ {c.validUntil}
              </Typography.Text>
            </Space>
          )}
        />
      )}
      {!wide && (list.data?.total ?? 0) > SALES_PAGE_SIZE && (
        <Flex justify="center" style={{ marginTop: 12 }}>
          <Pagination simple {...pagination(list.data?.total ?? 0)} />
        </Flex>
      )}
    </PageCard>
  );
}
