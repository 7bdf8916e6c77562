import { Rate, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CERTIFICATE_NS } from '../locales/register.ts';

const statusColor: Record<number, string> = { 0: 'default', 1: 'processing', 2: 'success', 3: 'error', 4: 'default' };

export function ApplicationStatusTag({ status }: { status: number }) {
  const { t } = useTranslation(CERTIFICATE_NS);
  return <Tag color={statusColor[status] ?? 'default'}>{t(`status.${status}`)}</Tag>;
}

const stateColor: Record<string, string> = { valid: 'success', expired: 'warning', revoked: 'error' };

export function CertificateStateTag({ state, large = false }: { state: string; large?: boolean }) {
  const { t } = useTranslation(CERTIFICATE_NS);
  return (
    <Tag color={stateColor[state] ?? 'default'} style={large ? { fontSize: 14, padding: '2px 10px' } : undefined}>
      {t(`state.${state}`)}
    </Tag>
  );
}

/** One to three stars (green building material rating); a dash without a rating. */
export function Stars({ value }: { value: number | null | undefined }) {
  const { t } = useTranslation(CERTIFICATE_NS);
  if (!value) return <span>{t('common.none')}</span>;
  return (
    <span role="img" aria-label={t('common.stars', { count: value })}>
      <Rate disabled count={3} value={value} style={{ fontSize: 16 }} />
    </span>
  );
}
