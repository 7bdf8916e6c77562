import { OrgType, TRACE_PAGE_SIZE } from '@jcbb/contract';
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
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { KeywordSearch, ListToolbar } from '../../../components/ListToolbar.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { RecordState } from '../../../components/RecordState.tsx';
import { positiveId } from '../../../lib/record-id.ts';
import { useSession } from '../../../lib/session.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { projectQueries } from '../../project/public.ts';
import { invalidateStock, type StockBalance, type StockMove, stockQueries } from '../api.ts';
import { formatSigned } from '../components/format.ts';
import { TRACE_NS } from '../locales/register.ts';
import { shipmentDetailPath } from '../paths.ts';

const CARD_PAGE_SIZE = 50;
/** Enough for a construction unit's projects in one picker. */
const PROJECT_PICKER_SIZE = 100;

/**
 * /productionManagement/inventoryDetail?specId=&lotId=&projectId=: the holder's stock per specification and lot
 * (usable, rejected awaiting return, on its way in, in drafts going out) and, for a chosen specification, its stock
 * card: every move, newest first, with its document and the running balance. A manufacturer or distributor sees its
 * own stock; a construction or supervision unit a project's (the projects it works on).
 */
export function InventoryDetailPage() {
  const { t } = useTranslation(TRACE_NS);
  const orgType = useSession().user?.organization?.type;
  const forProject = orgType === OrgType.CONSTRUCTION || orgType === OrgType.SUPERVISION;
  const [params, setParams] = useSearchParams();
  const projectId = positiveId(params.get('projectId'));
  const specId = positiveId(params.get('specId'));
  const lotId = positiveId(params.get('lotId'));
  const projects = useQuery({
    ...projectQueries.mine({ take: PROJECT_PICKER_SIZE, skip: 0, type: 1, orgType: orgType ?? undefined }),
    enabled: forProject,
  });
  const projectList = projects.data?.list ?? [];

  /** Changes some parameters of the address, keeping the others. */
  const update = (patch: Record<string, number | null>, replace = false) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) next.delete(k);
      else next.set(k, String(v));
    }
    setParams(next, { replace });
  };

  // A project console opens on its first project.
  const firstProject = projectList[0]?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the choice is missing, not on every render
  useEffect(() => {
    if (forProject && projectId === null && firstProject !== undefined) update({ projectId: firstProject }, true);
  }, [forProject, projectId, firstProject]);

  const picker = forProject ? (
    <Select<number>
      aria-label={t('stock.project')}
      placeholder={t('stock.project')}
      showSearch={{ optionFilterProp: 'label' }}
      loading={projects.isFetching}
      value={projectId ?? undefined}
      onChange={(id) => update({ projectId: id, specId: null, lotId: null })}
      style={{ width: 280, maxWidth: '100%' }}
      options={projectList.map((p) => ({ value: p.id, label: p.name }))}
    />
  ) : undefined;

  if (forProject && projectId === null) {
    return (
      <PageCard title={t('stock.title')} tools={picker}>
        {projects.isError ? (
          <Alert type="error" showIcon title={projects.error.message} />
        ) : projects.data ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('stock.noProject')} />
        ) : (
          <Skeleton active />
        )}
      </PageCard>
    );
  }

  const holder = projectId ?? undefined;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      {specId !== null && (
        <StockCardView
          key={`${specId}:${lotId}:${holder}`}
          specId={specId}
          lotId={lotId ?? undefined}
          projectId={holder}
          onClose={() => update({ specId: null, lotId: null })}
        />
      )}
      <StockList
        key={holder}
        projectId={holder}
        picker={picker}
        selected={specId === null ? null : `${specId}:${lotId ?? ''}`}
        onOpenCard={(b) => update({ specId: b.specId, lotId: b.lotId })}
      />
    </Space>
  );
}

