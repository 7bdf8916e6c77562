import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Checkbox,
  Flex,
  Grid,
  Input,
  Pagination,
  Select,
  Space,
  Table,
  type TableProps,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemList } from '../../../../components/ItemList.tsx';
import { ListToolbar } from '../../../../components/ListToolbar.tsx';
import { useListQuery } from '../../../../lib/use-list-query.ts';
import { RISK_NS } from '../../locales/risk-register.ts';
import { GOVERNMENT_PATHS } from '../../paths.ts';
import { ALERTS_PAGE_SIZE, type AlertListInput, type AlertRow, invalidateAlerts, riskQueries } from '../../risk-api.ts';
import { AlertTags } from './AlertTags.tsx';
import { riskLabels } from './labels.ts';

const PERIOD = /^[0-9]{4}-Q[1-4]$/;

/**
 * The alerts the caller may see (docs/government.md, "Risk rules"), newest first, with their severity and state:
 * filters by severity, rule, state and quarter; 待说明 for an organisation asked to explain; `followed` lists only
 * the alerts on what a committee member follows. A table on a wide screen, cards on a phone.
 */
export function AlertList({ followed = false, filer = false }: { followed?: boolean; filer?: boolean }) {
  const { t, i18n } = useTranslation(RISK_NS);
  const labels = riskLabels(i18n.language.startsWith('en'));
  const queryClient = useQueryClient();
  const wide = Grid.useBreakpoint().md ?? true;
  const { query, filter, pagination } = useListQuery<AlertListInput & { take: number; skip: number }>({
    take: ALERTS_PAGE_SIZE,
    skip: 0,
    ...(followed ? { followed: true } : {}),
  });
  const list = useQuery({ ...riskQueries.list(query), placeholderData: keepPreviousData });
  const rows = list.data?.list ?? [];
  const counts = list.data?.openBySeverity;
  const link = (a: AlertRow) => <Link to={`${GOVERNMENT_PATHS.alertDetail}?id=${a.id}`}>{a.ruleName}</Link>;
  const tags = (a: AlertRow) => (
    <AlertTags severity={a.severity} status={a.status} resolved={a.resolvedAt !== null} awaitingMe={a.awaitingMe} />
  );

  const columns: TableProps<AlertRow>['columns'] = [
    {
      title: t('list.rule'),
      key: 'rule',
      width: 200,
      render: (_, a) => (
        <Space orientation="vertical" size={0}>
          {link(a)}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {a.ruleCode}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('list.summary'), dataIndex: 'summary', key: 'summary' },
    { title: t('list.org'), dataIndex: 'orgName', key: 'org', width: 180, responsive: ['xl'] },
    { title: t('list.detectedAt'), dataIndex: 'detectedAt', key: 'detectedAt', width: 160, responsive: ['lg'] },
    {
      title: t('list.status'),
      key: 'status',
      width: 170,
      render: (_, a) => (
        <Space size={[0, 4]} wrap>
          {tags(a)}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListToolbar onRefresh={() => void invalidateAlerts(queryClient)}>
        <Select
          allowClear
          aria-label={t('list.severity')}
          placeholder={t('list.severity')}
          style={{ width: 120 }}
          options={labels.severityOptions}
          onChange={(severity) => filter({ severity })}
        />
        <Select
          allowClear
          aria-label={t('list.rule')}
          placeholder={t('list.rule')}
          style={{ width: 130 }}
          options={labels.ruleOptions}
          onChange={(ruleCode) => filter({ ruleCode })}
        />
        <Select
          allowClear
          aria-label={t('list.status')}
          placeholder={t('list.status')}
          style={{ width: 130 }}
          options={labels.statusOptions}
          onChange={(status) => filter({ status })}
        />
        <Input.Search
          allowClear
          aria-label={t('list.period')}
          placeholder={t('list.periodPlaceholder')}
          style={{ width: 160 }}
          onSearch={(v) => {
            const period = v.trim().toUpperCase();
            filter({ period: PERIOD.test(period) ? period : undefined });
          }}
        />
        {filer && (
          <Checkbox onChange={(e) => filter({ awaitingMe: e.target.checked || undefined })}>
            {t('list.awaitingMe')}
          </Checkbox>
        )}
        <Checkbox onChange={(e) => filter({ includeClosed: e.target.checked || undefined })}>
          {t('list.includeClosed')}
        </Checkbox>
      </ListToolbar>
      {counts && (
        <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
          {t('list.openCount', counts)}
        </Typography.Paragraph>
      )}
      {list.isError && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />}
      {wide ? (
        <Table<AlertRow>
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
          rowKey={(a) => a.id}
          loading={list.isFetching}
          emptyText={t('list.empty')}
          renderItem={(a) => (
            <Space orientation="vertical" size={2} style={{ width: '100%' }}>
              <Space size={[6, 4]} wrap>
                {link(a)}
                {tags(a)}
              </Space>
              <Typography.Text>{a.summary}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {a.ruleCode} · {a.detectedAt}
              </Typography.Text>
            </Space>
          )}
        />
      )}
      {!wide && (list.data?.total ?? 0) > ALERTS_PAGE_SIZE && (
        <Flex justify="center" style={{ marginTop: 12 }}>
          <Pagination simple {...pagination(list.data?.total ?? 0)} />
        </Flex>
      )}
    </>
  );
}
