import { DatabaseOutlined, SendOutlined } from '@ant-design/icons';
import { OrgType, ShipmentStatus } from '@jcbb/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Flex, Grid, Pagination, Select, Space, Table, type TableProps, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ItemList } from '../../../../components/ItemList.tsx';
import { KeywordSearch, ListToolbar } from '../../../../components/ListToolbar.tsx';
import { PageCard } from '../../../../components/PageCard.tsx';
import { useSession } from '../../../../lib/session.ts';
import { useListQuery } from '../../../../lib/use-list-query.ts';
import { shipLabels } from '../../components/ship/labels.ts';
import { ReceiptProgress } from '../../components/ship/ReceiptProgress.tsx';
import { CarbonText, ShipmentStatusTag } from '../../components/ship/ShipmentTags.tsx';
import { SHIP_NS } from '../../locales/ship-register.ts';
import { shipmentDetailPath, stockPath, TRACE_PATHS } from '../../paths.ts';
import {
  invalidateShipments,
  type ShipmentListInput,
  type ShipmentRow,
  shipmentListQueries,
  shipQueries,
} from '../../ship-api.ts';

/** Shipments a receiver may still take a receipt for. */
const RECEIVABLE: readonly number[] = [ShipmentStatus.SHIPPED, ShipmentStatus.PARTIALLY_RECEIVED];

/** /productionManagement/trackList: what the caller's organisation shipped (manufacturers, distributors). */
export function TrackListPage() {
  return <ShipmentList direction="out" />;
}

/**
 * /productionManagement/sources: what comes to the caller's organisation (货源管理 of a distributor) or to the
 * projects it works on (材料来源 of a construction or supervision unit, with a project filter), with 收货.
 */
export function SourcesPage() {
  return <ShipmentList direction="in" />;
}

type Query = ShipmentListInput & { take: number; skip: number };

