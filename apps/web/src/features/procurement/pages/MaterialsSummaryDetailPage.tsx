import { standardKindLabels } from '@jcbb/contract';
import { formatQuantity } from '@jcbb/contract/quantity';
import { useQuery } from '@tanstack/react-query';
import { Button, Descriptions, Grid, Result, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { RecordState } from '../../../components/RecordState.tsx';
import { pct, yuan } from '../../../lib/figures.ts';
import { labelOf } from '../../../lib/labels.ts';
import { positiveId } from '../../../lib/record-id.ts';
import { SUMMARY_NS } from '../locales/summary-register.ts';
import { PROCUREMENT_PATHS } from '../paths.ts';
import { type SummaryDetail, type SummaryLine, summaryQueries } from '../summary-api.ts';

const CATEGORY = /^(outside|\d{2,8})$/;
const OUTSIDE = 'outside';
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const monthParam = (raw: string | null) => (raw && MONTH.test(raw) ? raw : undefined);

/**
 * /buildMaterialProcurement/materialsSummaryDetail?projectId=&categoryKey= — one project's lines of one category
 * (docs/procurement.md, "Summaries"): each with ordered, delivered (and how much of it was green on arrival), its
 * chosen product and whether it counts green, how that was decided and why not. Links back to the summary with
 * the same project and period.
 */
export function MaterialsSummaryDetailPage() {
  const { t } = useTranslation(SUMMARY_NS);
  const [params] = useSearchParams();
  const projectId = positiveId(params.get('projectId'));
  const rawKey = params.get('categoryKey') ?? '';
  const categoryKey = CATEGORY.test(rawKey) ? rawKey : null;
  const period = { fromMonth: monthParam(params.get('fromMonth')), toMonth: monthParam(params.get('toMonth')) };
  const valid = projectId !== null && categoryKey !== null;
  const query = useQuery({
    ...summaryQueries.detail({ projectId: projectId ?? 0, categoryKey: categoryKey ?? OUTSIDE, ...period }),
    enabled: valid,
  });
  const back = new URLSearchParams();
  if (projectId) back.set('projectId', String(projectId));
  if (period.fromMonth) back.set('fromMonth', period.fromMonth);
  if (period.toMonth) back.set('toMonth', period.toMonth);
  const backLink = (
    <Link to={`${PROCUREMENT_PATHS.materialsSummary}${back.size ? `?${back.toString()}` : ''}`}>
      <Button>{t('common.back')}</Button>
    </Link>
  );
  return (
    <RecordState query={query} valid={valid} back={backLink} notFoundTitle={t('detail.notFound')}>
      {(data) => (
        <PageCard title={`${data.project.projectName} · ${data.category.name}`} tools={backLink}>
          <DetailBody data={data} />
        </PageCard>
      )}
    </RecordState>
  );
}

function DetailBody({ data }: { data: SummaryDetail }) {
  const { t, i18n } = useTranslation(SUMMARY_NS);
  const kind = labelOf(standardKindLabels, i18n.language.startsWith('en'));
  const wide = Grid.useBreakpoint().md ?? true;
  const c = data.cell;
  const material = (l: SummaryLine) => (
    <Space orientation="vertical" size={0}>
      <Typography.Text>{l.commonName}</Typography.Text>
      {l.spec && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {l.spec}
        </Typography.Text>
      )}
    </Space>
  );
  const green = (l: SummaryLine) => (
    <Space orientation="vertical" size={2}>
      {l.green ? <Tag color="success">{t('common.yes')}</Tag> : <Tag color="warning">{t('common.no')}</Tag>}
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t(l.basis === 'delivered' ? 'detail.basisDelivered' : 'detail.basisPlanned')}
      </Typography.Text>
      {l.reason && (
        <Typography.Text type="warning" style={{ fontSize: 12 }}>
          {t(`reason.${l.reason}`)}
        </Typography.Text>
      )}
      {l.evidenceName && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('detail.evidence', { name: l.evidenceName })}
        </Typography.Text>
      )}
    </Space>
  );
  const money = (fen: number, q: string) => (
    <Space orientation="vertical" size={0}>
      <Typography.Text>{yuan(fen)}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatQuantity(q)}
      </Typography.Text>
    </Space>
  );
  const delivered = (l: SummaryLine) => (
    <Space orientation="vertical" size={0}>
      {money(l.deliveredFen, l.deliveredQuantity)}
      {Number(l.deliveredQuantity) > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('detail.greenDelivered', { q: formatQuantity(l.greenDeliveredQuantity) })}
        </Typography.Text>
      )}
    </Space>
  );
  const columns: TableProps<SummaryLine>['columns'] = [
    { title: t('detail.lineNo'), dataIndex: 'lineNo', width: 64 },
    { title: t('detail.material'), key: 'material', render: (_, l) => material(l) },
    { title: t('detail.quantity'), key: 'quantity', width: 100, render: (_, l) => formatQuantity(l.quantity) },
    { title: t('detail.requiredBy'), dataIndex: 'requiredBy', width: 110 },
    { title: t('summary.budget'), key: 'budget', width: 120, render: (_, l) => yuan(l.budgetFen) },
    {
      title: t('summary.ordered'),
      key: 'ordered',
      width: 120,
      render: (_, l) => money(l.orderedFen, l.orderedQuantity),
    },
    { title: t('summary.delivered'), key: 'delivered', width: 150, render: (_, l) => delivered(l) },
    { title: t('detail.product'), key: 'product', render: (_, l) => l.productName ?? t('common.none') },
    { title: t('detail.green'), key: 'green', width: 180, render: (_, l) => green(l) },
  ];
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          {
            key: 'kind',
            label: t('summary.category'),
            children: (
              <Space size={4} wrap>
                {data.category.name}
                <Tag>{kind(c.kind)}</Tag>
              </Space>
            ),
          },
          { key: 'budget', label: t('summary.budget'), children: yuan(c.budgetFen) },
          { key: 'ordered', label: t('summary.ordered'), children: yuan(c.orderedFen) },
          { key: 'delivered', label: t('summary.delivered'), children: yuan(c.deliveredFen) },
          {
            key: 'green',
            label: t('summary.greenByValue'),
            children: `${pct(c.greenShareBp)} · ${t('detail.greenLines', { green: c.greenLines, lines: c.lines })}`,
          },
        ]}
      />
      {data.lines.length === 0 ? (
        <Result status="info" title={t('detail.empty')} />
      ) : wide ? (
        <Table<SummaryLine>
          size="small"
          rowKey="lineId"
          columns={columns}
          dataSource={data.lines}
          pagination={data.lines.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          scroll={{ x: 'max-content' }}
        />
      ) : (
        <ItemList<SummaryLine>
          items={data.lines}
          rowKey={(l) => l.lineId}
          renderItem={(l) => (
            <Space orientation="vertical" size={4} style={{ width: '100%' }}>
              <Typography.Text strong>{t('summary.line', { no: l.lineNo, name: l.commonName })}</Typography.Text>
              {l.spec && <Typography.Text type="secondary">{l.spec}</Typography.Text>}
              <Typography.Text>
                {t('detail.quantity')} {formatQuantity(l.quantity)} · {t('detail.requiredBy')} {l.requiredBy}
              </Typography.Text>
              <Typography.Text>
                {t('summary.budget')} {yuan(l.budgetFen)} · {t('summary.ordered')} {yuan(l.orderedFen)} ·{' '}
                {t('summary.delivered')} {yuan(l.deliveredFen)}
              </Typography.Text>
              {l.productName && (
                <Typography.Text type="secondary">
                  {t('detail.product')}：{l.productName}
                </Typography.Text>
              )}
              {green(l)}
            </Space>
          )}
        />
      )}
    </Space>
  );
}