function StockList({
  projectId,
  picker,
  selected,
  onOpenCard,
}: {
  projectId: number | undefined;
  picker: ReactNode;
  selected: string | null;
  onOpenCard: (b: StockBalance) => void;
}) {
  const { t } = useTranslation(TRACE_NS);
  const wide = Grid.useBreakpoint().md ?? true;
  const queryClient = useQueryClient();
  const { query, filter, pagination } = useListQuery<{ take: number; skip: number; keyword?: string }>({
    take: TRACE_PAGE_SIZE,
    skip: 0,
  });
  const list = useQuery({ ...stockQueries.list({ ...query, projectId }), placeholderData: keepPreviousData });
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const key = (b: StockBalance) => `${b.specId}:${b.lotId}`;
  const q = (n: number, b: StockBalance) => `${formatQuantity(n)} ${b.unitName}`;
  const cardButton = (b: StockBalance) => (
    <Button type="link" size="small" onClick={() => onOpenCard(b)} disabled={selected === key(b)}>
      {t('stock.card')}
    </Button>
  );

  const columns: TableProps<StockBalance>['columns'] = [
    {
      title: t('stock.product'),
      key: 'product',
      render: (_, b) => (
        <Space orientation="vertical" size={0}>
          <span>{b.productName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {b.specName}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('stock.batchNo'), dataIndex: 'batchNo', key: 'batchNo', width: 140 },
    { title: t('stock.usable'), key: 'usable', width: 110, render: (_, b) => q(b.usable, b) },
    {
      title: t('stock.quarantined'),
      key: 'quarantined',
      width: 110,
      render: (_, b) =>
        b.quarantined > 0 ? <Typography.Text type="warning">{q(b.quarantined, b)}</Typography.Text> : 0,
    },
    {
      title: t('stock.rejected'),
      key: 'rejected',
      width: 110,
      render: (_, b) => (b.rejected > 0 ? <Typography.Text type="danger">{q(b.rejected, b)}</Typography.Text> : 0),
    },
    { title: t('stock.pendingIn'), key: 'in', width: 110, render: (_, b) => q(b.pendingInbound, b) },
    { title: t('stock.pendingOut'), key: 'out', width: 110, render: (_, b) => q(b.pendingOutbound, b) },
    { title: t('common.actions'), key: 'actions', width: 90, render: (_, b) => cardButton(b) },
  ];

  return (
    <PageCard title={t('stock.title')} tools={picker}>
      <ListToolbar onRefresh={() => void invalidateStock(queryClient)}>
        <KeywordSearch label={t('stock.search')} onSearch={(keyword) => filter({ keyword })} />
      </ListToolbar>
      {list.isError && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />}
      {wide ? (
        <Table<StockBalance>
          rowKey={key}
          size="small"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          locale={{ emptyText: query.keyword ? t('stock.emptySearch') : t('stock.empty') }}
          pagination={pagination(total, (n) => t('stock.total', { total: n }))}
        />
      ) : (
        <>
          <ItemList
            items={rows}
            rowKey={key}
            loading={list.isFetching}
            emptyText={query.keyword ? t('stock.emptySearch') : t('stock.empty')}
            renderItem={(b) => (
              <Space orientation="vertical" size={0}>
                <span>
                  {b.productName} · {b.specName}
                </span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('stock.batchNo')} {b.batchNo}
                </Typography.Text>
                <Typography.Text style={{ fontSize: 12 }}>
                  {t('stock.usable')} {q(b.usable, b)}
                  {b.quarantined > 0 ? ` · ${t('stock.quarantined')} ${q(b.quarantined, b)}` : ''}
                  {b.rejected > 0 ? ` · ${t('stock.rejected')} ${q(b.rejected, b)}` : ''}
                  {b.pendingInbound > 0 ? ` · ${t('stock.pendingIn')} ${q(b.pendingInbound, b)}` : ''}
                  {b.pendingOutbound > 0 ? ` · ${t('stock.pendingOut')} ${q(b.pendingOutbound, b)}` : ''}
                </Typography.Text>
              </Space>
            )}
            actions={cardButton}
          />
          {total > TRACE_PAGE_SIZE && (
            <Flex justify="center" style={{ marginTop: 12 }}>
              <Pagination simple {...pagination(total)} />
            </Flex>
          )}
        </>
      )}
    </PageCard>
  );
}

/** Newest first (the server's order; kept within a page whatever it sends). */
const newestFirst = (a: StockMove, b: StockMove) =>
  a.occurredAt === b.occurredAt ? b.id - a.id : a.occurredAt < b.occurredAt ? 1 : -1;

/** One specification's (and lot's) stock card: the totals, then every move with its running balance. */
function StockCardView({
  specId,
  lotId,
  projectId,
  onClose,
}: {
  specId: number;
  lotId: number | undefined;
  projectId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation(TRACE_NS);
  const wide = Grid.useBreakpoint().md ?? true;
  const { query, pagination } = useListQuery({ take: CARD_PAGE_SIZE, skip: 0 });
  const card = useQuery({
    ...stockQueries.card({ ...query, specId, lotId, projectId }),
    placeholderData: keepPreviousData,
  });
  const close = <Button onClick={onClose}>{t('stock.closeCard')}</Button>;

  return (
    <RecordState query={card} back={close} notFoundTitle={t('stock.cardNotFound')} skeletonRows={6}>
      {(c) => {
        const moves = [...c.list].sort(newestFirst);
        const unit = c.unitName;
        const doc = (m: StockMove) =>
          m.docType === 'shipment' && m.docId !== null ? (
            <Link to={shipmentDetailPath(m.docId)}>{m.docNumber ?? m.docId}</Link>
          ) : (
            (m.docNumber ?? t('common.none'))
          );
        const signed = (m: StockMove) => (
          <Typography.Text type={m.quantity < 0 ? 'danger' : 'success'}>{formatSigned(m.quantity)}</Typography.Text>
        );
        const reason = (m: StockMove) => (
          <Space size={4} wrap>
            <span>{m.reasonName}</span>
            {m.bucket === 'rejected' && <Tag color="red">{t('stock.rejectedBucket')}</Tag>}
            {m.bucket === 'quarantined' && <Tag color="orange">{t('stock.quarantinedBucket')}</Tag>}
          </Space>
        );
        const columns: TableProps<StockMove>['columns'] = [
          { title: t('stock.time'), dataIndex: 'occurredAt', key: 'time', width: 170 },
          { title: t('stock.reason'), key: 'reason', width: 150, render: (_, m) => reason(m) },
          { title: t('stock.batchNo'), dataIndex: 'batchNo', key: 'batch', width: 130 },
          { title: t('stock.doc'), key: 'doc', render: (_, m) => doc(m) },
          { title: t('stock.change'), key: 'change', width: 110, align: 'right', render: (_, m) => signed(m) },
          {
            title: (
              <Tooltip title={t('stock.balanceHelp')}>
                <span>{t('stock.balance')}</span>
              </Tooltip>
            ),
            key: 'balance',
            width: 110,
            align: 'right',
            render: (_, m) => formatQuantity(m.balanceAfter),
          },
        ];
        return (
          <Card
            title={t('stock.cardTitle', { product: c.productName, spec: c.specName })}
            extra={wide ? close : undefined}
          >
            <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
              <Col xs={12} md={6}>
                <Statistic title={t('stock.usable')} value={formatQuantity(c.usable)} suffix={unit} />
              </Col>
              {c.quarantined > 0 && (
                <Col xs={12} md={6}>
                  <Statistic title={t('stock.quarantined')} value={formatQuantity(c.quarantined)} suffix={unit} />
                </Col>
              )}
              <Col xs={12} md={6}>
                <Statistic title={t('stock.rejected')} value={formatQuantity(c.rejected)} suffix={unit} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('stock.pendingIn')} value={formatQuantity(c.pendingInbound)} suffix={unit} />
              </Col>
              <Col xs={12} md={6}>
                <Statistic title={t('stock.pendingOut')} value={formatQuantity(c.pendingOutbound)} suffix={unit} />
              </Col>
            </Row>
            {wide ? (
              <Table<StockMove>
                rowKey="id"
                size="small"
                columns={columns}
                dataSource={moves}
                loading={card.isFetching}
                locale={{ emptyText: t('stock.noMoves') }}
                pagination={pagination(c.total, (n) => t('stock.moves', { total: n }))}
              />
            ) : (
              <>
                <ItemList
                  items={moves}
                  rowKey={(m) => m.id}
                  loading={card.isFetching}
                  emptyText={t('stock.noMoves')}
                  renderItem={(m) => (
                    <Flex justify="space-between" gap={8}>
                      <Space orientation="vertical" size={0} style={{ minWidth: 0 }}>
                        {reason(m)}
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {m.occurredAt} · {m.batchNo}
                        </Typography.Text>
                        <span style={{ fontSize: 12, wordBreak: 'break-all' }}>{doc(m)}</span>
                      </Space>
                      <Space orientation="vertical" size={0} align="end" style={{ flex: 'none' }}>
                        {signed(m)}
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {t('stock.balanceShort', { balance: formatQuantity(m.balanceAfter) })}
                        </Typography.Text>
                      </Space>
                    </Flex>
                  )}
                />
                {c.total > CARD_PAGE_SIZE && (
                  <Flex justify="center" style={{ marginTop: 12 }}>
                    <Pagination simple {...pagination(c.total)} />
                  </Flex>
                )}
                <div style={{ marginTop: 12 }}>{close}</div>
              </>
            )}
          </Card>
        );
      }}
    </RecordState>
  );
}
