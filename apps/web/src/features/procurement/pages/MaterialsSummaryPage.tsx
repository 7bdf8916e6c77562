import { OUTSIDE_CATEGORY_KEY, standardKindLabels } from '@jcbb/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Alert,
  Card,
  Col,
  DatePicker,
  Empty,
  Flex,
  Grid,
  Row,
  Select,
  Skeleton,
  Space,
  Statistic,
  Table,
  type TableProps,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { ListToolbar } from '../../../components/ListToolbar.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { pct, yuan } from '../../../lib/figures.ts';
import { labelOf } from '../../../lib/labels.ts';
import { positiveId } from '../../../lib/record-id.ts';
import { CoverageGauge } from '../components/summary/CoverageGauge.tsx';
import { useBuyerProjects } from '../components/summary/use-buyer-projects.tsx';
import { SUMMARY_NS } from '../locales/summary-register.ts';
import { PROCUREMENT_PATHS } from '../paths.ts';
import {
  type SummaryCategory,
  type SummaryCell,
  type SummaryData,
  type SummaryFailure,
  type SummaryProject,
  summaryQueries,
} from '../summary-api.ts';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const monthParam = (raw: string | null) => (raw && MONTH.test(raw) ? raw : undefined);

/** The address of one project's lines of one category, keeping the period. */
function detailPath(projectId: number, categoryKey: string, period: { fromMonth?: string; toMonth?: string }) {
  const q = new URLSearchParams({ projectId: String(projectId), categoryKey });
  if (period.fromMonth) q.set('fromMonth', period.fromMonth);
  if (period.toMonth) q.set('toMonth', period.toMonth);
  return `${PROCUREMENT_PATHS.materialsSummaryDetail}?${q.toString()}`;
}

/**
 * /buildMaterialProcurement/materialsSummary — 材料汇总 (docs/procurement.md, "Summaries"): the caller's projects (or
 * one) by category — budget, ordered, delivered, the green share — each project's 必选类 and 可选类 rules (a gauge for
 * the optional coverage against the edition's minimum), the category × project matrix and the lines that fail, each
 * opening its category's lines. Filters in the address (`?projectId=&fromMonth=&toMonth=`).
 */
export function MaterialsSummaryPage() {
  const { t } = useTranslation(SUMMARY_NS);
  const [params, setParams] = useSearchParams();
  const projectId = positiveId(params.get('projectId')) ?? undefined;
  const period = { fromMonth: monthParam(params.get('fromMonth')), toMonth: monthParam(params.get('toMonth')) };
  const projects = useBuyerProjects();
  const summary = useQuery({
    ...summaryQueries.summary({ projectId, ...period }),
    placeholderData: keepPreviousData,
  });

  const update = (patch: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(patch)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };
  const range: [Dayjs | null, Dayjs | null] = [
    period.fromMonth ? dayjs(`${period.fromMonth}-01`) : null,
    period.toMonth ? dayjs(`${period.toMonth}-01`) : null,
  ];

  return (
    <PageCard title={t('summary.title')}>
      <Typography.Paragraph type="secondary">{t('summary.intro')}</Typography.Paragraph>
      <ListToolbar onRefresh={() => summary.refetch()}>
        <Select<number | 0>
          aria-label={t('common.project')}
          value={projectId ?? 0}
          loading={projects.isFetching}
          style={{ width: 300, maxWidth: '100%' }}
          showSearch={{ optionFilterProp: 'label' }}
          onChange={(id) => update({ projectId: id ? String(id) : undefined })}
          options={[
            { value: 0, label: t('common.allProjects') },
            ...(projects.data?.list ?? []).map((p) => ({ value: p.id, label: p.name })),
          ]}
        />
        <DatePicker.RangePicker
          picker="month"
          allowEmpty={[true, true]}
          value={range}
          placeholder={[t('common.periodFrom'), t('common.periodTo')]}
          aria-label={t('common.period')}
          style={{ maxWidth: '100%' }}
          onChange={(v) =>
            update({
              fromMonth: v?.[0]?.format('YYYY-MM') ?? undefined,
              toMonth: v?.[1]?.format('YYYY-MM') ?? undefined,
            })
          }
        />
      </ListToolbar>
      {summary.isError ? (
        <Alert type="error" showIcon title={summary.error.message} />
      ) : !summary.data ? (
        <Skeleton active paragraph={{ rows: 8 }} />
      ) : summary.data.projects.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t(projectId ? 'summary.empty' : 'common.noProject')} />
      ) : (
        <SummaryBody data={summary.data} period={period} />
      )}
    </PageCard>
  );
}

type Period = { fromMonth?: string; toMonth?: string };

