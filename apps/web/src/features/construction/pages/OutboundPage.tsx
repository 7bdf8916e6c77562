import { HistoryOutlined, PlusOutlined } from '@ant-design/icons';
import { CONSTRUCTION_PAGE_SIZE, inspectionStateLabels, issueKindLabels, OrgType } from '@jcbb/contract';
import { formatQuantity } from '@jcbb/contract/quantity';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Empty,
  Flex,
  Grid,
  Pagination,
  Select,
  Space,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { KeywordSearch, ListToolbar } from '../../../components/ListToolbar.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { labelOf, labelOptions } from '../../../lib/labels.ts';
import { useSession } from '../../../lib/session.ts';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { type IssueOrderRow, invalidateOutbound, outboundQueries, type SiteStockRow } from '../api.ts';
import { IssueDrawer } from '../components/outbound/IssueDrawer.tsx';
import { OUTBOUND_PATHS, orderPath, withProject } from '../components/outbound/paths.ts';
import { placeOf } from '../components/outbound/place.ts';
import { useSiteProject } from '../components/SiteProjectPicker.tsx';
import { CONSTRUCTION_NS } from '../locales/register.ts';

/**
 * /projectConstruction/outbound (出库领用): the project's stock by lot — what is usable, and for a lot that cannot be
 * issued why (awaiting inspection or retest, rejected) — with 领用 on the lots that can; the issue form; and the
 * project's issue orders and returns. A construction unit issues; a supervision unit reads.
 */
export function OutboundPage() {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const orgType = useSession().user?.organization?.type;
  const mayIssue = orgType === OrgType.CONSTRUCTION;
  const { projectId, picker, waiting } = useSiteProject();
  const [issuing, setIssuing] = useState<{ lotId?: number } | null>(null);

  const tools = (
    <Space wrap>
      {picker}
      <Link to={withProject(OUTBOUND_PATHS.record, projectId)}>
        <HistoryOutlined /> {t('outbound.list.record')}
      </Link>
      {mayIssue && projectId !== null && (
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setIssuing({})}>
          {t('outbound.list.create')}
        </Button>
      )}
    </Space>
  );

  if (projectId === null) {
    return (
      <PageCard title={t('outbound.stock.title')} tools={tools}>
        {waiting}
      </PageCard>
    );
  }
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <StockCard
        key={`stock:${projectId}`}
        projectId={projectId}
        tools={tools}
        onIssue={mayIssue ? (lotId) => setIssuing({ lotId }) : undefined}
      />
      <OrderList key={`orders:${projectId}`} projectId={projectId} />
      {issuing && <IssueDrawer projectId={projectId} open lotId={issuing.lotId} onClose={() => setIssuing(null)} />}
    </Space>
  );
}

/** A lot's state at the site as a tag: held back (orange), rejected (red), gone from the site (grey). */
const STATE_COLORS: Record<NonNullable<SiteStockRow['state']>, string | undefined> = {
  pending: 'orange',
  submitted: 'orange',
  pending_retest: 'orange',
  released: 'green',
  concession: 'green',
  rejected: 'red',
  returned: undefined,
  destroyed: undefined,
};

type StockQuery = { take: number; skip: number; keyword?: string; state?: SiteStockRow['state'] };

