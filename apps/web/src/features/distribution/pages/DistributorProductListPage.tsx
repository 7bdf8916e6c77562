import { PlusOutlined } from '@ant-design/icons';
import type { AuthorisationStatusValue, DistributorProductStatusValue } from '@jcbb/contract';
import { formatQuantity } from '@jcbb/contract/quantity';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Flex,
  Grid,
  Pagination,
  Select,
  Space,
  Table,
  type TableProps,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { KeywordSearch, ListToolbar } from '../../../components/ListToolbar.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { yuan } from '../components/money.ts';
import { coverageColor, letterStateColor, salesLabels } from '../components/sales-labels.ts';
import { SALES_NS } from '../locales/sales-register.ts';
import {
  invalidateLicensed,
  invalidateProducts,
  type LicensedItem,
  type ProductRecord,
  SALES_PAGE_SIZE,
  salesQueries,
} from '../sales-api.ts';
import { salesUrl } from '../sales-paths.ts';

/**
 * /distributor/productList: the distributor's own product records (price, supply regions, today's coverage by its
 * letters) and, on the 授权产品 tab (`?tab=licensed`), the products its letters name, with a 待确认 filter for the
 * letters awaiting its acceptance.
 */
export function DistributorProductListPage() {
  const { t } = useTranslation(SALES_NS);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'licensed' ? 'licensed' : 'records';
  return (
    <PageCard title={t('products.title')}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'licensed' ? { tab: key } : {}, { replace: true })}
        items={[
          { key: 'records', label: t('products.tabRecords'), children: <RecordsTab /> },
          { key: 'licensed', label: t('products.tabLicensed'), children: <LicensedTab /> },
        ]}
      />
    </PageCard>
  );
}

