import {
  type FilingStatusValue,
  filingActionLabels,
  filingEvidenceKindLabels,
  filingLineSourceLabels,
  filingStatusLabels,
  procurementMethodLabels,
  standardKindLabels,
} from '@jcbb/contract';
import { labelOf, labelOptions } from '../../../../lib/labels.ts';

/** The filing's code tables in the console's language. */
export const filingLabels = (english: boolean) => ({
  status: labelOf(filingStatusLabels, english),
  action: labelOf(filingActionLabels, english),
  statusOptions: labelOptions(filingStatusLabels, english),
  source: labelOf(filingLineSourceLabels, english),
  evidence: labelOf(filingEvidenceKindLabels, english),
  evidenceOptions: labelOptions(filingEvidenceKindLabels, english),
  method: labelOf(procurementMethodLabels, english),
  methodOptions: labelOptions(procurementMethodLabels, english),
  kind: labelOf(standardKindLabels, english),
});

export const filingStatusColor: Record<FilingStatusValue, string> = {
  draft: 'default',
  submitted: 'processing',
  returned: 'red',
  resubmitted: 'processing',
  confirmed: 'green',
  locked: 'purple',
};

/** Fen as yuan with two decimals (¥1,234.50). */
export const yuan = (fen: number | null) =>
  fen === null
    ? '—'
    : `¥${(fen / 100).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
