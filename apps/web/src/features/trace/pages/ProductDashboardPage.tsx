import { PlusOutlined } from '@ant-design/icons';
import { TRACE_PAGE_SIZE } from '@jcbb/contract';
import { formatQuantity } from '@jcbb/contract/quantity';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Empty,
  Flex,
  Grid,
  Pagination,
  Row,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
  type TableProps,
  Typography,
} from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { KeywordSearch, ListToolbar } from '../../../components/ListToolbar.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { RecordState } from '../../../components/RecordState.tsx';
import { positiveId } from '../../../lib/record-id.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { useCertified } from '../../organization/public.ts';
import {
  invalidateLots,
  type Lot,
  lotQueries,
  type ProductDashboard,
  type ProductWithSpecs,
  productDashboardOpening,
} from '../api.ts';
import { BarChart } from '../components/BarChart.tsx';
import { EvidenceTag } from '../components/EvidenceTag.tsx';
import { LotCreateModal } from '../components/LotCreateModal.tsx';
import { LotDrawer, stockCardPath } from '../components/LotDrawer.tsx';
import { TRACE_NS } from '../locales/register.ts';

/** The product centre's list, where a maker adds products and their specifications. */
const PRODUCT_LIST_PATH = '/product/list';
const CHART_COLOR = '#1677ff';

/**
 * /productionManagement/productDashboard?id=<product>&lot=<lot>: one of the maker's products. Its lots live here
 * (新建批次, the lot drawer with its codes, QR labels, CSV and a link to its stock card): a lot is always one
 * product's, and the spec's route list has no page of its own for lots. Below them, where the product went by
 * district, who holds it, and how often its codes were scanned.
 */
export function ProductDashboardPage() {
  const { t } = useTranslation(TRACE_NS);
  const [params, setParams] = useSearchParams();
  const products = useQuery(lotQueries.products());
  const list = products.data ?? [];
  const raw = params.get('id');
  const id = positiveId(raw);
  const lotId = positiveId(params.get('lot'));
  const product = list.find((p) => p.id === id);

  // No product chosen yet (the page is about one product at a time): with several products, the product of the
  // maker's latest lot, the one they are working on; else (one product, no lot yet, the lot unreadable) the first.
  const pickLatest = raw === null && productDashboardOpening.picksLatest(list.length);
  const latestLot = useQuery({ ...productDashboardOpening.latestLot(), enabled: pickLatest });
  const latestProduct = latestLot.data?.list[0]?.productId;
  const opening =
    list.find((p) => p.id === latestProduct)?.id ?? (!pickLatest || latestLot.isFetched ? list[0]?.id : undefined);
  useEffect(() => {
    if (raw === null && opening !== undefined) setParams({ id: String(opening) }, { replace: true });
  }, [raw, opening, setParams]);

  const choose = (productId: number) => setParams({ id: String(productId) });
  const openLot = (lot: number | null) =>
    setParams(lot === null ? { id: String(id) } : { id: String(id), lot: String(lot) });

  const picker = (
    <Select<number>
      aria-label={t('product.pick')}
      placeholder={t('product.pick')}
      showSearch={{ optionFilterProp: 'label' }}
      loading={products.isFetching}
      value={product?.id}
      onChange={choose}
      style={{ width: 280, maxWidth: '100%' }}
      options={list.map((p) => ({ value: p.id, label: p.name }))}
    />
  );

  let body: ReactNode;
  if (products.isError) body = <Alert type="error" showIcon title={products.error.message} />;
  else if (!products.data) body = <Skeleton active />;
  else if (list.length === 0)
    body = (
      <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('product.noProducts')}>
        <Link to={PRODUCT_LIST_PATH}>{t('product.toProducts')}</Link>
      </Empty>
    );
  else if (raw !== null && id === null) body = <Empty description={t('product.badId')} />;
  else if (id === null) body = <Skeleton active />;
  else body = <ProductBoard key={id} productId={id} product={product} onOpenLot={openLot} />;

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageCard title={t('product.title')} tools={list.length > 0 ? picker : undefined}>
        {body}
      </PageCard>
      <LotDrawer lotId={id === null ? null : lotId} onClose={() => openLot(null)} />
    </Space>
  );
}

