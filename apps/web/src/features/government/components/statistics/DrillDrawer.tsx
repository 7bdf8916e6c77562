import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  type FilingEvidenceKindValue,
  type FilingStatusValue,
  filingEvidenceKindLabels,
  filingStatusLabels,
  projectStepLabels,
  projectTypeLabels,
  type StarBucketValue,
  standardKindLabels,
} from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Button, Drawer, Flex, Grid, Pagination, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ItemList } from '../../../../components/ItemList.tsx';
import { pct, yuan } from '../../../../lib/figures.ts';
import { labelOf } from '../../../../lib/labels.ts';
import { useListQuery } from '../../../../lib/use-list-query.ts';
import { STATISTICS_NS } from '../../locales/statistics-register.ts';
import {
  type StatisticsFilters,
  type StatisticsLineRow,
  type StatisticsProjectRow,
  statisticsQueries,
} from '../../statistics-api.ts';
import { amount } from './format.ts';
import type { Slice } from './KpiCards.tsx';

const PROJECT_PAGE = 20;
const LINE_PAGE = 50;

/** What the lines of a drill-down are narrowed to (a project, a category, a star bucket, a supplier). */
export interface LinesFilter {
  projectId?: number;
  categoryCode?: string;
  starBucket?: StarBucketValue;
  supplierOrgId?: number;
  greenOnly?: boolean;
}

/** The drawer's content: a figure's projects, or the filed lines behind a project, a category, a star or a supplier. */
export type Drill =
  | { kind: 'projects'; slice: Slice; title: string }
  | { kind: 'lines'; title: string; filter: LinesFilter; back?: Drill };

/**
 * The drill-down (full width on a phone): the projects behind a figure (`statisticsProjects` with its slice and the
 * dashboard's filters), each linking to its quarter's filing and to its lines; or the filed lines behind a figure
 * (`statisticsLines`), with a way back to the projects they were opened from.
 */
export function DrillDrawer({
  drill,
  filters,
  onChange,
}: {
  drill: Drill | null;
  filters: StatisticsFilters;
  onChange: (drill: Drill | null) => void;
}) {
  const { t } = useTranslation(STATISTICS_NS);
  const wide = Grid.useBreakpoint().md ?? true;
  const title =
    drill?.kind === 'projects'
      ? t('drawer.projectsTitle', { figure: drill.title })
      : drill
        ? t('drawer.linesTitle', { scope: drill.title })
        : '';
  return (
    <Drawer
      open={drill !== null}
      onClose={() => onChange(null)}
      title={title}
      size={wide ? 760 : '100%'}
      destroyOnHidden
    >
      {drill?.kind === 'projects' && (
        <ProjectsView
          key={`${drill.slice}`}
          slice={drill.slice}
          filters={filters}
          onLines={(p) => onChange({ kind: 'lines', title: p.name, filter: { projectId: p.projectId }, back: drill })}
        />
      )}
      {drill?.kind === 'lines' && (
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {drill.back && (
            <Button icon={<ArrowLeftOutlined />} onClick={() => onChange(drill.back ?? null)}>
              {t('drawer.back')}
            </Button>
          )}
          <LinesView key={JSON.stringify(drill.filter)} filter={drill.filter} filters={filters} />
        </Space>
      )}
    </Drawer>
  );
}