function StockCard({
  projectId,
  tools,
  onIssue,
}: {
  projectId: number;
  tools: ReactNode;
  onIssue?: (lotId: number) => void;
}) {
  const { t, i18n } = useTranslation(CONSTRUCTION_NS);
  const english = i18n.language.startsWith('en');
  const stateName = labelOf(inspectionStateLabels, english);
  const wide = Grid.useBreakpoint().md ?? true;
  const queryClient = useQueryClient();
  const { query, filter, pagination } = useListQuery<StockQuery>({ take: CONSTRUCTION_PAGE_SIZE, skip: 0 });
  const list = useQuery({ ...outboundQueries.stock({ ...query, projectId }), placeholderData: keepPreviousData });
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const qty = (q: number, unit: string) => `${formatQuantity(q)} ${unit}`;

  const state = (r: SiteStockRow) =>
    r.blockedReason ? (
      <Space orientation="vertical" size={0}>
        {r.state && <Tag color={STATE_COLORS[r.state]}>{stateName(r.state)}</Tag>}
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {r.blockedReason}
        </Typography.Text>
      </Space>
    ) : (
      <Tag color="green">{r.state ? stateName(r.state) : t('outbound.stock.noState')}</Tag>
    );
  const action = (r: SiteStockRow) =>
    onIssue && r.usable > 0 ? (
      <Button size="small" type="primary" onClick={() => onIssue(r.lotId)}>
        {t('outbound.stock.issue')}
      </Button>
    ) : null;

  const columns: TableProps<SiteStockRow>['columns'] = [
    {
      title: t('outbound.stock.material'),
      key: 'material',
      render: (_, r) => (
        <Space orientation="vertical" size={0}>
          <Typography.Text>{r.materialName}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {r.specName}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('outbound.stock.batch'), dataIndex: 'batchNo', width: 130 },
    {
      title: t('outbound.stock.maker'),
      key: 'maker',
      width: 160,
      responsive: ['xl'],
      render: (_, r) => r.makerName ?? t('outbound.common.none'),
    },
    {
      title: t('outbound.stock.usable'),
      key: 'usable',
      width: 110,
      render: (_, r) => <Typography.Text strong={r.usable > 0}>{qty(r.usable, r.unitName)}</Typography.Text>,
    },
    {
      title: t('outbound.stock.held'),
      key: 'held',
      width: 130,
      render: (_, r) => `${formatQuantity(r.quarantined)} / ${formatQuantity(r.rejected)}`,
    },
    {
      title: t('outbound.stock.issued'),
      key: 'issued',
      width: 100,
      responsive: ['lg'],
      render: (_, r) => qty(r.issued, r.unitName),
    },
    { title: t('outbound.stock.state'), key: 'state', width: 180, render: (_, r) => state(r) },
    ...(onIssue
      ? [
          {
            title: t('outbound.stock.actions'),
            key: 'actions',
            width: 80,
            render: (_: unknown, r: SiteStockRow) => action(r),
          },
        ]
      : []),
  ];

  return (
    <PageCard title={t('outbound.stock.title')} tools={tools}>
      <Typography.Paragraph type="secondary">{t('outbound.stock.hint')}</Typography.Paragraph>
      <ListToolbar onRefresh={() => void invalidateOutbound(queryClient)}>
        <Select
          aria-label={t('outbound.stock.state')}
          allowClear
          placeholder={t('outbound.stock.allStates')}
          style={{ width: 160 }}
          options={labelOptions(inspectionStateLabels, english)}
          onChange={(s?: SiteStockRow['state']) => filter({ state: s ?? undefined })}
        />
        <KeywordSearch label={t('outbound.stock.search')} onSearch={(keyword) => filter({ keyword })} />
      </ListToolbar>
      {list.isError && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />}
      {wide ? (
        <Table<SiteStockRow>
          rowKey="lotId"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('outbound.stock.empty')} /> }}
          pagination={pagination(total, (n) => t('outbound.stock.total', { total: n }))}
        />
      ) : (
        <ItemList
          items={rows}
          rowKey={(r) => r.lotId}
          loading={list.isFetching}
          emptyText={t('outbound.stock.empty')}
          actions={action}
          renderItem={(r) => (
            <Space orientation="vertical" size={4} style={{ width: '100%', minWidth: 0 }}>
              <Typography.Text style={{ overflowWrap: 'anywhere' }}>
                {r.materialName} {r.specName} · {r.batchNo}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('outbound.stock.line', {
                  usable: qty(r.usable, r.unitName),
                  quarantined: formatQuantity(r.quarantined),
                  rejected: formatQuantity(r.rejected),
                  issued: formatQuantity(r.issued),
                })}
              </Typography.Text>
              {state(r)}
            </Space>
          )}
        />
      )}
      {!wide && total > query.take && (
        <Flex justify="center" style={{ marginTop: 12 }}>
          <Pagination simple {...pagination(total)} />
        </Flex>
      )}
    </PageCard>
  );
}