function ProductBoard({
  productId,
  product,
  onOpenLot,
}: {
  productId: number;
  /** The product from the maker's list (its specifications); undefined while unknown. */
  product: ProductWithSpecs | undefined;
  onOpenLot: (lotId: number) => void;
}) {
  const { t } = useTranslation(TRACE_NS);
  const dashboard = useQuery(lotQueries.productDashboard(productId));
  return (
    <RecordState
      query={dashboard}
      back={<Link to={PRODUCT_LIST_PATH}>{t('product.toProducts')}</Link>}
      notFoundTitle={t('product.notFound')}
    >
      {(d) => (
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <Figures dashboard={d} product={product} />
          <Lots productId={productId} product={product} onOpenLot={onOpenLot} />
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={12}>
              <Card size="small" title={t('product.byDistrict')}>
                <BarChart
                  label={t('product.byDistrict')}
                  rows={d.byDistrict.map((r) => ({ key: r.regionCode, label: r.regionName, values: [r.quantity] }))}
                  series={[{ name: t('product.quantity'), color: CHART_COLOR }]}
                  format={(n) => formatQuantity(n)}
                  emptyText={t('product.noDistricts')}
                />
              </Card>
            </Col>
            <Col xs={24} lg={12}>
              <Card size="small" title={t('product.byHolder')}>
                <BarChart
                  label={t('product.byHolder')}
                  rows={d.byHolder.map((r) => ({
                    key: `${r.kind}:${r.holderName}`,
                    label: r.kind === 'project' ? `${r.holderName}（${t('common.project')}）` : r.holderName,
                    values: [r.quantity],
                  }))}
                  series={[{ name: t('product.quantity'), color: '#52c41a' }]}
                  format={(n) => formatQuantity(n)}
                  emptyText={t('product.noHolders')}
                />
              </Card>
            </Col>
          </Row>
        </Space>
      )}
    </RecordState>
  );
}

/** The product's figures: lots, quantity made, holders, scans. */
function Figures({ dashboard, product }: { dashboard: ProductDashboard; product: ProductWithSpecs | undefined }) {
  const { t } = useTranslation(TRACE_NS);
  const units = new Set(dashboard.lots.map((l) => l.unitName));
  const made = dashboard.lots.reduce((sum, l) => sum + l.quantity, 0);
  return (
    <Row gutter={[16, 16]}>
      <Col xs={12} md={6}>
        <Statistic title={t('product.lots')} value={dashboard.lots.length} />
      </Col>
      <Col xs={12} md={6}>
        <Statistic
          title={t('product.made')}
          value={formatQuantity(made)}
          suffix={units.size === 1 ? [...units][0] : undefined}
        />
      </Col>
      <Col xs={12} md={6}>
        <Statistic title={t('product.holders')} value={dashboard.byHolder.length} />
      </Col>
      <Col xs={12} md={6}>
        <Statistic title={t('product.scans')} value={dashboard.scanCount} />
      </Col>
      {product && product.specs.length === 0 && (
        <Col xs={24}>
          <Alert type="info" showIcon title={t('product.noSpecs')} />
        </Col>
      )}
    </Row>
  );
}