function ProjectsView({
  slice,
  filters,
  onLines,
}: {
  slice: Slice;
  filters: StatisticsFilters;
  onLines: (p: StatisticsProjectRow) => void;
}) {
  const { t, i18n } = useTranslation(STATISTICS_NS);
  const english = i18n.language.startsWith('en');
  const typeName = labelOf(projectTypeLabels, english);
  const stepName = labelOf(projectStepLabels, english);
  const statusName = labelOf(filingStatusLabels, english);
  const { query, pagination } = useListQuery({ take: PROJECT_PAGE, skip: 0 });
  const projects = useQuery({
    ...statisticsQueries.projects({ ...filters, slice, ...query }),
    placeholderData: keepPreviousData,
  });
  if (projects.isError) return <Alert type="error" showIcon title={projects.error.message} />;
  const total = projects.data?.total ?? 0;
  const met = (value: boolean | null) =>
    value === null ? (
      <Tag>{t('drawer.notApplicable')}</Tag>
    ) : value ? (
      <Tag color="success">{t('drawer.met')}</Tag>
    ) : (
      <Tag color="error">{t('drawer.notMet')}</Tag>
    );
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {projects.data && <Typography.Text type="secondary">{t('drawer.total', { count: total })}</Typography.Text>}
      <ItemList
        items={projects.data?.list ?? []}
        rowKey={(p) => p.projectId}
        loading={projects.isFetching}
        emptyText={t('drawer.empty')}
        renderItem={(p) => (
          <Space orientation="vertical" size={4} style={{ width: '100%' }}>
            <Flex wrap gap={6} align="center">
              <Typography.Text strong>{p.name}</Typography.Text>
              {p.filingStatus ? (
                <Tag color="blue">{statusName(p.filingStatus as FilingStatusValue)}</Tag>
              ) : (
                <Tag>{t('drawer.noFiling')}</Tag>
              )}
              {p.late && <Tag color="error">{t('drawer.late')}</Tag>}
              {p.openAlerts > 0 && <Tag color="warning">{t('drawer.alerts', { count: p.openAlerts })}</Tag>}
            </Flex>
            <Typography.Text type="secondary">
              {[p.regionName ?? p.regionCode, typeName(p.type), stepName(p.step), `${amount(p.floorAreaM2)} m²`].join(
                ' · ',
              )}
            </Typography.Text>
            <Typography.Text>
              {t('drawer.spend', { green: yuan(p.greenSpendFen), standard: yuan(p.standardSpendFen) })} ·{' '}
              {t('drawer.greenShare')} {pct(p.greenShareBp)}
            </Typography.Text>
            <Flex wrap gap={6} align="center">
              <span>
                {t('drawer.mandatory')} {met(p.mandatoryMet)}
              </span>
              <span>
                {t('drawer.optional')} {pct(p.optionalCoverageBp)} {met(p.optionalMet)}
              </span>
            </Flex>
            <Flex wrap gap={8}>
              {p.filingId !== null && (
                <Link to={pageUrl(pages.governmentFiling, { id: p.filingId })}>{t('drawer.openFiling')}</Link>
              )}
              <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={() => onLines(p)}>
                {t('drawer.openLines')}
              </Button>
            </Flex>
          </Space>
        )}
      />
      {total > PROJECT_PAGE && <Pagination simple {...pagination(total)} />}
    </Space>
  );
}

function LinesView({ filter, filters }: { filter: LinesFilter; filters: StatisticsFilters }) {
  const { t } = useTranslation(STATISTICS_NS);
  const { query, pagination } = useListQuery({ take: LINE_PAGE, skip: 0 });
  const lines = useQuery({
    ...statisticsQueries.lines({ ...filters, ...filter, ...query }),
    placeholderData: keepPreviousData,
  });
  if (lines.isError) return <Alert type="error" showIcon title={lines.error.message} />;
  const total = lines.data?.total ?? 0;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {lines.data && <Typography.Text type="secondary">{t('drawer.linesTotal', { count: total })}</Typography.Text>}
      <ItemList
        size="small"
        items={lines.data?.list ?? []}
        rowKey={(l) => l.lineId}
        loading={lines.isFetching}
        emptyText={t('drawer.linesEmpty')}
        renderItem={(l) => <LineItem line={l} />}
      />
      {total > LINE_PAGE && <Pagination simple {...pagination(total)} />}
    </Space>
  );
}

function LineItem({ line: l }: { line: StatisticsLineRow }) {
  const { t, i18n } = useTranslation(STATISTICS_NS);
  const english = i18n.language.startsWith('en');
  const kindName = labelOf(standardKindLabels, english);
  const evidenceName = labelOf(filingEvidenceKindLabels, english);
  const evidence = l.certificateNo
    ? `${t('drawer.line.certificate', { no: l.certificateNo })}${l.star ? ` · ${t('drawer.line.star', { star: l.star })}` : ''}`
    : l.reportNo
      ? t('drawer.line.report', { no: l.reportNo })
      : evidenceName(l.evidenceKind as FilingEvidenceKindValue);
  return (
    <Space orientation="vertical" size={2} style={{ width: '100%' }}>
      <Flex wrap gap={6} align="center">
        <Typography.Text strong>
          {l.commonName}
          {l.spec ? ` ${l.spec}` : ''}
        </Typography.Text>
        {l.isGreen ? <Tag color="green">{t('drawer.line.green')}</Tag> : <Tag>{t('drawer.line.notGreen')}</Tag>}
        <Tag>{t(l.source === 'typed' ? 'drawer.line.typed' : 'drawer.line.system')}</Tag>
      </Flex>
      <Typography.Text type="secondary">
        {[l.projectName, l.period, l.categoryName ?? '', kindName(l.standardKind)].filter(Boolean).join(' · ')}
      </Typography.Text>
      <Typography.Text>
        {l.quantity} {l.unit} · {t('drawer.line.amount')} {yuan(l.amountFen)} · {t('drawer.line.supplier')}{' '}
        {l.supplierName}
      </Typography.Text>
      <Typography.Text type="secondary">
        {evidence} · {t('drawer.line.delivered')} {l.deliveryDate}
      </Typography.Text>
    </Space>
  );
}