function SummaryBody({ data, period }: { data: SummaryData; period: Period }) {
  const { t } = useTranslation(SUMMARY_NS);
  return (
    <Space orientation="vertical" size={24} style={{ width: '100%' }}>
      <Row gutter={[16, 16]}>
        {data.projects.map((p) => (
          <Col key={p.projectId} xs={24} xl={data.projects.length > 1 ? 12 : 24}>
            <ProjectCard project={p} />
          </Col>
        ))}
      </Row>
      <section aria-label={t('summary.matrix')}>
        <Typography.Title level={5}>{t('summary.matrix')}</Typography.Title>
        <Matrix data={data} period={period} />
      </section>
      <section aria-label={t('summary.failures')}>
        <Typography.Title level={5}>{t('summary.failures')}</Typography.Title>
        <Failures data={data} period={period} />
      </section>
    </Space>
  );
}

function RuleTag({ applicable, met }: { applicable: boolean; met: boolean }) {
  const { t } = useTranslation(SUMMARY_NS);
  if (!applicable) return <Tag>{t('summary.notApplicable')}</Tag>;
  return met ? <Tag color="success">{t('summary.met')}</Tag> : <Tag color="warning">{t('summary.notMet')}</Tag>;
}

function ProjectCard({ project: p }: { project: SummaryProject }) {
  const { t } = useTranslation(SUMMARY_NS);
  return (
    <Card
      size="small"
      title={
        <Typography.Text strong ellipsis={{ tooltip: p.projectName }}>
          {p.projectName}
        </Typography.Text>
      }
      extra={p.inPolicy ? <RuleTag applicable met={p.met} /> : null}
    >
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">
          {p.editionCode ? t('summary.edition', { edition: p.editionCode }) : null}
          {p.editionCode ? ' · ' : null}
          {t('summary.lines', { count: p.lines })}
        </Typography.Text>
        {!p.inPolicy && <Alert type="info" showIcon title={t('summary.outsidePolicy')} />}
        <Row gutter={[12, 12]}>
          <Col xs={12} sm={8}>
            <Statistic title={t('summary.budget')} value={yuan(p.budgetFen)} valueStyle={{ fontSize: 16 }} />
          </Col>
          <Col xs={12} sm={8}>
            <Statistic title={t('summary.ordered')} value={yuan(p.orderedFen)} valueStyle={{ fontSize: 16 }} />
          </Col>
          <Col xs={12} sm={8}>
            <Statistic title={t('summary.delivered')} value={yuan(p.deliveredFen)} valueStyle={{ fontSize: 16 }} />
          </Col>
          <Col xs={12} sm={8}>
            <Statistic
              title={t('summary.greenByValue')}
              value={pct(p.greenShareByValueBp)}
              valueStyle={{ fontSize: 16 }}
            />
          </Col>
          <Col xs={12} sm={8}>
            <Statistic
              title={t('summary.greenByKind')}
              value={pct(p.greenShareByKindBp)}
              valueStyle={{ fontSize: 16 }}
            />
          </Col>
        </Row>
        {p.inPolicy && (
          <Row gutter={[12, 12]} align="middle">
            <Col xs={24} sm={12}>
              <Space orientation="vertical" size={4}>
                <Space wrap>
                  <Typography.Text strong>{t('summary.mandatory')}</Typography.Text>
                  <RuleTag applicable={p.mandatory.applicable} met={p.mandatory.met} />
                </Space>
                <Typography.Text>
                  {t('summary.mandatoryText', { green: p.mandatory.greenLines, lines: p.mandatory.lines })}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('summary.mandatoryRule')}
                </Typography.Text>
              </Space>
            </Col>
            <Col xs={24} sm={12}>
              <Flex gap={8} align="center" wrap>
                {p.optional.applicable && p.optional.minPct !== null && (
                  <div style={{ width: 140 }}>
                    <CoverageGauge
                      coverageBp={p.optional.coverageBp}
                      minPct={p.optional.minPct}
                      label={t('summary.gaugeLabel', {
                        project: p.projectName,
                        pct: pct(p.optional.coverageBp).replace('%', ''),
                        min: p.optional.minPct,
                      })}
                    />
                  </div>
                )}
                <Space orientation="vertical" size={4} style={{ flex: 1, minWidth: 160 }}>
                  <Space wrap>
                    <Typography.Text strong>{t('summary.optional')}</Typography.Text>
                    <RuleTag applicable={p.optional.applicable} met={p.optional.met} />
                  </Space>
                  <Typography.Text>
                    {pct(p.optional.coverageBp)} ·{' '}
                    {t('summary.optionalText', { used: p.optional.kindsUsed, green: p.optional.greenKinds })}
                  </Typography.Text>
                  {p.optional.minPct !== null && (
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t('summary.optionalRule', { min: p.optional.minPct })}
                    </Typography.Text>
                  )}
                </Space>
              </Flex>
            </Col>
          </Row>
        )}
      </Space>
    </Card>
  );
}

