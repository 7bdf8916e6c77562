import type { AlertStatusValue, SeverityValue } from '@jcbb/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RISK_NS } from '../../locales/risk-register.ts';
import { riskLabels, severityColor, statusColor } from './labels.ts';

/** An alert's severity, state, 问题已消除 and 待说明, as tags. */
export function AlertTags({
  severity,
  status,
  resolved,
  awaitingMe,
}: {
  severity?: SeverityValue;
  status?: AlertStatusValue;
  resolved?: boolean;
  awaitingMe?: boolean;
}) {
  const { t, i18n } = useTranslation(RISK_NS);
  const labels = riskLabels(i18n.language.startsWith('en'));
  return (
    <>
      {severity && <Tag color={severityColor[severity]}>{labels.severity(severity)}</Tag>}
      {status && <Tag color={statusColor[status]}>{labels.status(status)}</Tag>}
      {resolved && <Tag color="green">{t('list.resolved')}</Tag>}
      {awaitingMe && <Tag color="red">{t('list.awaitingMe')}</Tag>}
    </>
  );
}
