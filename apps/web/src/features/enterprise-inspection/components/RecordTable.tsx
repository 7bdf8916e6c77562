import { pages, pageUrl } from '@jcbb/contract/pages';
import { Flex, Grid, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import type { InspectionRow } from '../api.ts';
import { INSPECTION_NS } from '../locales/register.ts';
import { inspectionLabels, resultColor, stateColor } from './labels.ts';

/** Inspection records as a table (cards on a phone), each opening its detail page. */
export function RecordTable({
  rows,
  loading,
  show,
  pagination,
}: {
  rows: InspectionRow[];
  loading: boolean;
  /** Which organisation to name: the inspector (the subject's list) or the subject (an inspector's list). */
  show: 'inspector' | 'subject';
  pagination?: { current: number; pageSize: number; total: number; onChange: (page: number) => void };
}) {
  const { t, i18n } = useTranslation(INSPECTION_NS);
  const labels = inspectionLabels(i18n.language.startsWith('en'));
  const wide = Grid.useBreakpoint().md ?? true;
  const link = (r: InspectionRow) => pageUrl(pages.inspectionRecord, { id: r.id });
  const org = (r: InspectionRow) => (show === 'inspector' ? r.inspectorOrgName : r.subjectOrgName);
  const state = (r: InspectionRow) => (
    <>
      <Tag color={stateColor[r.state]}>{labels.state(r.state)}</Tag>
      {r.overdue && <Tag color="red">{t('records.overdue')}</Tag>}
    </>
  );
  if (!wide) {
    return (
      <ItemList
        items={rows}
        loading={loading}
        rowKey={(r) => r.id}
        emptyText={t('records.empty')}
        renderItem={(r) => (
          <Link to={link(r)} style={{ display: 'block', color: 'inherit' }}>
            <Flex justify="space-between" gap={8} wrap>
              <Typography.Text strong>{labels.kind(r.kind)}</Typography.Text>
              <Tag color={resultColor[r.result]}>{labels.result(r.result)}</Tag>
            </Flex>
            <div>{org(r)}</div>
            <Typography.Text type="secondary">
              {r.inspectedOn}
              {r.rectificationDeadline ? ` · ${t('records.deadline')} ${r.rectificationDeadline}` : ''}
            </Typography.Text>
            <div>{state(r)}</div>
          </Link>
        )}
      />
    );
  }
  return (
    <Table<InspectionRow>
      rowKey="id"
      size="middle"
      loading={loading}
      dataSource={rows}
      locale={{ emptyText: t('records.empty') }}
      pagination={
        pagination ? { ...pagination, showSizeChanger: false, onChange: (p) => pagination.onChange(p) } : false
      }
      columns={[
        { title: t('records.inspectedOn'), dataIndex: 'inspectedOn', width: 110 },
        { title: t('records.kind'), render: (_, r) => labels.kind(r.kind) },
        { title: t(show === 'inspector' ? 'records.inspector' : 'records.subject'), render: (_, r) => org(r) },
        {
          title: t('records.result'),
          render: (_, r) => <Tag color={resultColor[r.result]}>{labels.result(r.result)}</Tag>,
        },
        { title: t('records.deadline'), render: (_, r) => r.rectificationDeadline ?? '—' },
        { title: t('records.state'), render: (_, r) => state(r) },
        { title: '', width: 70, render: (_, r) => <Link to={link(r)}>{t('records.open')}</Link> },
      ]}
    />
  );
}
