import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Flex, Grid, Progress, Skeleton, Table, type TableProps, Tag, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { ItemList } from '../../../../components/ItemList.tsx';
import { sampleQueries, type WitnessRatio } from '../../api.ts';
import { CONSTRUCTION_NS } from '../../locales/register.ts';

type Row = WitnessRatio['rows'][number];

const percent = (share: number) => `${Math.round(share * 100)}%`;

/**
 * 见证取样比例 of a project: per material that needs a witnessed retest, the lots due and the lots witnessed, against
 * the goal (WITNESS_RATIO_GOAL, 30 %). Materials below it stand out (a red tag and a red bar).
 */
export function WitnessRatioCard({ projectId }: { projectId: number }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const wide = Grid.useBreakpoint().md ?? true;
  const { token } = theme.useToken();
  const ratio = useQuery(sampleQueries.ratio(projectId));
  const goal = ratio.data?.goal ?? 0.3;
  const bar = (r: Row) => (
    <Progress
      percent={Math.round(r.ratio * 100)}
      size="small"
      status={r.belowGoal ? 'exception' : 'success'}
      format={() => percent(r.ratio)}
      aria-label={`${r.materialName} ${percent(r.ratio)}`}
      style={{ minWidth: 120, margin: 0 }}
    />
  );
  const below = (r: Row) =>
    r.belowGoal ? <Tag color="error">{t('sample.belowGoal', { goal: percent(goal) })}</Tag> : null;

  const columns: TableProps<Row>['columns'] = [
    {
      title: t('sample.ratioMaterial'),
      key: 'material',
      render: (_, r) => (
        <Flex gap={8} wrap align="center">
          <Typography.Text type={r.belowGoal ? 'danger' : undefined}>{r.materialName}</Typography.Text>
          {below(r)}
        </Flex>
      ),
    },
    { title: t('sample.ratioLots'), dataIndex: 'lots', key: 'lots', width: 120 },
    { title: t('sample.ratioWitnessed'), dataIndex: 'witnessed', key: 'witnessed', width: 120 },
    { title: t('sample.ratioShare'), key: 'share', width: 220, render: (_, r) => bar(r) },
  ];

  return (
    <Card size="small" title={t('sample.ratioTitle')} style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {t('sample.ratioGoal', { goal: percent(goal) })}
      </Typography.Paragraph>
      {ratio.isError ? (
        <Alert type="error" showIcon title={ratio.error.message} />
      ) : !ratio.data ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : wide ? (
        <Table<Row>
          size="small"
          rowKey={(r) => `${r.classifyCode}:${r.materialName}`}
          columns={columns}
          dataSource={ratio.data.rows}
          pagination={false}
          onRow={(r) => (r.belowGoal ? { style: { background: token.colorErrorBg } } : {})}
          locale={{ emptyText: t('sample.ratioEmpty') }}
        />
      ) : (
        <ItemList
          size="small"
          items={ratio.data.rows}
          rowKey={(r) => `${r.classifyCode}:${r.materialName}`}
          emptyText={t('sample.ratioEmpty')}
          renderItem={(r) => (
            <Flex vertical gap={4}>
              <Flex gap={8} wrap align="center">
                <Typography.Text strong type={r.belowGoal ? 'danger' : undefined}>
                  {r.materialName}
                </Typography.Text>
                {below(r)}
              </Flex>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('sample.ratioWitnessed')} {r.witnessed} / {t('sample.ratioLots')} {r.lots}
              </Typography.Text>
              {bar(r)}
            </Flex>
          )}
        />
      )}
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: '12px 0 0' }}>
        {t('sample.ratioHelp')}
      </Typography.Paragraph>
    </Card>
  );
}
