import { AuditOutlined } from '@ant-design/icons';
import { CONSTRUCTION_PAGE_SIZE, OrgType, type SpotCheckStateValue } from '@jcbb/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Space, type TableProps, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../../../../lib/session.ts';
import { useListQuery } from '../../../../lib/use-list-query.ts';
import { invalidateSpotChecks, type SpotCheckListInput, type SpotCheckRow, spotCheckQueries } from '../../api.ts';
import { CONSTRUCTION_NS } from '../../locales/register.ts';
import { KindText, ResultTag, SpotCheckStateTag, spotCheckDetailPath, useWitnessLabels } from './labels.tsx';
import { SpotCheckCreateDrawer } from './SpotCheckCreateDrawer.tsx';
import { StateFilteredList } from './StateFilteredList.tsx';

/** The organisations that record checks: the supervision unit, the developer where there is none (the server decides). */
const CHECKING_ORGS: readonly number[] = [OrgType.SUPERVISION, OrgType.DEVELOPER];

type Query = SpotCheckListInput & { take: number; skip: number };

/** A check's deadline: the date, marked 已逾期 when it passed and the check is not closed. */
export function Deadline({ check }: { check: Pick<SpotCheckRow, 'rectificationDeadline' | 'overdue'> }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  if (!check.rectificationDeadline) return <span>—</span>;
  return (
    <Space size={4} wrap>
      <Typography.Text type={check.overdue ? 'danger' : undefined}>{check.rectificationDeadline}</Typography.Text>
      {check.overdue && <Tag color="error">{t('spotCheck.overdue')}</Tag>}
    </Space>
  );
}

/** 监理抽检 of a project: its spot checks (newest first) with their deadlines, and 记录抽检 for the supervisor. */
export function SpotCheckList({ projectId }: { projectId: number }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const labels = useWitnessLabels();
  const queryClient = useQueryClient();
  const orgType = useSession().user?.organization?.type ?? null;
  const mayCheck = orgType !== null && CHECKING_ORGS.includes(orgType);
  const { query, filter, pagination } = useListQuery<Query>({ projectId, take: CONSTRUCTION_PAGE_SIZE, skip: 0 });
  const list = useQuery({ ...spotCheckQueries.list({ ...query, projectId }), placeholderData: keepPreviousData });
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const [creating, setCreating] = useState(false);

  const columns: TableProps<SpotCheckRow>['columns'] = [
    {
      title: t('spotCheck.number'),
      key: 'number',
      width: 160,
      render: (_, c) => <Link to={spotCheckDetailPath(c.id)}>{c.number}</Link>,
    },
    { title: t('spotCheck.kind'), key: 'kind', width: 100, render: (_, c) => <KindText kind={c.kind} /> },
    { title: t('spotCheck.checkedOn'), dataIndex: 'checkedOn', key: 'checkedOn', width: 110 },
    {
      title: t('spotCheck.material'),
      key: 'material',
      render: (_, c) =>
        c.materialName ? (
          <Space orientation="vertical" size={0}>
            <Typography.Text>{c.materialName}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {c.batchNo}
            </Typography.Text>
          </Space>
        ) : (
          '—'
        ),
    },
    { title: t('spotCheck.result'), key: 'result', width: 90, render: (_, c) => <ResultTag result={c.result} /> },
    { title: t('spotCheck.state'), key: 'state', width: 100, render: (_, c) => <SpotCheckStateTag state={c.state} /> },
    { title: t('spotCheck.deadline'), key: 'deadline', width: 170, render: (_, c) => <Deadline check={c} /> },
    { title: t('spotCheck.checker'), dataIndex: 'checkerName', key: 'checker', width: 90, responsive: ['xl'] },
  ];

  return (
    <>
      <StateFilteredList<SpotCheckRow, SpotCheckStateValue>
        create={
          mayCheck ? { label: t('spotCheck.create'), icon: <AuditOutlined />, onClick: () => setCreating(true) } : null
        }
        onRefresh={() => void invalidateSpotChecks(queryClient)}
        state={{
          label: t('spotCheck.state'),
          options: labels.checkStateOptions,
          onChange: (state) => filter({ state }),
        }}
        filtered={query.state !== undefined}
        emptyText={t('spotCheck.empty')}
        error={list.error}
        loading={list.isFetching}
        rows={rows}
        total={total}
        take={query.take}
        pagination={pagination}
        columns={columns}
        renderItem={(c) => (
          <Space orientation="vertical" size={4} style={{ width: '100%', minWidth: 0 }}>
            <Space size={8} wrap>
              <Link to={spotCheckDetailPath(c.id)}>{c.number}</Link>
              <SpotCheckStateTag state={c.state} />
              <ResultTag result={c.result} />
            </Space>
            <Typography.Text type="secondary" style={{ fontSize: 12, overflowWrap: 'anywhere' }}>
              <KindText kind={c.kind} /> · {c.checkedOn}
              {c.materialName ? ` · ${c.materialName} ${c.batchNo ?? ''}` : ''}
            </Typography.Text>
            {c.rectificationDeadline && (
              <Space size={4} wrap>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('spotCheck.deadline')}
                </Typography.Text>
                <Deadline check={c} />
              </Space>
            )}
          </Space>
        )}
      />
      <SpotCheckCreateDrawer open={creating} projectId={projectId} onClose={() => setCreating(false)} />
    </>
  );
}
