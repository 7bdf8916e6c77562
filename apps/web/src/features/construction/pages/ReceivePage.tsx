import { InboxOutlined, PlusOutlined } from '@ant-design/icons';
import { CONSTRUCTION_PAGE_SIZE, type InspectionStateValue, OrgType } from '@jcbb/contract';
import { formatQuantity } from '@jcbb/contract/quantity';
import { keepPreviousData, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Flex,
  Grid,
  Pagination,
  Segmented,
  Select,
  Space,
  Table,
  type TableProps,
  Tabs,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { KeywordSearch, ListToolbar } from '../../../components/ListToolbar.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import type { PagePagination } from '../../../lib/paging.ts';
import { useSession } from '../../../lib/session.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { type DeliveryRow, type ExpectedRow, type InspectionRow, invalidateReceiving, receiveQueries } from '../api.ts';
import { ExternalDrawer } from '../components/receive/ExternalDrawer.tsx';
import { ReceiveDrawer } from '../components/receive/ReceiveDrawer.tsx';
import { InspectionStateTag, useSiteLabels } from '../components/receive/site-labels.tsx';
import { useSiteProject } from '../components/SiteProjectPicker.tsx';
import { CONSTRUCTION_NS } from '../locales/register.ts';
import { RECEIVE_PATHS } from '../receive-paths.ts';

type TabKey = 'expected' | 'inspect' | 'deliveries';
const TABS: TabKey[] = ['expected', 'inspect', 'deliveries'];
/** The lots still in quarantine, by what they wait for. */
const WAITING: InspectionStateValue[] = ['pending', 'submitted', 'pending_retest'];

/**
 * /projectConstruction/receive — 收货验收 (issue 24 items 1 and 2): for the project chosen (`?projectId=`),
 * 待收货 (platform shipments on their way, each with 收货), 待验收 (lots in quarantine: awaiting the inspector, the
 * supervisor, or a retest) and 到货记录 (every delivery). The construction unit receives (收货, 平台外到货); the
 * supervision unit and the developer read and confirm.
 */
export function ReceivePage() {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const site = useSiteProject();
  const navigate = useNavigate();
  const orgType = useSession().user?.organization?.type;
  const receiver = orgType === OrgType.CONSTRUCTION;
  const tabParam = site.params.get('tab') as TabKey | null;
  const tab: TabKey = tabParam && TABS.includes(tabParam) ? tabParam : receiver ? 'expected' : 'inspect';
  const [receiving, setReceiving] = useState<number | null>(null);
  const [external, setExternal] = useState(false);
  const projectId = site.projectId;

  const expectedFirst = useQuery({
    ...receiveQueries.expected({ take: CONSTRUCTION_PAGE_SIZE, skip: 0, projectId: projectId ?? 0 }),
    enabled: projectId !== null,
  });
  const expectedCount = expectedFirst.data?.total ?? 0;

  const opened = (d: { id: number }) => {
    setReceiving(null);
    setExternal(false);
    navigate(`${RECEIVE_PATHS.detail}?id=${d.id}`);
  };

  const tools = (
    <Space wrap>
      {site.picker}
      {receiver && projectId !== null && (
        <>
          <Button
            type="primary"
            icon={<InboxOutlined />}
            onClick={() => {
              const only = expectedFirst.data?.list.length === 1 ? expectedFirst.data.list[0] : undefined;
              if (only) setReceiving(only.shipmentId);
              else site.update({ tab: 'expected' });
            }}
          >
            {t('receive.receive')}
          </Button>
          <Button icon={<PlusOutlined />} onClick={() => setExternal(true)}>
            {t('receive.external')}
          </Button>
        </>
      )}
    </Space>
  );

  if (projectId === null) {
    return (
      <PageCard title={t('receive.title')} tools={site.picker}>
        {site.waiting}
      </PageCard>
    );
  }
  return (
    <PageCard title={t('receive.title')} tools={tools}>
      <Tabs
        activeKey={tab}
        onChange={(key) => site.update({ tab: key })}
        items={[
          {
            key: 'expected',
            label: (
              <Badge count={expectedCount} size="small" offset={[8, -2]}>
                {t('receive.tabs.expected')}
              </Badge>
            ),
            children: (
              <ExpectedList
                key={projectId}
                projectId={projectId}
                canReceive={receiver}
                onReceive={(id) => setReceiving(id)}
              />
            ),
          },
          {
            key: 'inspect',
            label: t('receive.tabs.inspect'),
            children: <InspectionList key={projectId} projectId={projectId} receiver={receiver} />,
          },
          {
            key: 'deliveries',
            label: t('receive.tabs.deliveries'),
            children: <DeliveryList key={projectId} projectId={projectId} />,
          },
        ]}
      />
      <ReceiveDrawer
        shipmentId={receiving}
        projectId={projectId}
        open={receiving !== null}
        onClose={() => setReceiving(null)}
        onDone={opened}
      />
      <ExternalDrawer projectId={projectId} open={external} onClose={() => setExternal(false)} onDone={opened} />
    </PageCard>
  );
}

/** A list's table on a wide screen, cards with a simple pager on a phone. */
function ResponsiveList<T>({
  rows,
  total,
  rowKey,
  columns,
  card,
  actions,
  loading,
  empty,
  pagination,
  pageSize,
}: {
  rows: T[];
  total: number;
  rowKey: (row: T) => string | number;
  columns: TableProps<T>['columns'];
  card: (row: T) => ReactNode;
  actions?: (row: T) => ReactNode;
  loading: boolean;
  empty: string;
  pagination: PagePagination;
  pageSize: number;
}) {
  const wide = Grid.useBreakpoint().md ?? true;
  if (wide) {
    return (
      <Table<T>
        rowKey={rowKey}
        size="small"
        columns={columns}
        dataSource={rows}
        loading={loading}
        locale={{ emptyText: empty }}
        pagination={pagination}
      />
    );
  }
  return (
    <>
      <ItemList items={rows} rowKey={rowKey} loading={loading} emptyText={empty} renderItem={card} actions={actions} />
      {total > pageSize && (
        <Flex justify="center" style={{ marginTop: 12 }}>
          <Pagination simple {...pagination} />
        </Flex>
      )}
    </>
  );
}

function ExpectedList({
  projectId,
  canReceive,
  onReceive,
}: {
  projectId: number;
  canReceive: boolean;
  onReceive: (shipmentId: number) => void;
}) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const queryClient = useQueryClient();
  const { query, pagination } = useListQuery({ take: CONSTRUCTION_PAGE_SIZE, skip: 0 });
  const list = useQuery({ ...receiveQueries.expected({ ...query, projectId }), placeholderData: keepPreviousData });
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const track = (s: ExpectedRow) => <Link to={`${RECEIVE_PATHS.track}?id=${s.shipmentId}`}>{s.number}</Link>;
  const receive = (s: ExpectedRow) =>
    canReceive ? (
      <Button
        type="primary"
        size="small"
        onClick={() => onReceive(s.shipmentId)}
        aria-label={t('receive.receiveAria', { number: s.number })}
      >
        {t('receive.receive')}
      </Button>
    ) : null;
  const columns: TableProps<ExpectedRow>['columns'] = [
    { title: t('receive.cols.shipment'), key: 'number', render: (_, s) => track(s) },
    { title: t('receive.cols.from'), dataIndex: 'fromOrgName', key: 'from' },
    { title: t('receive.cols.shipDate'), dataIndex: 'shipDate', key: 'shipDate', width: 110 },
    {
      title: t('receive.cols.planned'),
      key: 'planned',
      width: 110,
      render: (_, s) => s.plannedArrival ?? t('site.none'),
    },
    { title: t('receive.cols.lines'), dataIndex: 'lineCount', key: 'lines', width: 80 },
    { title: t('receive.cols.status'), key: 'status', width: 100, render: (_, s) => <Tag>{s.statusName}</Tag> },
    ...(canReceive
      ? [{ title: t('site.actions'), key: 'actions', width: 90, render: (_: unknown, s: ExpectedRow) => receive(s) }]
      : []),
  ];
  return (
    <>
      <ListToolbar onRefresh={() => void invalidateReceiving(queryClient)}>
        <Typography.Text type="secondary">{t('receive.expectedHelp')}</Typography.Text>
      </ListToolbar>
      {list.isError && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />}
      <ResponsiveList
        rows={rows}
        total={total}
        rowKey={(s) => s.shipmentId}
        columns={columns}
        loading={list.isFetching}
        empty={t('receive.expectedEmpty')}
        pagination={pagination(total, (n) => t('site.total', { total: n }))}
        pageSize={query.take}
        card={(s) => (
          <Space orientation="vertical" size={0}>
            {track(s)}
            <span>{s.fromOrgName}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('receive.expectedCard', { date: s.shipDate, lines: s.lineCount, status: s.statusName })}
            </Typography.Text>
          </Space>
        )}
        actions={canReceive ? receive : undefined}
      />
    </>
  );
}

