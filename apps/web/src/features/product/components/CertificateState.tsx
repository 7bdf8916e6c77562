import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { certificateState, certificateStateColor } from '../labels.ts';

/** 有效 / N 天后到期 / 已过期 / 未生效 of a certificate's validity, today in Asia/Shanghai. */
export function CertificateState({ validFrom, validUntil }: { validFrom: string | null; validUntil: string | null }) {
  const { t } = useTranslation('product');
  const { state, days } = certificateState(validFrom, validUntil);
  const text = {
    valid: t('doc.valid'),
    expiring: t('doc.expiring', { days }),
    expired: t('doc.expired'),
    notYetValid: t('doc.notYetValid'),
  }[state];
  return <Tag color={certificateStateColor[state]}>{text}</Tag>;
}