type OrderQuery = { take: number; skip: number; keyword?: string };

function OrderList({ projectId }: { projectId: number }) {
  const { t, i18n } = useTranslation(CONSTRUCTION_NS);
  const kindName = labelOf(issueKindLabels, i18n.language.startsWith('en'));
  const wide = Grid.useBreakpoint().md ?? true;
  const queryClient = useQueryClient();
  const { query, filter, pagination } = useListQuery<OrderQuery>({ take: CONSTRUCTION_PAGE_SIZE, skip: 0 });
  const list = useQuery({ ...outboundQueries.list({ ...query, projectId }), placeholderData: keepPreviousData });
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;

  const kind = (o: IssueOrderRow) => (
    <Space size={4} wrap>
      <Tag color={o.kind === 'return' ? 'purple' : 'blue'}>{kindName(o.kind)}</Tag>
      {o.returned && <Tag>{t('outbound.list.returned')}</Tag>}
    </Space>
  );
  const number = (o: IssueOrderRow) => (
    <Space orientation="vertical" size={0}>
      <Link to={orderPath(o.id)}>{o.number}</Link>
      {o.returnOfNumber && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('outbound.list.returnOf', { number: o.returnOfNumber })}
        </Typography.Text>
      )}
    </Space>
  );

  const columns: TableProps<IssueOrderRow>['columns'] = [
    { title: t('outbound.list.number'), key: 'number', width: 170, render: (_, o) => number(o) },
    { title: t('outbound.list.kind'), key: 'kind', width: 150, render: (_, o) => kind(o) },
    { title: t('outbound.list.team'), dataIndex: 'team' },
    {
      title: t('outbound.list.location'),
      key: 'location',
      render: (_, o) => placeOf(o) || t('outbound.common.none'),
    },
    { title: t('outbound.list.receivedBy'), dataIndex: 'receivedBy', width: 100 },
    {
      title: t('outbound.list.date'),
      key: 'date',
      width: 110,
      render: (_, o) => <span style={{ whiteSpace: 'nowrap' }}>{o.issuedOn}</span>,
    },
    { title: t('outbound.list.issuedBy'), dataIndex: 'issuedByName', width: 100, responsive: ['xl'] },
    {
      title: t('outbound.list.lines'),
      key: 'lines',
      width: 80,
      responsive: ['lg'],
      render: (_, o) => t('outbound.list.lineCount', { count: o.lineCount }),
    },
  ];

  return (
    <Card title={t('outbound.list.title')}>
      <ListToolbar onRefresh={() => void invalidateOutbound(queryClient)}>
        <KeywordSearch label={t('outbound.list.search')} width={300} onSearch={(keyword) => filter({ keyword })} />
      </ListToolbar>
      {list.isError && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />}
      {wide ? (
        <Table<IssueOrderRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('outbound.list.empty')} /> }}
          pagination={pagination(total, (n) => t('outbound.list.total', { total: n }))}
        />
      ) : (
        <ItemList
          items={rows}
          rowKey={(o) => o.id}
          loading={list.isFetching}
          emptyText={t('outbound.list.empty')}
          renderItem={(o) => (
            <Space orientation="vertical" size={4} style={{ width: '100%', minWidth: 0 }}>
              <Space size={8} wrap>
                <Link to={orderPath(o.id)}>{o.number}</Link>
                {kind(o)}
              </Space>
              <Typography.Text style={{ overflowWrap: 'anywhere' }}>
                {o.team} · {o.receivedBy}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                {[placeOf(o), o.issuedOn, t('outbound.list.lineCount', { count: o.lineCount })]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography.Text>
            </Space>
          )}
        />
      )}
      {!wide && total > query.take && (
        <Flex justify="center" style={{ marginTop: 12 }}>
          <Pagination simple {...pagination(total)} />
        </Flex>
      )}
    </Card>
  );
}
