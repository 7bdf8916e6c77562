import { BarChartOutlined, DownloadOutlined } from '@ant-design/icons';
import { formatShanghaiTime } from '@jcbb/contract/time';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { money, pct } from '../../../lib/figures.ts';
import { ApiError, signedGetPath } from '../../../lib/http.ts';
import { openStatisticsPath, openStatisticsQuery } from '../api.ts';
import { CATALOGUE_NS } from '../locales/register.ts';

/**
 * The open statistics document as this page reads it: the government module publishes it (docs/government.md,
 * "Open data") outside the contract's envelope and schemas, so only what the section shows is taken, and checked.
 */
interface OpenDocument {
  period: string;
  definitionVersion: string;
  publishedDate?: string;
  publisher?: string;
  license?: string;
  figures: { key: string; value: number | null }[];
  definitions: { key: string; name: string; nameEn?: string }[];
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const record = (v: unknown): Record<string, unknown> | undefined =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;

/** The document's headline figures (numbers, or null for "not computed"), or null when it is not one. */
function readDocument(raw: unknown): OpenDocument | null {
  const doc = record(raw);
  const figures = record(doc?.figures);
  const period = text(doc?.period);
  const definitionVersion = text(doc?.definitionVersion);
  if (!doc || !figures || !period || !definitionVersion) return null;
  return {
    period,
    definitionVersion,
    publishedDate: text(doc.publishedDate),
    publisher: text(record(doc.publisher)?.name),
    license: text(doc.license),
    figures: Object.entries(figures)
      .filter(([, v]) => v === null || (typeof v === 'number' && Number.isFinite(v)))
      .map(([key, value]) => ({ key, value: value as number | null })),
    definitions: (Array.isArray(doc.definitions) ? doc.definitions : []).flatMap((d) => {
      const r = record(d);
      const key = text(r?.key);
      const name = text(r?.name);
      return key && name ? [{ key, name, nameEn: text(r?.nameEn) }] : [];
    }),
  };
}

const normal = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The figures this section names, in its order (the document's keys, camelCase or snake_case alike). */
const SHOWN = [
  'projects',
  'floorAreaM2',
  'filedProjects',
  'greenSpendFen',
  'greenShareBp',
  'mandatoryComplianceBp',
  'certifiedProducts',
  'overdueProjects',
] as const;

/**
 * 公开数据 on a committee's public page (signed out): the city's headline figures from its open statistics document
 * (`/open/statistics/{cityCode}`), its period and definitions' version, a link to the JSON for reuse, and a note that
 * the figures are aggregated and not personal. A city that publishes none says so.
 */
export function OpenStatistics({ cityCode }: { cityCode: string }) {
  const { t, i18n } = useTranslation(CATALOGUE_NS);
  const english = i18n.language.startsWith('en');
  const open = useQuery({
    ...openStatisticsQuery(cityCode),
    staleTime: 300_000,
    retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2,
  });
  const doc = open.data === undefined ? undefined : readDocument(open.data);
  const path = openStatisticsPath(cityCode);
  let body: ReactNode;
  if (open.isPending) body = <Skeleton active paragraph={{ rows: 2 }} />;
  else if ((open.error instanceof ApiError && open.error.status === 404) || doc === null)
    body = <p className="jcbb-cat-muted">{t('openData.none')}</p>;
  else if (open.isError || !doc) body = <p className="jcbb-cat-muted">{t('openData.failed')}</p>;
  else {
    const byKey = new Map(doc.figures.map((f) => [normal(f.key), f]));
    const shown = SHOWN.flatMap((key) => {
      const f = byKey.get(normal(key));
      if (!f) return [];
      const def = doc.definitions.find((d) => normal(d.key) === normal(f.key));
      const label = def ? (english ? (def.nameEn ?? def.name) : def.name) : t(`openData.figures.${key}`);
      return [{ key, label, value: f.value }];
    });
    const format = (key: string, value: number | null) => {
      if (value === null) return '—';
      if (key.endsWith('Fen')) return money(value);
      if (key.endsWith('Bp')) return pct(value);
      if (key.endsWith('M2'))
        return `${value.toLocaleString('zh-CN', { maximumFractionDigits: 1 })} ${t('openData.areaUnit')}`;
      return value.toLocaleString('zh-CN');
    };
    body = (
      <>
        <p className="jcbb-cat-muted">{t('openData.intro', { period: doc.period })}</p>
        <div className="jcbb-cat-figures jcbb-cat-open__figures">
          {shown.map((f) => (
            <div key={f.key} className="jcbb-cat-figure">
              <span className="jcbb-cat-figure__label">{f.label}</span>
              <span className="jcbb-cat-figure__value" data-testid={`open-${f.key}`}>
                {format(f.key, f.value)}
              </span>
            </div>
          ))}
        </div>
        <p className="jcbb-cat-muted jcbb-cat-open__meta">
          {[
            t('openData.version', { version: doc.definitionVersion }),
            doc.publishedDate &&
              t('openData.published', {
                time: Number.isNaN(Date.parse(doc.publishedDate))
                  ? doc.publishedDate
                  : formatShanghaiTime(new Date(doc.publishedDate)),
              }),
            doc.publisher && t('openData.publisher', { name: doc.publisher }),
            doc.license && t('openData.license', { license: doc.license }),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <p className="jcbb-cat-muted">{t('openData.aggregated')}</p>
        <p>
          <a
            href={path}
            target="_blank"
            rel="noreferrer"
            onClick={(e) => {
              e.currentTarget.href = signedGetPath(path, { period: doc.period });
            }}
          >
            <DownloadOutlined aria-hidden /> {t('openData.json')}
          </a>{' '}
          <code className="jcbb-cat-open__path">{path}</code>
        </p>
      </>
    );
  }
  return (
    <section className="jcbb-cat-section" aria-labelledby="cat-open-data">
      <h2 id="cat-open-data" className="jcbb-cat-section__title">
        <BarChartOutlined aria-hidden /> {t('openData.title')}
      </h2>
      {body}
    </section>
  );
}
