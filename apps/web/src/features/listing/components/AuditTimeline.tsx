import { Empty, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditLogEntry } from '../api.ts';

const colorOf = (action: string) =>
  action.endsWith('_reject')
    ? 'red'
    : action === 'city_not_green'
      ? 'orange'
      : action.endsWith('_approve')
        ? 'green'
        : 'blue';

/** Every recorded step of a listing, newest first: who, when, from which state to which, and why. */
export function AuditTimeline({ entries }: { entries: readonly AuditLogEntry[] }) {
  const { t } = useTranslation('listing');
  if (entries.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.noLog')} />;
  const newestFirst = [...entries].sort((a, b) => b.createTime.localeCompare(a.createTime) || b.id - a.id);
  return (
    <Timeline
      items={newestFirst.map((e) => ({
        key: e.id,
        color: colorOf(e.action),
        content: (
          <div>
            <Typography.Text strong>{e.actionName}</Typography.Text>
            {e.toStatusName && e.fromStatusName !== e.toStatusName && (
              <Typography.Text type="secondary">
                {' '}
                · {e.fromStatusName ?? '—'} → {e.toStatusName}
              </Typography.Text>
            )}
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {e.createTime}
                {e.actor?.realName ? ` · ${t('detail.by', { name: e.actor.realName })}` : ''}
              </Typography.Text>
            </div>
            {e.reason && <div style={{ whiteSpace: 'pre-wrap' }}>{t('detail.reason', { reason: e.reason })}</div>}
          </div>
        ),
      }))}
    />
  );
}
