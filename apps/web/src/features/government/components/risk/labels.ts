import {
  type AlertStatusValue,
  alertActionLabels,
  alertStatusLabels,
  alertSubjectKindLabels,
  evidenceKindLabels,
  riskRuleCodeValues,
  type SeverityValue,
  severityLabels,
  subscriptionKindLabels,
} from '@jcbb/contract';
import { labelOf, labelOptions } from '../../../../lib/labels.ts';

/** The risk code tables in the console's language. */
export const riskLabels = (english: boolean) => ({
  severity: labelOf(severityLabels, english),
  severityOptions: labelOptions(severityLabels, english),
  status: labelOf(alertStatusLabels, english),
  statusOptions: labelOptions(alertStatusLabels, english),
  subject: labelOf(alertSubjectKindLabels, english),
  evidence: labelOf(evidenceKindLabels, english),
  action: labelOf(alertActionLabels, english),
  follow: labelOf(subscriptionKindLabels, english),
  ruleOptions: riskRuleCodeValues.map((code) => ({ value: code, label: code })),
});

export const severityColor: Record<SeverityValue, string> = { high: 'red', medium: 'orange', low: 'gold' };

export const statusColor: Record<AlertStatusValue, string> = {
  open: 'processing',
  acknowledged: 'blue',
  explained: 'purple',
  dismissed: 'default',
  confirmed: 'volcano',
  closed: 'default',
};