function InspectionList({ projectId, receiver }: { projectId: number; receiver: boolean }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const labels = useSiteLabels();
  const queryClient = useQueryClient();
  const { query, filter, pagination } = useListQuery<{
    take: number;
    skip: number;
    state?: InspectionStateValue;
    keyword?: string;
  }>({
    take: CONSTRUCTION_PAGE_SIZE,
    skip: 0,
    // The contractor's inspector starts with what awaits them, the supervisor with what awaits confirmation.
    state: receiver ? 'pending' : 'submitted',
  });
  // One count per state the lots wait in (the first page's total), for the switch's labels.
  const counts = useQueries({
    queries: WAITING.map((state) => receiveQueries.inspections({ take: 1, skip: 0, projectId, state })),
  });
  const list = useQuery({ ...receiveQueries.inspections({ ...query, projectId }), placeholderData: keepPreviousData });
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const open = (i: InspectionRow) => (
    <Link to={`${RECEIVE_PATHS.detail}?id=${i.deliveryId}&inspection=${i.id}`}>{i.number}</Link>
  );
  const act = (i: InspectionRow) => (
    <Link to={`${RECEIVE_PATHS.detail}?id=${i.deliveryId}&inspection=${i.id}`}>
      {(receiver && i.state === 'pending') || (!receiver && i.state === 'submitted')
        ? t('receive.handle')
        : t('receive.view')}
    </Link>
  );
  const q = (i: InspectionRow) => `${formatQuantity(i.quantity)} ${i.unitName}`;
  const where = (i: InspectionRow) => [i.building, i.floor, i.part].filter(Boolean).join(' · ') || t('site.none');
  const columns: TableProps<InspectionRow>['columns'] = [
    { title: t('receive.cols.inspection'), key: 'number', width: 170, render: (_, i) => open(i) },
    {
      title: t('receive.cols.material'),
      key: 'material',
      render: (_, i) => (
        <Space orientation="vertical" size={0}>
          <span>
            {i.materialName}
            {i.retestRequired && (
              <Tag color="orange" style={{ marginInlineStart: 6 }}>
                {t('receive.retest')}
              </Tag>
            )}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {i.specName} · {t('receive.batch', { batch: i.batchNo })}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('receive.cols.quantity'), key: 'quantity', width: 120, render: (_, i) => q(i) },
    { title: t('receive.cols.arrivedOn'), dataIndex: 'arrivedOn', key: 'arrivedOn', width: 110 },
    { title: t('receive.cols.where'), key: 'where', width: 140, render: (_, i) => where(i) },
    {
      title: t('receive.cols.state'),
      key: 'state',
      width: 110,
      render: (_, i) => <InspectionStateTag state={i.state} />,
    },
    { title: t('site.actions'), key: 'actions', width: 80, render: (_, i) => act(i) },
  ];
  return (
    <>
      <ListToolbar onRefresh={() => void invalidateReceiving(queryClient)}>
        <Segmented<string>
          value={query.state ?? 'all'}
          onChange={(v) => filter({ state: v === 'all' ? undefined : (v as InspectionStateValue) })}
          options={[
            ...WAITING.map((state, k) => ({
              value: state,
              label: `${labels.state(state)} ${counts[k]?.data?.total ?? ''}`.trim(),
            })),
            { value: 'all', label: t('receive.allStates') },
          ]}
          style={{ maxWidth: '100%', overflowX: 'auto' }}
        />
        <KeywordSearch label={t('receive.searchInspections')} onSearch={(keyword) => filter({ keyword })} />
      </ListToolbar>
      {list.isError && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />}
      <ResponsiveList
        rows={rows}
        total={total}
        rowKey={(i) => i.id}
        columns={columns}
        loading={list.isFetching}
        empty={t('receive.inspectEmpty')}
        pagination={pagination(total, (n) => t('site.total', { total: n }))}
        pageSize={query.take}
        card={(i) => (
          <Space orientation="vertical" size={2}>
            <span>
              {i.materialName} · {i.specName}
            </span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('receive.batch', { batch: i.batchNo })} · {q(i)} · {i.arrivedOn}
            </Typography.Text>
            <Space size={4} wrap>
              <InspectionStateTag state={i.state} />
              {i.retestRequired && <Tag color="orange">{t('receive.retest')}</Tag>}
            </Space>
          </Space>
        )}
        actions={act}
      />
    </>
  );
}

