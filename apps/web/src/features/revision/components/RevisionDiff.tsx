import type { RevisionView } from '@jcbb/contract';
import { READ_DOCUMENT_KINDS } from '@jcbb/contract/enums';
import { Descriptions, Grid, List, Space, Table, Tag, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ReadingSummary, ReadingsBefore } from '../../evidence-reading/public.ts';
import '../register-locale.ts';

type Row = RevisionView['diff'][number];

/** The documents read on upload (docs/evidence-reading.md): green certificates and test reports. */

/**
 * What changes, from what, to what: one line per changed fact, the approved value beside the proposed one. Given
 * the revision's id, a proposed certificate or test report shows its reading under its proposed value.
 */
export function RevisionDiffTable({ diff, revisionId }: { diff: RevisionView['diff']; revisionId?: number }) {
  const { t } = useTranslation('revision');
  const wide = Grid.useBreakpoint().md ?? true;
  const text = (v: string | null) =>
    v === null || v === '' ? <Typography.Text type="secondary">{t('detail.none')}</Typography.Text> : v;
  const reading = (r: Row) =>
    revisionId !== undefined && r.document && READ_DOCUMENT_KINDS.includes(r.document.kind) ? (
      <div>
        <ReadingSummary subject="revision" id={revisionId} uploadId={r.document.uploadId} />
      </div>
    ) : null;
  if (!wide) {
    // On a phone each change is a card: what, then the approved and the proposed value one under the other.
    return (
      <List<Row>
        size="small"
        bordered
        dataSource={diff}
        renderItem={(r) => (
          <List.Item key={`${r.targetName}:${r.field ?? r.change}`}>
            <Space orientation="vertical" size={2} style={{ width: '100%' }}>
              <Typography.Text strong>
                {r.fieldName}
                {r.target !== 'product' ? ` · ${r.targetName}` : ''}
              </Typography.Text>
              <Typography.Text type="secondary">
                {t('detail.before')}：{text(r.before)}
              </Typography.Text>
              <Typography.Text>
                {t('detail.after')}：<Typography.Text mark={r.after !== null}>{text(r.after)}</Typography.Text>
              </Typography.Text>
              {reading(r)}
            </Space>
          </List.Item>
        )}
      />
    );
  }
  return (
    <Table<Row>
      rowKey={(r) => `${r.targetName}:${r.field ?? r.change}`}
      size="small"
      pagination={false}
      dataSource={diff}
      scroll={{ x: 640 }}
      columns={[
        {
          title: t('detail.field'),
          key: 'field',
          width: 180,
          render: (_, r) => (
            <Space orientation="vertical" size={0}>
              <Typography.Text strong>{r.fieldName}</Typography.Text>
              {r.target !== 'product' && (
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {r.targetName}
                </Typography.Text>
              )}
            </Space>
          ),
        },
        { title: t('detail.before'), key: 'before', render: (_, r) => text(r.before) },
        {
          title: t('detail.after'),
          key: 'after',
          render: (_, r) => (
            <>
              <Typography.Text mark={r.after !== null}>{text(r.after)}</Typography.Text>
              {reading(r)}
            </>
          ),
        },
      ]}
    />
  );
}

/** The revision's cities, each with its committee's decision, and its history: who, when, from, to, why. */
export function RevisionProgress({ revision }: { revision: RevisionView }) {
  const { t } = useTranslation('revision');
  return (
    <>
      <Descriptions size="small" column={1} style={{ marginTop: 16 }}>
        <Descriptions.Item label={t('detail.cities')}>
          <Space wrap>
            {revision.cities.map((c) => (
              <Tag key={c.cityCode} color={c.approved ? 'green' : 'default'}>
                {c.cityName} · {c.approved ? t('detail.cityApproved') : t('detail.cityPending')}
              </Tag>
            ))}
          </Space>
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5}>{t('detail.historyTitle')}</Typography.Title>
      <Timeline
        items={revision.history.map((h) => ({
          key: `${h.time}-${h.action}`,
          color: h.action.endsWith('reject') ? 'red' : h.action.endsWith('approve') ? 'green' : 'blue',
          content: (
            <Space orientation="vertical" size={0}>
              <Typography.Text>
                {h.actionName}
                {h.actorName ? ` · ${h.actorName}` : ''}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {h.time}
              </Typography.Text>
              {h.reason && <Typography.Text type="danger">{t('detail.reason', { reason: h.reason })}</Typography.Text>}
              <ReadingsBefore
                readings={h.readings}
                fileName={(id) => revision.diff.find((r) => r.document?.uploadId === id)?.targetName}
              />
            </Space>
          ),
        }))}
      />
    </>
  );
}
