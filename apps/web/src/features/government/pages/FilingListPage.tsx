import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageCard } from '../../../components/PageCard.tsx';
import { useListQuery } from '../../../lib/use-list-query.ts';
import { CommitteeFilings } from '../components/filing/CommitteeFilings.tsx';
import { FilerQuarters } from '../components/filing/FilerQuarters.tsx';
import { FILINGS_PAGE_SIZE, type FilingListFilter, filingQueries } from '../filing-api.ts';
import { FILING_NS } from '../locales/filing-register.ts';

/**
 * /govProcurementInfo/materialFill (docs/government.md, "Filing"): a filer's projects × quarters with their deadline
 * and 开始填报; a supervision unit's the same, read only; the committee's city's filings of a quarter, its overdue
 * projects and 关闭季度. The server answers the caller's role with the list.
 */
export function FilingListPage() {
  const { t } = useTranslation(FILING_NS);
  const { query, filter, pagination } = useListQuery<FilingListFilter>({
    take: FILINGS_PAGE_SIZE,
    skip: 0,
  });
  const list = useQuery({ ...filingQueries.list(query), placeholderData: keepPreviousData });
  return (
    <PageCard title={t('list.title')}>
      {list.isError && <Alert type="error" showIcon title={list.error.message} style={{ marginBottom: 16 }} />}
      {!list.data && list.isPending && <Skeleton active />}
      {list.data?.role === 'committee' && (
        <CommitteeFilings data={list.data} loading={list.isFetching} filter={filter} pagination={pagination} />
      )}
      {list.data && list.data.role !== 'committee' && <FilerQuarters data={list.data} />}
    </PageCard>
  );
}