function RecordsTab() {
  const { t, i18n } = useTranslation(SALES_NS);
  const labels = salesLabels(i18n.language.startsWith('en'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wide = Grid.useBreakpoint().md ?? true;
  const { query, filter, pagination } = useListQuery<{
    take: number;
    skip: number;
    keyword?: string;
    status?: DistributorProductStatusValue;
  }>({ take: SALES_PAGE_SIZE, skip: 0 });
  const list = useQuery({ ...salesQueries.products(query), placeholderData: keepPreviousData });
  const rows = list.data?.list ?? [];
  const price = (r: ProductRecord) =>
    r.priceFen === null ? t('common.onRequest') : `${yuan(r.priceFen)} / ${r.priceUnit ?? ''}`;
  const coverage = (r: ProductRecord) => (
    <Tag color={coverageColor[r.coverage]}>
      {r.coveredUntil && r.coverage !== 'not_covered'
        ? `${labels.coverage(r.coverage)} · ${t('products.coveredUntil', { date: r.coveredUntil })}`
        : labels.coverage(r.coverage)}
    </Tag>
  );
  const name = (r: ProductRecord) => (
    <Space orientation="vertical" size={0}>
      <Link to={salesUrl.productDetails(r.id)}>{r.productName}</Link>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {r.specName ?? t('record.allSpecs')} · {r.makerName}
      </Typography.Text>
    </Space>
  );
  const columns: TableProps<ProductRecord>['columns'] = [
    { title: t('products.product'), key: 'product', render: (_, r) => name(r) },
    { title: t('products.price'), key: 'price', width: 150, render: (_, r) => price(r) },
    {
      title: t('products.regions'),
      key: 'regions',
      width: 200,
      responsive: ['xl'],
      render: (_, r) => r.supplyRegionNames.join('、') || t('common.none'),
    },
    { title: t('products.coverage'), key: 'coverage', width: 230, render: (_, r) => coverage(r) },
    {
      title: t('products.status'),
      key: 'status',
      width: 90,
      render: (_, r) => <Tag color={r.status === 'on_sale' ? 'green' : 'default'}>{labels.recordStatus(r.status)}</Tag>,
    },
  ];
  return (
    <>
      <ListToolbar
        onRefresh={() => void invalidateProducts(queryClient)}
        actions={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(salesUrl.productEdit())}>
            {t('products.create')}
          </Button>
        }
      >
        <KeywordSearch label={t('products.search')} onSearch={(keyword) => filter({ keyword })} />
        <Select
          allowClear
          aria-label={t('products.status')}
          placeholder={t('products.status')}
          style={{ width: 120 }}
          options={labels.recordStatusOptions}
          onChange={(status) => filter({ status })}
        />
      </ListToolbar>
      {list.isError && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />}
      {wide ? (
        <Table<ProductRecord>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          locale={{ emptyText: t('products.empty') }}
          pagination={pagination(list.data?.total ?? 0, (total) => t('common.total', { total }))}
        />
      ) : (
        <ItemList
          items={rows}
          rowKey={(r) => r.id}
          loading={list.isFetching}
          emptyText={t('products.empty')}
          renderItem={(r) => (
            <Space orientation="vertical" size={4}>
              {name(r)}
              <Typography.Text style={{ fontSize: 13 }}>{price(r)}</Typography.Text>
              {coverage(r)}
            </Space>
          )}
        />
      )}
      {!wide && (list.data?.total ?? 0) > SALES_PAGE_SIZE && (
        <Flex justify="center" style={{ marginTop: 12 }}>
          <Pagination simple {...pagination(list.data?.total ?? 0)} />
        </Flex>
      )}
    </>
  );
}

function LicensedTab() {
  const { t, i18n } = useTranslation(SALES_NS);
  const labels = salesLabels(i18n.language.startsWith('en'));
  const queryClient = useQueryClient();
  const wide = Grid.useBreakpoint().md ?? true;
  const { query, filter, pagination } = useListQuery<{
    take: number;
    skip: number;
    keyword?: string;
    state?: AuthorisationStatusValue;
  }>({ take: SALES_PAGE_SIZE, skip: 0 });
  const list = useQuery({ ...salesQueries.licensed(query), placeholderData: keepPreviousData });
  const pending = useQuery(salesQueries.licensed({ take: 1, skip: 0, state: 'issued' }));
  const rows = list.data?.list ?? [];
  const waiting = pending.data?.total ?? 0;
  const state = (i: LicensedItem) => <Tag color={letterStateColor[i.state]}>{labels.letterState(i.state)}</Tag>;
  const cap = (i: LicensedItem) =>
    i.remainingQuantity === null
      ? t('licensed.noCap')
      : formatQuantity(i.remainingQuantity, { unit: i.specs[0]?.unit, locale: i18n.language });
  const product = (i: LicensedItem) => (
    <Space orientation="vertical" size={0}>
      <span>{i.productName}</span>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {i.specName ?? t('licensed.allSpecs')} · {i.makerName}
      </Typography.Text>
    </Space>
  );
  const columns: TableProps<LicensedItem>['columns'] = [
    { title: t('licensed.product'), key: 'product', render: (_, i) => product(i) },
    {
      title: t('licensed.letter'),
      key: 'letter',
      width: 170,
      render: (_, i) => <Link to={salesUrl.letter(i.authorisationId)}>{i.number}</Link>,
    },
    {
      title: t('licensed.regions'),
      key: 'regions',
      width: 180,
      responsive: ['xl'],
      render: (_, i) => i.regionNames.join('、'),
    },
    { title: t('licensed.period'), key: 'period', width: 190, render: (_, i) => `${i.validFrom} ~ ${i.validUntil}` },
    { title: t('licensed.cap'), key: 'cap', width: 110, render: (_, i) => cap(i) },
    { title: t('licensed.state'), key: 'state', width: 130, render: (_, i) => state(i) },
  ];
  return (
    <>
      {waiting > 0 && query.state !== 'issued' && (
        <Alert
          type="info"
          showIcon
          title={t('licensed.pendingHint', { count: waiting })}
          action={
            <Button size="small" onClick={() => filter({ state: 'issued' })}>
              {t('licensed.pending')}
            </Button>
          }
          style={{ marginBottom: 16 }}
        />
      )}
      <ListToolbar onRefresh={() => void invalidateLicensed(queryClient)}>
        <KeywordSearch label={t('licensed.search')} onSearch={(keyword) => filter({ keyword })} />
        <Select
          allowClear
          aria-label={t('licensed.state')}
          placeholder={t('licensed.state')}
          style={{ width: 180 }}
          value={query.state}
          options={labels.letterStateOptions.filter((o) => o.value !== 'draft')}
          onChange={(s) => filter({ state: s })}
        />
      </ListToolbar>
      {list.isError && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />}
      {wide ? (
        <Table<LicensedItem>
          rowKey="itemId"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          locale={{ emptyText: t('licensed.empty') }}
          pagination={pagination(list.data?.total ?? 0, (total) => t('common.total', { total }))}
        />
      ) : (
        <ItemList
          items={rows}
          rowKey={(i) => i.itemId}
          loading={list.isFetching}
          emptyText={t('licensed.empty')}
          renderItem={(i) => (
            <Space orientation="vertical" size={4}>
              {product(i)}
              <Space size={6} wrap>
                {state(i)}
                <Link to={salesUrl.letter(i.authorisationId)}>{i.number}</Link>
              </Space>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {i.validFrom} ~ {i.validUntil} · {cap(i)}
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
    </>
  );
}
