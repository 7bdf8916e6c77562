import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { shortHash } from '../file-hash.ts';
import { LEDGER_NS } from '../locales/register.ts';
import './verification.css';

/** A hash shown short (or whole) in monospace, with a copy button that copies all of it. */
export function HashText({ value, full = false }: { value: string; full?: boolean }) {
  const { t } = useTranslation(LEDGER_NS);
  return (
    <Typography.Text
      className="jcbb-hash"
      title={value}
      copyable={{ text: value, tooltips: [t('common.copy'), t('common.copied')] }}
    >
      {full ? value : shortHash(value)}
    </Typography.Text>
  );
}
