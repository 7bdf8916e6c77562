import { PaperClipOutlined } from '@ant-design/icons';
import { Button, Empty, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { openFetched } from '../../../lib/open-blob.ts';
import { ReadingsBefore } from '../../evidence-reading/public.ts';
import { type AuditLogEntry, listingApi } from '../api.ts';

const colorOf = (action: string) =>
  action.endsWith('_reject')
    ? 'red'
    : action === 'city_not_green'
      ? 'orange'
      : action.endsWith('_approve')
        ? 'green'
        : 'blue';

/** The auditor's answers to the step's approval form (审核要点), as they were when it decided. */
function Answers({ entry }: { entry: AuditLogEntry }) {
  const { t } = useTranslation('listing');
  if (entry.answers.length === 0) return null;
  return (
    <dl aria-label={t('audit.checklist')} style={{ margin: '4px 0 0' }}>
      {entry.answers.map((a) => (
        <div key={a.elementId} style={{ display: 'flex', flexWrap: 'wrap', columnGap: 4 }}>
          <dt style={{ color: 'rgba(0,0,0,0.55)' }}>{a.name}：</dt>
          <dd style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
            {a.text}
            {a.files.map((f) => (
              <Button
                key={f.id}
                type="link"
                size="small"
                icon={<PaperClipOutlined />}
                style={{ paddingInline: 4, height: 'auto' }}
                onClick={() => void openFetched(() => listingApi.file(entry.listingId, f.id), f.name)}
              >
                {f.name}
              </Button>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Every recorded step of a listing, newest first: who, when, from which state to which, why, the auditor's answers to
 * the approval form, and the findings on the documents the decision had before it.
 */
export function AuditTimeline({
  entries,
  fileName,
}: {
  entries: readonly AuditLogEntry[];
  /** A document's name by its upload, for the findings a decision had before it. */
  fileName?: (uploadId: number) => string | undefined;
}) {
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
            <Answers entry={e} />
            <ReadingsBefore readings={e.readings} fileName={fileName} />
          </div>
        ),
      }))}
    />
  );
}
