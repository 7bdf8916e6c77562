import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RecordState, useRecordQuery } from '../../../components/RecordState.tsx';
import { FilingView } from '../components/filing/FilingView.tsx';
import { filingQueries } from '../filing-api.ts';
import { FILING_NS } from '../locales/filing-register.ts';
import { GOVERNMENT_PATHS } from '../paths.ts';

/**
 * /govProcurementInfo/materialFill/detail?id= (docs/government.md, "Filing"): a filer edits, checks and submits its
 * quarter's filing, or corrects a locked one; the committee returns or confirms it; a supervision unit reads it.
 */
export function FilingDetailPage() {
  const { t } = useTranslation(FILING_NS);
  const navigate = useNavigate();
  const { query, valid } = useRecordQuery(filingQueries.detail);
  const back = <Button onClick={() => navigate(GOVERNMENT_PATHS.materialFill)}>{t('common.backToList')}</Button>;
  return (
    <RecordState query={query} valid={valid} back={back} notFoundTitle={t('detail.notFound')}>
      {(f) => <FilingView filing={f} back={back} />}
    </RecordState>
  );
}