function ShipmentList({ direction }: { direction: 'out' | 'in' }) {
  const { t, i18n } = useTranslation(SHIP_NS);
  const labels = shipLabels(i18n.language.startsWith('en'));
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wide = Grid.useBreakpoint().md ?? true;
  const orgType = useSession().user?.organization?.type ?? null;
  const onProjects = shipmentListQueries.onProjects(orgType);
  const mayReceive = orgType !== OrgType.SUPERVISION;
  const out = direction === 'out';
  const { query, filter, pagination } = useListQuery<Query>(shipmentListQueries.firstPage(direction));
  const list = useQuery({ ...shipQueries.list(query), placeholderData: keepPreviousData });
  const projects = useQuery({ ...shipmentListQueries.projects(orgType), enabled: !out && onProjects });
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const filteredProject = typeof query.projectId === 'number' ? query.projectId : undefined;
  const receivable = (s: ShipmentRow) => !out && mayReceive && RECEIVABLE.includes(s.status);
  const party = (p: ShipmentRow['to']) => (
    <Space orientation="vertical" size={0} style={{ minWidth: 0 }}>
      <Typography.Text>{p.name}</Typography.Text>
      {p.cityName && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {p.kind === 'project' ? `${t('list.projectSite')} · ${p.cityName}` : p.cityName}
        </Typography.Text>
      )}
    </Space>
  );
  const receive = (s: ShipmentRow) =>
    receivable(s) ? (
      <Button size="small" type="primary" onClick={() => navigate(shipmentDetailPath(s.id, true))}>
        {t('list.receive')}
      </Button>
    ) : null;

  const columns: TableProps<ShipmentRow>['columns'] = [
    {
      title: t('list.number'),
      key: 'number',
      width: 170,
      render: (_, s) => (
        <Space orientation="vertical" size={0}>
          <Link to={shipmentDetailPath(s.id)}>{s.number}</Link>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('list.lines', { lines: s.lineCount, codes: s.codeCount })}
          </Typography.Text>
        </Space>
      ),
    },
    out
      ? { title: t('list.to'), key: 'to', width: 200, render: (_, s) => party(s.to) }
      : { title: t('list.from'), key: 'from', width: 200, render: (_, s) => party(s.from) },
    ...(!out && onProjects
      ? [{ title: t('list.to'), key: 'to', width: 180, render: (_: unknown, s: ShipmentRow) => party(s.to) }]
      : []),
    { title: t('list.status'), key: 'status', width: 100, render: (_, s) => <ShipmentStatusTag status={s.status} /> },
    {
      title: t('list.shipDate'),
      key: 'shipDate',
      width: 110,
      render: (_, s) => <span style={{ whiteSpace: 'nowrap' }}>{s.shipDate}</span>,
    },
    {
      title: t('list.carbon'),
      key: 'carbon',
      width: 150,
      // Incoming lists have more columns: their carbon shows on very wide screens (and on the detail).
      responsive: out ? undefined : ['xxl'],
      render: (_, s) => <CarbonText carbon={s.carbon} />,
    },
    {
      title: t('list.progress'),
      key: 'progress',
      width: 200,
      render: (_, s) =>
        s.status === ShipmentStatus.DRAFT ? t('list.notShipped') : <ReceiptProgress progress={s.progress} />,
    },
    ...(!out && mayReceive
      ? [{ title: t('list.actions'), key: 'actions', width: 90, render: (_: unknown, s: ShipmentRow) => receive(s) }]
      : []),
  ];

  const empty = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={out ? t('list.emptyOut') : t('list.emptyIn')}>
      {out && !query.keyword && query.status === undefined && (
        <Button type="primary" icon={<SendOutlined />} onClick={() => navigate(TRACE_PATHS.sendProduct)}>
          {t('list.send')}
        </Button>
      )}
    </Empty>
  );
  const title = out ? t('list.outTitle') : onProjects ? t('list.materialTitle') : t('list.inTitle');

  return (
    <PageCard
      title={title}
      tools={
        out ? (
          <Button type="primary" icon={<SendOutlined />} onClick={() => navigate(TRACE_PATHS.sendProduct)}>
            {t('list.send')}
          </Button>
        ) : (
          // What came in and was accepted is stock: 库存详情 (of the project chosen below, if one is).
          <Link to={stockPath({ projectId: onProjects ? filteredProject : undefined })}>
            <DatabaseOutlined /> {t('list.stock')}
          </Link>
        )
      }
    >
      <ListToolbar onRefresh={() => void invalidateShipments(queryClient)}>
        <Select
          aria-label={t('list.status')}
          allowClear
          placeholder={t('list.allStatuses')}
          style={{ width: 140 }}
          options={labels.statusOptions.filter((o) => out || o.value !== ShipmentStatus.DRAFT)}
          onChange={(status?: number) => filter({ status })}
        />
        {!out && onProjects && (
          <Select
            aria-label={t('list.project')}
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('list.allProjects')}
            style={{ width: 220, maxWidth: '100%' }}
            loading={projects.isFetching}
            options={(projects.data?.list ?? []).map((p) => ({ value: p.id, label: p.name }))}
            onChange={(projectId?: number) => filter({ projectId })}
          />
        )}
        <KeywordSearch label={t('list.search')} onSearch={(keyword) => filter({ keyword })} />
      </ListToolbar>
      {list.isError && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />}
      {wide ? (
        <Table<ShipmentRow>
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          locale={{ emptyText: empty }}
          pagination={pagination(total, (n) => t('list.total', { total: n }))}
        />
      ) : (
        <ItemList
          items={rows}
          rowKey={(s) => s.id}
          loading={list.isFetching}
          emptyText={empty}
          actions={(s) => receive(s)}
          renderItem={(s) => (
            <Space orientation="vertical" size={4} style={{ width: '100%', minWidth: 0 }}>
              <Space size={8} wrap>
                <Link to={shipmentDetailPath(s.id)}>{s.number}</Link>
                <ShipmentStatusTag status={s.status} />
              </Space>
              <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
                {out ? `${t('list.to')}：${s.to.name}` : `${t('list.from')}：${s.from.name}`}
                {!out && onProjects ? ` → ${s.to.name}` : ''} · {s.shipDate}
              </Typography.Text>
              {out && <CarbonText carbon={s.carbon} />}
              {s.status !== ShipmentStatus.DRAFT && <ReceiptProgress progress={s.progress} />}
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