function DeliveryList({ projectId }: { projectId: number }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const labels = useSiteLabels();
  const queryClient = useQueryClient();
  const { query, filter, pagination } = useListQuery<{
    take: number;
    skip: number;
    kind?: DeliveryRow['kind'];
    keyword?: string;
  }>({
    take: CONSTRUCTION_PAGE_SIZE,
    skip: 0,
  });
  const list = useQuery({ ...receiveQueries.deliveries({ ...query, projectId }), placeholderData: keepPreviousData });
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const open = (d: DeliveryRow) => <Link to={`${RECEIVE_PATHS.detail}?id=${d.id}`}>{d.number}</Link>;
  const papers = (d: DeliveryRow) => (
    <Link to={`${RECEIVE_PATHS.invoice}?id=${d.id}`} aria-label={t('receive.papersAria', { number: d.number })}>
      {t('receive.papers')}
    </Link>
  );
  const pending = (d: DeliveryRow) =>
    d.pendingCount > 0 ? (
      <Tag color="blue">{t('receive.pendingCount', { count: d.pendingCount })}</Tag>
    ) : (
      <Tag color="green">{t('receive.allInspected')}</Tag>
    );
  const columns: TableProps<DeliveryRow>['columns'] = [
    { title: t('receive.cols.delivery'), key: 'number', width: 150, render: (_, d) => open(d) },
    { title: t('receive.cols.kind'), key: 'kind', width: 110, render: (_, d) => labels.kind(d.kind) },
    { title: t('receive.cols.supplier'), dataIndex: 'supplierName', key: 'supplier' },
    { title: t('receive.cols.arrivedOn'), dataIndex: 'arrivedOn', key: 'arrivedOn', width: 110 },
    {
      title: t('receive.cols.paperNos'),
      key: 'paperNos',
      width: 170,
      render: (_, d) => (
        <Space orientation="vertical" size={0}>
          <span>{t('receive.noteNo', { no: d.deliveryNoteNo ?? t('site.none') })}</span>
          <span>{t('receive.invoiceNo', { no: d.invoiceNo ?? t('site.none') })}</span>
        </Space>
      ),
    },
    { title: t('receive.cols.lines'), dataIndex: 'lineCount', key: 'lines', width: 70 },
    { title: t('receive.cols.inspected'), key: 'pending', width: 110, render: (_, d) => pending(d) },
    { title: t('site.actions'), key: 'actions', width: 80, render: (_, d) => papers(d) },
  ];
  return (
    <>
      <ListToolbar onRefresh={() => void invalidateReceiving(queryClient)}>
        <Select<string>
          aria-label={t('receive.kindFilter')}
          value={query.kind ?? 'all'}
          onChange={(v) => filter({ kind: v === 'all' ? undefined : (v as DeliveryRow['kind']) })}
          options={[{ value: 'all', label: t('receive.allKinds') }, ...labels.kindOptions]}
          style={{ width: 150 }}
        />
        <KeywordSearch label={t('receive.searchDeliveries')} onSearch={(keyword) => filter({ keyword })} />
      </ListToolbar>
      {list.isError && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />}
      <ResponsiveList
        rows={rows}
        total={total}
        rowKey={(d) => d.id}
        columns={columns}
        loading={list.isFetching}
        empty={t('receive.deliveriesEmpty')}
        pagination={pagination(total, (n) => t('site.total', { total: n }))}
        pageSize={query.take}
        card={(d) => (
          <Space orientation="vertical" size={2}>
            {open(d)}
            <span>{d.supplierName}</span>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {labels.kind(d.kind)} · {d.arrivedOn} · {t('receive.linesCount', { count: d.lineCount })}
            </Typography.Text>
            {pending(d)}
          </Space>
        )}
        actions={papers}
      />
    </>
  );
}
