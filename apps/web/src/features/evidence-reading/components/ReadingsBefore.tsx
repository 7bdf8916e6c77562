import { checkOutcomeLabels, type ReadingDigest, readingStateLabels } from '@jcbb/contract';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import '../locales/register.ts';

/**
 * What a decision had before it, as its audit row keeps it (docs/evidence-reading.md, "The machine never decides"):
 * per document, the findings that were not agreeing, or the reading's state when it was not read yet. For any audit
 * history that keeps `readings` (a listing's, an application's, an inspection's).
 */
export function ReadingsBefore({
  readings,
  fileName,
}: {
  readings: readonly ReadingDigest[];
  /** The document's name as the page knows it; the upload's number otherwise. */
  fileName?: (uploadId: number) => string | undefined;
}) {
  const { t, i18n } = useTranslation('reading');
  if (readings.length === 0) return null;
  const lang = i18n.language.startsWith('en') ? 'en' : 'zh';
  const nameOf = (id: number) => fileName?.(id) ?? t('before.file', { id });
  return (
    <div style={{ marginTop: 4 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('before.title')}
      </Typography.Text>
      <ul aria-label={t('before.title')} style={{ margin: 0, paddingInlineStart: 18 }}>
        {readings.map((r) => (
          <li key={r.uploadId} style={{ overflowWrap: 'anywhere' }}>
            {nameOf(r.uploadId)}：
            {r.state !== 'done'
              ? readingStateLabels[r.state][lang]
              : r.findings.length === 0
                ? t('before.agrees')
                : r.findings
                    .map((f) => `${f.code} ${checkOutcomeLabels[f.outcome][lang]}`)
                    .join(lang === 'en' ? ', ' : '、')}
            {r.reviewed > 0 ? t('before.reviewed', { count: r.reviewed }) : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}
