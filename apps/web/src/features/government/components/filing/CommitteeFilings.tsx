import { periodOfDay, periodRange, previousPeriod } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { shanghaiToday } from '@jcbb/contract/time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Checkbox,
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
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemList } from '../../../../components/ItemList.tsx';
import { KeywordSearch, ListToolbar } from '../../../../components/ListToolbar.tsx';
import type { PagePagination } from '../../../../lib/paging.ts';
import {
  FILINGS_PAGE_SIZE,
  type FilingList,
  type FilingListFilter,
  type FilingRow,
  filingMutations,
  invalidateFilings,
  type OverdueRow,
} from '../../filing-api.ts';
import { FILING_NS } from '../../locales/filing-register.ts';
import { periodName } from '../statistics/format.ts';
import { filingLabels, filingStatusColor, yuan } from './labels.ts';

/** The quarters a committee chooses from: the previous eight and this one, newest first. */
function recentPeriods(): string[] {
  const out = [periodOfDay(shanghaiToday())];
  while (out.length < 9) out.push(previousPeriod(out[out.length - 1] as string));
  return out;
}

/**
 * The committee's city's filings of a quarter (docs/government.md, "Filing: the committee"): filters (quarter,
 * status, district, late, keyword), the filings with their totals, the projects overdue, and 关闭季度.
 */
export function CommitteeFilings({
  data,
  loading,
  filter,
  pagination,
}: {
  data: FilingList;
  loading: boolean;
  filter: (patch: Partial<FilingListFilter>) => void;
  pagination: (total: number, showTotal?: (total: number) => React.ReactNode) => PagePagination;
}) {
  const { t, i18n } = useTranslation(FILING_NS);
  const labels = filingLabels(i18n.language.startsWith('en'));
  const wide = Grid.useBreakpoint().md ?? true;
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const close = useMutation(filingMutations.closePeriod);
  const period = data.period ?? '';
  const ended = period !== '' && periodRange(period).to < shanghaiToday();

  const closeQuarter = () =>
    modal.confirm({
      content: t('list.closeConfirm', { period, count: data.closable }),
      okText: t('list.close'),
      onOk: async () => {
        try {
          const done = await close.mutateAsync({ period });
          await invalidateFilings(queryClient);
          message.success(t('list.closedDone', { period: done.period, count: done.locked }));
        } catch {
          // The HTTP client has shown the refusal.
        }
      },
    });

  const link = (f: FilingRow) => <Link to={pageUrl(pages.governmentFiling, { id: f.id })}>{f.projectName}</Link>;
  const status = (f: FilingRow) => (
    <Space size={4} wrap>
      <Tag color={filingStatusColor[f.status]}>{labels.status(f.status)}</Tag>
      {f.late && <Tag color="red">{t('deadline.late')}</Tag>}
    </Space>
  );
  const columns: TableProps<FilingRow>['columns'] = [
    { title: t('list.project'), key: 'project', render: (_, f) => link(f) },
    { title: t('list.district'), dataIndex: 'regionName', key: 'district', width: 100 },
    { title: t('list.filer'), dataIndex: 'filerName', key: 'filer', width: 200, responsive: ['xl'] },
    { title: t('list.status'), key: 'status', width: 150, render: (_, f) => status(f) },
    { title: t('list.submittedAt'), key: 'submittedAt', width: 110, render: (_, f) => f.submittedAt ?? '—' },
    { title: t('list.lines'), dataIndex: 'lineCount', key: 'lines', width: 70, align: 'right', responsive: ['lg'] },
    { title: t('list.amount'), key: 'amount', width: 140, align: 'right', render: (_, f) => yuan(f.amountFen) },
    {
      title: t('list.greenAmount'),
      key: 'green',
      width: 140,
      align: 'right',
      responsive: ['lg'],
      render: (_, f) => yuan(f.greenAmountFen),
    },
  ];
  const overdueItem = (o: OverdueRow) => (
    <Space orientation="vertical" size={0}>
      <Space wrap size={6}>
        <span>{o.projectName}</span>
        <Tag color="red">{t('deadline.overdue', { days: o.daysOverdue })}</Tag>
      </Space>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {o.regionName} · {t('list.developer')}：{o.developerName}
      </Typography.Text>
    </Space>
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <ListToolbar
        onRefresh={() => void invalidateFilings(queryClient)}
        actions={
          data.periodClosed ? (
            <Tag color="purple">{t('list.closed')}</Tag>
          ) : (
            <Button disabled={!ended} title={ended ? undefined : t('list.closeNotEnded')} onClick={closeQuarter}>
              {t('list.close')}
            </Button>
          )
        }
      >
        <Select
          aria-label={t('list.period')}
          style={{ width: 120 }}
          value={period || undefined}
          options={recentPeriods().map((p) => ({ value: p, label: periodName(p, i18n.language.startsWith('en')) }))}
          onChange={(p) => filter({ period: p })}
        />
        <Select
          allowClear
          aria-label={t('list.status')}
          placeholder={t('list.status')}
          style={{ width: 120 }}
          options={labels.statusOptions.filter((o) => o.value !== 'draft')}
          onChange={(s) => filter({ status: s })}
        />
        <Select
          allowClear
          aria-label={t('list.district')}
          placeholder={t('list.district')}
          style={{ width: 120 }}
          options={data.districts.map((d) => ({ value: d.code, label: d.name }))}
          onChange={(regionCode) => filter({ regionCode })}
        />
        <Checkbox onChange={(e) => filter({ late: e.target.checked ? true : undefined })}>{t('list.late')}</Checkbox>
        <KeywordSearch label={t('list.search')} width={220} onSearch={(keyword) => filter({ keyword })} />
      </ListToolbar>
      {wide ? (
        <Table<FilingRow>
          rowKey="id"
          columns={columns}
          dataSource={data.list}
          loading={loading}
          locale={{ emptyText: t('list.empty') }}
          pagination={pagination(data.total, (total) => t('common.total', { total }))}
        />
      ) : (
        <>
          <ItemList
            items={data.list}
            rowKey={(f) => f.id}
            loading={loading}
            emptyText={t('list.empty')}
            renderItem={(f) => (
              <Space orientation="vertical" size={2}>
                {link(f)}
                {status(f)}
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {f.regionName} · {yuan(f.amountFen)} · {t('list.greenAmount')} {yuan(f.greenAmountFen)}
                </Typography.Text>
              </Space>
            )}
          />
          {data.total > FILINGS_PAGE_SIZE && (
            <Flex justify="center">
              <Pagination simple {...pagination(data.total)} />
            </Flex>
          )}
        </>
      )}
      <div>
        <Typography.Title level={5}>{t('list.overdueTitle', { count: data.overdue.length })}</Typography.Title>
        {data.overdue.length > 0 && (
          <Alert type="warning" showIcon title={t('list.overdueHint')} style={{ marginBottom: 8 }} />
        )}
        <ItemList
          items={data.overdue}
          rowKey={(o) => o.projectId}
          emptyText={t('list.overdueEmpty')}
          renderItem={overdueItem}
        />
      </div>
    </Space>
  );
}
