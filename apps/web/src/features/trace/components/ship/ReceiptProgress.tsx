import { formatQuantity } from '@jcbb/contract/quantity';
import { Flex, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { SHIP_NS } from '../../locales/ship-register.ts';
import type { ShipmentRow } from '../../ship-api.ts';

type Progress = ShipmentRow['progress'];

/**
 * How much of a shipment (or line) the receiver has dealt with, as one bar: accepted green, rejected red, cancelled
 * by a close hatched, still on its way grey. antd's Progress has two colours at most, hence our own bar; the words
 * under it say the same for readers who do not see colours.
 */
export function ReceiptProgress({
  progress,
  unit,
  compact = false,
}: {
  progress: Progress;
  unit?: string;
  compact?: boolean;
}) {
  const { t } = useTranslation(SHIP_NS);
  const { token } = theme.useToken();
  const { shipped, accepted, rejected, cancelled, outstanding } = progress;
  const share = (v: number) => (shipped > 0 ? `${Math.min(100, (v / shipped) * 100)}%` : '0%');
  const q = (v: number) => formatQuantity(v) + (unit ? ` ${unit}` : '');
  const summary = t('progress.summary', { accepted: q(accepted), rejected: q(rejected), outstanding: q(outstanding) });
  const segments = [
    { key: 'accepted', value: accepted, color: token.colorSuccess },
    { key: 'rejected', value: rejected, color: token.colorError },
    { key: 'cancelled', value: cancelled, color: token.colorTextQuaternary },
  ];
  return (
    <div style={{ minWidth: 0, maxWidth: 240 }}>
      <Flex
        role="img"
        aria-label={summary}
        title={cancelled > 0 ? `${summary} · ${t('progress.cancelled', { cancelled: q(cancelled) })}` : summary}
        style={{ height: 8, borderRadius: 4, overflow: 'hidden', background: token.colorFillSecondary }}
      >
        {segments.map((s) =>
          s.value > 0 ? (
            <span
              key={s.key}
              data-segment={s.key}
              style={{ width: share(s.value), background: s.color, display: 'block', height: '100%' }}
            />
          ) : null,
        )}
      </Flex>
      {!compact && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {summary}
          {cancelled > 0 ? ` · ${t('progress.cancelled', { cancelled: q(cancelled) })}` : ''}
        </Typography.Text>
      )}
    </div>
  );
}