/** The product's lots, newest first, paged; 新建批次 above them. */
function Lots({
  productId,
  product,
  onOpenLot,
}: {
  productId: number;
  product: ProductWithSpecs | undefined;
  onOpenLot: (lotId: number) => void;
}) {
  const { t } = useTranslation(TRACE_NS);
  const wide = Grid.useBreakpoint().md ?? true;
  const queryClient = useQueryClient();
  const [creating, setCreating] = useState(false);
  const { query, filter, pagination } = useListQuery<{ take: number; skip: number; batchNo?: string }>({
    take: TRACE_PAGE_SIZE,
    skip: 0,
  });
  const lots = useQuery({ ...lotQueries.list({ ...query, productId }), placeholderData: keepPreviousData });
  const rows = lots.data?.list ?? [];
  const total = lots.data?.total ?? 0;
  // An uncertified manufacturer records no lots (docs/decisions.md): the banner above says why.
  const certified = useCertified();
  const canCreate = certified && product !== undefined && product.specs.length > 0;
  const qty = (l: Lot) => `${formatQuantity(l.quantity)} ${l.unitName}`;
  const open = (l: Lot) => (
    <Typography.Link onClick={() => onOpenLot(l.id)} aria-label={t('lot.open', { batchNo: l.batchNo })}>
      {l.batchNo}
    </Typography.Link>
  );
  const stockLink = (l: Lot) => <Link to={stockCardPath(l.specId, l.id)}>{t('lot.stockCard')}</Link>;

  const columns: TableProps<Lot>['columns'] = [
    { title: t('lot.batchNo'), key: 'batchNo', width: 160, render: (_, l) => open(l) },
    { title: t('lot.spec'), dataIndex: 'specName', key: 'spec' },
    { title: t('lot.productionDate'), dataIndex: 'productionDate', key: 'date', width: 110 },
    { title: t('lot.quantity'), key: 'quantity', width: 120, render: (_, l) => qty(l) },
    {
      title: t('lot.codes'),
      key: 'codes',
      width: 100,
      render: (_, l) =>
        l.codeCount > 0 ? l.codeCount : <Typography.Text type="secondary">{t('lot.noCodes')}</Typography.Text>,
    },
    { title: t('lot.evidence'), key: 'evidence', width: 140, render: (_, l) => <EvidenceTag evidence={l.evidence} /> },
    { title: t('common.actions'), key: 'actions', width: 90, render: (_, l) => stockLink(l) },
  ];

  const empty = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={query.batchNo ? t('lot.emptySearch') : t('lot.empty')}>
      {!query.batchNo && canCreate && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('lot.createFirst')}
        </Button>
      )}
    </Empty>
  );

  return (
    <Card
      size="small"
      title={t('lot.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} disabled={!canCreate} onClick={() => setCreating(true)}>
          {t('lot.create')}
        </Button>
      }
    >
      <ListToolbar onRefresh={() => void invalidateLots(queryClient)}>
        <KeywordSearch label={t('lot.search')} width={200} onSearch={(batchNo) => filter({ batchNo })} />
      </ListToolbar>
      {lots.isError && <Alert type="error" showIcon title={lots.error.message} style={{ marginBottom: 16 }} />}
      {wide ? (
        <Table<Lot>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={lots.isFetching}
          locale={{ emptyText: empty }}
          pagination={pagination(total, (n) => t('lot.total', { total: n }))}
        />
      ) : (
        <>
          <ItemList
            items={rows}
            rowKey={(l) => l.id}
            loading={lots.isFetching}
            emptyText={empty}
            renderItem={(l) => (
              <Space orientation="vertical" size={2}>
                <Space size={4} wrap>
                  {open(l)}
                  <EvidenceTag evidence={l.evidence} />
                </Space>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {l.specName} · {l.productionDate} · {qty(l)} ·{' '}
                  {l.codeCount > 0 ? t('lot.codeCount', { count: l.codeCount }) : t('lot.noCodes')}
                </Typography.Text>
              </Space>
            )}
            actions={stockLink}
          />
          {total > TRACE_PAGE_SIZE && (
            <Flex justify="center" style={{ marginTop: 12 }}>
              <Pagination simple {...pagination(total)} />
            </Flex>
          )}
        </>
      )}
      {product && (
        <LotCreateModal
          open={creating}
          product={product}
          onClose={() => setCreating(false)}
          onCreated={(lotId) => {
            setCreating(false);
            onOpenLot(lotId);
          }}
        />
      )}
    </Card>
  );
}
