import { CONSTRUCTION_PAGE_SIZE, type InspectionStateValue } from '@jcbb/contract';
import { formatQuantity } from '@jcbb/contract/quantity';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Flex, Grid, Pagination, Select, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { KeywordSearch, ListToolbar } from '../../../components/ListToolbar.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { invalidateReceiving, type SiteStockRow, siteStockQueries } from '../api.ts';
import { InspectionStateTag, useSiteLabels } from '../components/receive/site-labels.tsx';
import { useSiteProject } from '../components/SiteProjectPicker.tsx';
import { StockXlsxButtons } from '../components/stock-xlsx/StockXlsxButtons.tsx';
import { CONSTRUCTION_NS } from '../locales/register.ts';
import { RECEIVE_PATHS } from '../receive-paths.ts';

/**
 * /projectConstruction/stock — 项目库存 (issue 24 item 4): the chosen project's stock by lot, with each lot's state at
 * the site: 待验 (quarantined: received, awaiting inspection or retest), 可用 (released), 不合格 (awaiting return or
 * destruction) and 已领用 (issued to the works, net of returns), and why a lot cannot be issued now. A lot opens its
 * moves (stockDetail).
 */
export function StockPage() {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const site = useSiteProject();
  if (site.projectId === null) {
    return (
      <PageCard title={t('stock.title')} tools={site.picker}>
        {site.waiting}
      </PageCard>
    );
  }
  return (
    <PageCard title={t('stock.title')} tools={site.picker}>
      <StockList key={site.projectId} projectId={site.projectId} />
    </PageCard>
  );
}

function StockList({ projectId }: { projectId: number }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const labels = useSiteLabels();
  const wide = Grid.useBreakpoint().md ?? true;
  const queryClient = useQueryClient();
  const { query, filter, pagination } = useListQuery<{
    take: number;
    skip: number;
    state?: InspectionStateValue;
    keyword?: string;
  }>({
    take: CONSTRUCTION_PAGE_SIZE,
    skip: 0,
  });
  const list = useQuery({ ...siteStockQueries.list({ ...query, projectId }), placeholderData: keepPreviousData });
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const q = (n: number, s: SiteStockRow) => (n === 0 ? '0' : `${formatQuantity(n)} ${s.unitName}`);
  const detail = (s: SiteStockRow) => (
    <Link
      to={`${RECEIVE_PATHS.stockDetail}?lotId=${s.lotId}&projectId=${projectId}`}
      aria-label={t('stock.movesAria', { batch: s.batchNo })}
    >
      {t('stock.moves')}
    </Link>
  );
  const state = (s: SiteStockRow) => (
    <Space orientation="vertical" size={2}>
      {s.state ? <InspectionStateTag state={s.state} /> : <Tag>{t('stock.noState')}</Tag>}
      {s.blockedReason ? (
        <Typography.Text type="warning" style={{ fontSize: 12 }}>
          {s.blockedReason}
        </Typography.Text>
      ) : (
        s.usable > 0 && (
          <Typography.Text type="success" style={{ fontSize: 12 }}>
            {t('stock.issuable')}
          </Typography.Text>
        )
      )}
    </Space>
  );
  const columns: TableProps<SiteStockRow>['columns'] = [
    {
      title: t('stock.material'),
      key: 'material',
      render: (_, s) => (
        <Space orientation="vertical" size={0}>
          <span>
            {s.materialName}
            {s.isGreen && (
              <Tag color="green" style={{ marginInlineStart: 6 }}>
                {t('inspection.green')}
              </Tag>
            )}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {s.specName}
            {s.makerName ? ` · ${s.makerName}` : ''}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('stock.batch'), dataIndex: 'batchNo', key: 'batch', width: 130 },
    {
      title: t('stock.quarantined'),
      key: 'quarantined',
      width: 110,
      align: 'right',
      render: (_, s) =>
        s.quarantined > 0 ? <Typography.Text type="warning">{q(s.quarantined, s)}</Typography.Text> : 0,
    },
    {
      title: t('stock.usable'),
      key: 'usable',
      width: 110,
      align: 'right',
      render: (_, s) => (s.usable > 0 ? <Typography.Text type="success">{q(s.usable, s)}</Typography.Text> : 0),
    },
    {
      title: t('stock.rejected'),
      key: 'rejected',
      width: 110,
      align: 'right',
      render: (_, s) => (s.rejected > 0 ? <Typography.Text type="danger">{q(s.rejected, s)}</Typography.Text> : 0),
    },
    { title: t('stock.issued'), key: 'issued', width: 110, align: 'right', render: (_, s) => q(s.issued, s) },
    { title: t('stock.state'), key: 'state', width: 190, render: (_, s) => state(s) },
    { title: t('site.actions'), key: 'actions', width: 70, render: (_, s) => detail(s) },
  ];
  const empty = query.keyword || query.state ? t('stock.emptySearch') : t('stock.empty');

  return (
    <>
      <ListToolbar
        onRefresh={() => void invalidateReceiving(queryClient)}
        actions={<StockXlsxButtons projectId={projectId} />}
      >
        <KeywordSearch label={t('stock.search')} onSearch={(keyword) => filter({ keyword })} />
        <Select<string>
          aria-label={t('stock.stateFilter')}
          value={query.state ?? 'all'}
          onChange={(v) => filter({ state: v === 'all' ? undefined : (v as InspectionStateValue) })}
          options={[{ value: 'all', label: t('stock.allStates') }, ...labels.stateOptions]}
          style={{ width: 150 }}
        />
      </ListToolbar>
      <Alert type="info" showIcon title={t('inspection.gates.short')} style={{ marginBottom: 16 }} />
      {list.isError && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />}
      {wide ? (
        <Table<SiteStockRow>
          rowKey="lotId"
          size="small"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching}
          locale={{ emptyText: empty }}
          pagination={pagination(total, (n) => t('site.total', { total: n }))}
        />
      ) : (
        <>
          <ItemList
            items={rows}
            rowKey={(s) => s.lotId}
            loading={list.isFetching}
            emptyText={empty}
            renderItem={(s) => (
              <Space orientation="vertical" size={2}>
                <span>
                  {s.materialName} · {s.specName}
                </span>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('receive.batch', { batch: s.batchNo })}
                </Typography.Text>
                <Typography.Text style={{ fontSize: 12 }}>
                  {[
                    s.quarantined > 0 && `${t('stock.quarantined')} ${q(s.quarantined, s)}`,
                    `${t('stock.usable')} ${q(s.usable, s)}`,
                    s.rejected > 0 && `${t('stock.rejected')} ${q(s.rejected, s)}`,
                    s.issued > 0 && `${t('stock.issued')} ${q(s.issued, s)}`,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography.Text>
                {state(s)}
              </Space>
            )}
            actions={detail}
          />
          {total > query.take && (
            <Flex justify="center" style={{ marginTop: 12 }}>
              <Pagination simple {...pagination(total)} />
            </Flex>
          )}
        </>
      )}
    </>
  );
}
