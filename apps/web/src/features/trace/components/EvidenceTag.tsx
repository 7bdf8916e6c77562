import type { EvidenceSnapshot } from '@jcbb/contract';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { TRACE_NS } from '../locales/register.ts';

/**
 * The evidence a lot carried on its production date (a green-material certificate, a test report, or nothing):
 * green when valid then, red when not, grey when there was none. The details are folded into the tooltip.
 */
export function EvidenceTag({ evidence }: { evidence: EvidenceSnapshot }) {
  const { t } = useTranslation(TRACE_NS);
  if (evidence.kind === 'none') return <Tag>{t('evidence.none')}</Tag>;
  const what = evidence.kind === 'certificate' ? t('evidence.certificate') : t('evidence.testReport');
  const detail = [
    evidence.certNo ?? evidence.name,
    evidence.validUntil && t('evidence.until', { date: evidence.validUntil }),
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Tooltip title={detail || undefined}>
      <Tag color={evidence.valid ? 'green' : 'red'}>
        {what}
        {evidence.valid ? '' : ` · ${t('evidence.invalid')}`}
      </Tag>
    </Tooltip>
  );
}
