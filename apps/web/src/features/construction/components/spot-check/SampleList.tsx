import { ExperimentOutlined } from '@ant-design/icons';
import { CONSTRUCTION_PAGE_SIZE, OrgType, type SampleStateValue } from '@jcbb/contract';
import { formatQuantity } from '@jcbb/contract/quantity';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Space, type TableProps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSession } from '../../../../lib/session.ts';
import { useListQuery } from '../../../../lib/use-list-query.ts';
import { invalidateSamples, type SampleListInput, type SampleRow, sampleQueries } from '../../api.ts';
import { CONSTRUCTION_NS } from '../../locales/register.ts';
import { ResultTag, SampleStateTag, sampleDetailPath, useWitnessLabels } from './labels.tsx';
import { SampleCreateDrawer } from './SampleCreateDrawer.tsx';
import { SampleReportModal, SampleSendModal, type SampleStepTarget } from './SampleStepModals.tsx';
import { StateFilteredList } from './StateFilteredList.tsx';
import { WitnessRatioCard } from './WitnessRatioCard.tsx';

/** The organisations whose people may witness (the server decides who among them, by their part on the project). */
const WITNESS_ORGS: readonly number[] = [OrgType.DEVELOPER, OrgType.SUPERVISION];

type Query = SampleListInput & { take: number; skip: number };

/**
 * 见证取样 of a project: the witness ratio per material, the samples (newest first), and for the developer's and the
 * supervision unit's people 记录取样, 送检 and 录入报告.
 */
export function SampleList({
  projectId,
  lotToSample,
  onSampleDrawerClosed,
}: {
  projectId: number;
  /** A lot to record a sample of at once (`?inspectionId=` of the address: the inspection's 见证取样 button). */
  lotToSample?: number;
  onSampleDrawerClosed?: () => void;
}) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const labels = useWitnessLabels();
  const queryClient = useQueryClient();
  const orgType = useSession().user?.organization?.type ?? null;
  const mayWitness = orgType !== null && WITNESS_ORGS.includes(orgType);
  const { query, filter, pagination } = useListQuery<Query>({ projectId, take: CONSTRUCTION_PAGE_SIZE, skip: 0 });
  const list = useQuery({ ...sampleQueries.list({ ...query, projectId }), placeholderData: keepPreviousData });
  const rows = list.data?.list ?? [];
  const total = list.data?.total ?? 0;
  const [creating, setCreating] = useState(lotToSample !== undefined && mayWitness);
  const [sending, setSending] = useState<SampleStepTarget | null>(null);
  const [reporting, setReporting] = useState<SampleStepTarget | null>(null);

  const step = (s: SampleRow) => {
    if (!mayWitness) return null;
    if (s.state === 'sampled') {
      return (
        <Button size="small" onClick={() => setSending(s)}>
          {t('sample.send')}
        </Button>
      );
    }
    if (s.state === 'sent') {
      return (
        <Button size="small" type="primary" onClick={() => setReporting(s)}>
          {t('sample.report')}
        </Button>
      );
    }
    return null;
  };
  const material = (s: SampleRow) => (
    <Space orientation="vertical" size={0} style={{ minWidth: 0 }}>
      <Typography.Text>
        {s.materialName} {s.specName}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {s.batchNo}
      </Typography.Text>
    </Space>
  );

  const columns: TableProps<SampleRow>['columns'] = [
    {
      title: t('sample.sampleNo'),
      key: 'sampleNo',
      width: 160,
      render: (_, s) => <Link to={sampleDetailPath(s.id)}>{s.sampleNo}</Link>,
    },
    { title: t('sample.material'), key: 'material', render: (_, s) => material(s) },
    {
      title: t('sample.represented'),
      key: 'represented',
      width: 110,
      render: (_, s) => formatQuantity(s.representedQuantity, { unit: s.unitName }),
    },
    { title: t('sample.sampledOn'), dataIndex: 'sampledAt', key: 'sampledAt', width: 110 },
    { title: t('sample.witness'), dataIndex: 'witnessName', key: 'witness', width: 90 },
    { title: t('sample.lab'), dataIndex: 'labName', key: 'lab', width: 180, responsive: ['xxl'] },
    { title: t('sample.state'), key: 'state', width: 110, render: (_, s) => <SampleStateTag state={s.state} /> },
    { title: t('sample.result'), key: 'result', width: 90, render: (_, s) => <ResultTag result={s.result} /> },
    ...(mayWitness
      ? [{ title: t('spotCheck.actions'), key: 'actions', width: 110, render: (_: unknown, s: SampleRow) => step(s) }]
      : []),
  ];

  return (
    <>
      <WitnessRatioCard projectId={projectId} />
      <StateFilteredList<SampleRow, SampleStateValue>
        create={
          mayWitness
            ? { label: t('sample.record'), icon: <ExperimentOutlined />, onClick: () => setCreating(true) }
            : null
        }
        onRefresh={() => void invalidateSamples(queryClient)}
        state={{ label: t('sample.state'), options: labels.sampleStateOptions, onChange: (state) => filter({ state }) }}
        filtered={query.state !== undefined}
        emptyText={t('sample.empty')}
        error={list.error}
        loading={list.isFetching}
        rows={rows}
        total={total}
        take={query.take}
        pagination={pagination}
        columns={columns}
        actions={step}
        renderItem={(s) => (
          <Space orientation="vertical" size={4} style={{ width: '100%', minWidth: 0 }}>
            <Space size={8} wrap>
              <Link to={sampleDetailPath(s.id)}>{s.sampleNo}</Link>
              <SampleStateTag state={s.state} />
              <ResultTag result={s.result} />
            </Space>
            <Typography.Text style={{ overflowWrap: 'anywhere' }}>
              {s.materialName} {s.specName} · {s.batchNo}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {s.sampledAt} · {t('sample.witness')} {s.witnessName} ·{' '}
              {formatQuantity(s.representedQuantity, { unit: s.unitName })}
            </Typography.Text>
          </Space>
        )}
      />
      <SampleCreateDrawer
        open={creating}
        projectId={projectId}
        inspectionId={lotToSample}
        onClose={() => {
          setCreating(false);
          onSampleDrawerClosed?.();
        }}
      />
      <SampleSendModal sample={sending} onClose={() => setSending(null)} />
      <SampleReportModal sample={reporting} onClose={() => setReporting(null)} />
    </>
  );
}
