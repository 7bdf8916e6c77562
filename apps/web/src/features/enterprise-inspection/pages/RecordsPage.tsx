import type { InspectionRecordStateValue } from '@jcbb/contract';
import { OrgType } from '@jcbb/contract/enums';
import { useQuery } from '@tanstack/react-query';
import { Button, Flex, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../components/PageCard.tsx';
import { useSession } from '../../../lib/session.ts';
import { inspectionQueries } from '../api.ts';
import { CreateRecordModal } from '../components/CreateRecordModal.tsx';
import { inspectionLabels } from '../components/labels.ts';
import { RecordTable } from '../components/RecordTable.tsx';
import { INSPECTION_NS } from '../locales/register.ts';

const PAGE = 20;

/**
 * /enterpriseInspection/records: a certification body's or city committee's inspection records of the organisations
 * it oversees (docs/enterprise-inspection.md), with the form that enters a new one.
 */
function RecordsPage() {
  const { t, i18n } = useTranslation(INSPECTION_NS);
  const labels = inspectionLabels(i18n.language.startsWith('en'));
  const [state, setState] = useState<InspectionRecordStateValue | undefined>();
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const certification = useSession().user?.organization?.type === OrgType.CERTIFICATION_BODY;
  const list = useQuery(inspectionQueries.list({ state, take: PAGE, skip: (page - 1) * PAGE }));
  const tools = (
    <Flex gap={8} wrap>
      <Select
        allowClear
        placeholder={t('records.allStates')}
        style={{ minWidth: 140 }}
        options={labels.stateOptions}
        value={state}
        onChange={(v) => {
          setState(v);
          setPage(1);
        }}
      />
      <Button type="primary" onClick={() => setCreating(true)}>
        {t('records.create')}
      </Button>
    </Flex>
  );
  return (
    <PageCard title={t('records.title')} tools={tools}>
      <RecordTable
        rows={list.data?.list ?? []}
        loading={list.isLoading}
        show="subject"
        pagination={{ current: page, pageSize: PAGE, total: list.data?.total ?? 0, onChange: setPage }}
      />
      <CreateRecordModal
        open={creating}
        onClose={() => setCreating(false)}
        defaultKind={certification ? 'surveillance' : 'spot_check'}
      />
    </PageCard>
  );
}

export default RecordsPage;