function CellLink({
  cell,
  category,
  project,
  period,
}: {
  cell: SummaryCell;
  category: SummaryCategory;
  project: SummaryProject;
  period: Period;
}) {
  const { t, i18n } = useTranslation(SUMMARY_NS);
  const kind = labelOf(standardKindLabels, i18n.language.startsWith('en'));
  return (
    <Space orientation="vertical" size={0}>
      <Link
        to={detailPath(project.projectId, cell.categoryKey, period)}
        aria-label={t('summary.cellAria', { project: project.projectName, category: category.name })}
      >
        {yuan(cell.budgetFen)}
      </Link>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('summary.lines', { count: cell.lines })} · {kind(cell.kind)} · {pct(cell.greenShareBp)}
      </Typography.Text>
    </Space>
  );
}

/** The category × project matrix: a table on wide screens, a card per category on a phone. */
function Matrix({ data, period }: { data: SummaryData; period: Period }) {
  const { t } = useTranslation(SUMMARY_NS);
  const wide = Grid.useBreakpoint().md ?? true;
  const cellOf = new Map(data.cells.map((c) => [`${c.projectId}:${c.categoryKey}`, c]));
  const projects = data.projects;
  const categoryCell = (category: SummaryCategory, project: SummaryProject) => {
    const cell = cellOf.get(`${project.projectId}:${category.key}`);
    return cell ? (
      <CellLink cell={cell} category={category} project={project} period={period} />
    ) : (
      <Typography.Text type="secondary">{t('common.none')}</Typography.Text>
    );
  };
  const categoryName = (c: SummaryCategory) => (
    <Space orientation="vertical" size={0}>
      <Typography.Text>{c.name}</Typography.Text>
      {c.groupName && c.key !== OUTSIDE_CATEGORY_KEY && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {c.groupName}
        </Typography.Text>
      )}
    </Space>
  );
  if (!wide) {
    return (
      <ItemList
        items={data.categories}
        rowKey={(c) => c.key}
        renderItem={(c) => (
          <Space orientation="vertical" size={4} style={{ width: '100%' }}>
            {categoryName(c)}
            {projects
              .filter((p) => cellOf.has(`${p.projectId}:${c.key}`))
              .map((p) => (
                <div key={p.projectId}>
                  {projects.length > 1 && (
                    <Typography.Text type="secondary" style={{ fontSize: 12, display: 'block' }}>
                      {p.projectName}
                    </Typography.Text>
                  )}
                  {categoryCell(c, p)}
                </div>
              ))}
          </Space>
        )}
      />
    );
  }
  const columns: TableProps<SummaryCategory>['columns'] = [
    { title: t('summary.category'), key: 'category', fixed: 'left', width: 200, render: (_, c) => categoryName(c) },
    ...projects.map((p) => ({
      title: p.projectName,
      key: String(p.projectId),
      width: 200,
      render: (_: unknown, c: SummaryCategory) => categoryCell(c, p),
    })),
  ];
  return (
    <Table<SummaryCategory>
      size="small"
      rowKey="key"
      columns={columns}
      dataSource={data.categories}
      pagination={false}
      scroll={{ x: 'max-content' }}
    />
  );
}

function Failures({ data, period }: { data: SummaryData; period: Period }) {
  const { t, i18n } = useTranslation(SUMMARY_NS);
  const kind = labelOf(standardKindLabels, i18n.language.startsWith('en'));
  const names = new Map(data.projects.map((p) => [p.projectId, p.projectName]));
  return (
    <>
      {data.failuresTotal > data.failures.length && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          title={t('summary.failuresMore', { total: data.failuresTotal, shown: data.failures.length })}
        />
      )}
      <ItemList<SummaryFailure>
        items={data.failures}
        rowKey={(f) => `${f.projectId}:${f.lineId}`}
        emptyText={t('summary.noFailures')}
        size="small"
        renderItem={(f) => (
          <Space orientation="vertical" size={2}>
            <Space wrap size={4}>
              <Tag color={f.kind === 'mandatory' ? 'red' : 'orange'}>{kind(f.kind)}</Tag>
              <Link to={detailPath(f.projectId, f.categoryKey, period)}>
                {t('summary.line', { no: f.lineNo, name: f.commonName })}
              </Link>
            </Space>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {data.projects.length > 1 ? `${names.get(f.projectId) ?? ''} · ` : ''}
              {f.categoryName} · {t(`reason.${f.reason}`)}
            </Typography.Text>
          </Space>
        )}
      />
    </>
  );
}
