import { type ReadingFieldView, readFieldLabels } from '@jcbb/contract';
import { formatShanghaiTime } from '@jcbb/contract/time';
import { Button, Flex, Input, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import '../locales/register.ts';

/** Below this a field's reading is marked for checking (置信度 62%). */
export const LOW_CONFIDENCE = 0.8;

export const fieldId = (f: { key: string; index: number }) => `field:${f.key}#${f.index}`;

/** Values kept as words for the machine ('true', 'pass') said as a person reads them (有 / 合格); others as they are. */
const WORDED: Partial<Record<ReadingFieldView['key'], Record<string, string>>> = {
  cma: { true: 'value.yes', false: 'value.no' },
  cnas: { true: 'value.yes', false: 'value.no' },
  conclusion: { pass: 'value.pass', fail: 'value.fail' },
};

/** The review's moment in Beijing time, to the minute. */
const when = (iso: string) => formatShanghaiTime(new Date(iso)).slice(0, 16);

function FieldRow({
  field,
  canReview,
  failed,
  saving,
  onHover,
  onReview,
}: {
  field: ReadingFieldView;
  canReview: boolean;
  failed: boolean;
  saving: boolean;
  onHover: (id: string | null) => void;
  onReview: (field: ReadingFieldView, value: string) => Promise<boolean>;
}) {
  const { t, i18n } = useTranslation('reading');
  const lang = i18n.language.startsWith('en') ? 'en' : 'zh';
  const label = readFieldLabels[field.key][lang];
  const [editing, setEditing] = useState<string | null>(null);
  const read = field.read;
  const review = field.review;
  const corrected = review !== null && !review.confirmed;
  const low = read !== null && review === null && read.confidence < LOW_CONFIDENCE;
  const id = fieldId(field);
  const shown = (value: string) => {
    const word = WORDED[field.key]?.[value];
    return word ? t(word) : value;
  };

  const save = async (value: string) => {
    if (await onReview(field, value)) setEditing(null);
  };

  return (
    <li
      data-field={id}
      onMouseEnter={() => onHover(id)}
      onMouseLeave={() => onHover(null)}
      style={{
        listStyle: 'none',
        padding: '6px 0',
        borderBottom: '1px solid #f0f0f0',
        display: 'flex',
        flexWrap: 'wrap',
        gap: '4px 12px',
        alignItems: 'baseline',
        minWidth: 0,
      }}
    >
      <Typography.Text type={failed ? 'danger' : 'secondary'} style={{ flex: '0 0 7em' }}>
        {label}
      </Typography.Text>
      <Flex vertical gap={2} style={{ flex: '1 1 12em', minWidth: 0 }}>
        {editing !== null ? (
          <Space.Compact style={{ width: '100%' }}>
            <Input
              size="small"
              autoFocus
              aria-label={t('field.inputLabel', { label })}
              value={editing}
              maxLength={500}
              onChange={(e) => setEditing(e.target.value)}
              onPressEnter={() => void save(editing)}
            />
            <Button size="small" type="primary" loading={saving} onClick={() => void save(editing)}>
              {t('field.save')}
            </Button>
            <Button size="small" onClick={() => setEditing(null)}>
              {t('field.cancel')}
            </Button>
          </Space.Compact>
        ) : (
          <Flex wrap gap={6} align="baseline">
            {field.value === '' ? (
              <Typography.Text type="secondary">{t('field.notRead')}</Typography.Text>
            ) : (
              <Typography.Text strong style={{ wordBreak: 'break-word' }}>
                {shown(field.value)}
              </Typography.Text>
            )}
            {corrected && read && (
              <Typography.Text delete type="secondary" style={{ wordBreak: 'break-word' }}>
                {shown(read.value)}
              </Typography.Text>
            )}
            {review && (
              <Tooltip
                title={
                  corrected
                    ? t('field.corrected', { name: review.userName, at: when(review.at), read: read?.value ?? '—' })
                    : t('field.confirmedBy', { name: review.userName, at: when(review.at) })
                }
              >
                <Tag color={corrected ? 'blue' : 'green'} style={{ marginInlineEnd: 0 }}>
                  {corrected ? t('field.correctedTag') : t('field.confirmedTag')}
                </Tag>
              </Tooltip>
            )}
            {low && read && (
              <Tooltip title={t('field.lowConfidence')}>
                <Tag color="warning" style={{ marginInlineEnd: 0 }}>
                  {t('field.confidence', { percent: Math.round(read.confidence * 100) })}
                </Tag>
              </Tooltip>
            )}
            {read && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('panel.page', { page: read.page + 1 })}
              </Typography.Text>
            )}
          </Flex>
        )}
      </Flex>
      {canReview && editing === null && (
        <Space size={0}>
          <Button
            size="small"
            type="link"
            disabled={field.value === '' || saving}
            aria-label={`${t('field.confirm')} ${label}`}
            onClick={() => void onReview(field, field.value)}
          >
            {t('field.confirm')}
          </Button>
          <Button
            size="small"
            type="link"
            disabled={saving}
            aria-label={`${t('field.correct')} ${label}`}
            onClick={() => setEditing(field.value)}
          >
            {t('field.correct')}
          </Button>
        </Space>
      )}
    </li>
  );
}

/**
 * The fields as read: the value the checks use (an auditor's correction, the value read struck through beside it),
 * a mark where the reading is unsure, the page; for an auditor, confirm and correct.
 */
export function FieldList({
  fields,
  canReview,
  failedIds,
  saving,
  onHover,
  onReview,
}: {
  fields: ReadingFieldView[];
  canReview: boolean;
  /** The fields named by a failed finding. */
  failedIds: Set<string>;
  saving: boolean;
  onHover: (id: string | null) => void;
  onReview: (field: ReadingFieldView, value: string) => Promise<boolean>;
}) {
  return (
    <ul style={{ margin: 0, padding: 0 }}>
      {fields.map((f) => (
        <FieldRow
          key={fieldId(f)}
          field={f}
          canReview={canReview}
          failed={failedIds.has(fieldId(f))}
          saving={saving}
          onHover={onHover}
          onReview={onReview}
        />
      ))}
    </ul>
  );
}
