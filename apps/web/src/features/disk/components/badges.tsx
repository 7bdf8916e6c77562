import {
  type DiskExpiryValue,
  diskDocTypeLabels,
  diskExpiryLabels,
  type ShareStateValue,
  shareStateLabels,
} from '@jcbb/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { labelOf } from '../../../lib/labels.ts';

const expiryColors: Record<DiskExpiryValue, string> = {
  none: 'default',
  valid: 'green',
  expiring: 'orange',
  expired: 'red',
};
const stateColors: Record<ShareStateValue, string> = {
  active: 'green',
  expired: 'default',
  exhausted: 'orange',
  revoked: 'red',
};

const useEnglish = () => useTranslation().i18n.language.startsWith('en');

/** A file's validity badge: 长期有效, 有效, 即将到期 (within 30 days), 已过期. */
export function ExpiryBadge({ expiry, until }: { expiry: DiskExpiryValue; until: string | null }) {
  const english = useEnglish();
  return (
    <Tag color={expiryColors[expiry]} data-testid="expiry">
      {labelOf(diskExpiryLabels, english)(expiry)}
      {until ? ` ${until}` : ''}
    </Tag>
  );
}

export function DocTypeTag({ type }: { type: string }) {
  return <Tag>{labelOf(diskDocTypeLabels, useEnglish())(type)}</Tag>;
}

export function ShareStateTag({ state }: { state: ShareStateValue }) {
  return <Tag color={stateColors[state]}>{labelOf(shareStateLabels, useEnglish())(state)}</Tag>;
}

/** Bytes as a person reads them. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
