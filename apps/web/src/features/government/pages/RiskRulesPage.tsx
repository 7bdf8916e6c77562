import { Role } from '@jcbb/contract/enums';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Collapse, Grid, Space, Table, type TableProps, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ItemList } from '../../../components/ItemList.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { useSession } from '../../../lib/session.ts';
import { riskLabels, severityColor } from '../components/risk/labels.ts';
import { RISK_NS } from '../locales/risk-register.ts';
import { invalidateAlerts, type RiskRule, riskMutations, riskQueries } from '../risk-api.ts';

/**
 * /govProcurementInfo/riskRules: every risk rule (docs/government.md, "Risk rules") — code, name, basis, definition,
 * severity, parameters, version and the day it took effect; earlier versions folded under the rule in force. The
 * platform operator runs the rules over every city from here (立即运行).
 */
export function RiskRulesPage() {
  const { t, i18n } = useTranslation(RISK_NS);
  const english = i18n.language.startsWith('en');
  const labels = riskLabels(english);
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const wide = Grid.useBreakpoint().md ?? true;
  const rules = useQuery(riskQueries.rules());
  const platform = (useSession().user?.roles ?? []).includes(Role.SUPER_ADMIN);
  const run = useMutation(riskMutations.run);
  const all = rules.data?.list ?? [];
  const current = all.filter((r) => r.active);
  const earlier = (code: string) => all.filter((r) => r.code === code && !r.active);

  const runNow = () =>
    modal.confirm({
      content: t('list.runConfirm'),
      onOk: async () => {
        try {
          message.success(t('list.runDone', await run.mutateAsync({})));
          await invalidateAlerts(queryClient);
        } catch {
          // The HTTP client has shown the refusal.
        }
      },
    });

  const name = (r: RiskRule) => (english ? r.nameEn : r.name);
  const params = (r: RiskRule) => {
    const entries = Object.entries(r.params);
    return entries.length === 0 ? t('rules.noParams') : entries.map(([k, v]) => `${k} = ${String(v)}`).join('；');
  };
  const severity = (r: RiskRule) => <Tag color={severityColor[r.severity]}>{labels.severity(r.severity)}</Tag>;
  const text = (r: RiskRule) => (
    <Space orientation="vertical" size={4}>
      <Typography.Text>{r.definition}</Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('rules.basis')}：{r.legalBasis}
      </Typography.Text>
      {earlier(r.code).length > 0 && (
        <Collapse
          ghost
          size="small"
          items={[
            {
              key: 'earlier',
              label: t('rules.inactive'),
              children: earlier(r.code).map((v) => (
                <Typography.Paragraph key={v.version} type="secondary" style={{ fontSize: 12 }}>
                  v{v.version}（{v.effectiveFrom}）{v.definition} · {params(v)}
                </Typography.Paragraph>
              )),
            },
          ]}
        />
      )}
    </Space>
  );

  const columns: TableProps<RiskRule>['columns'] = [
    { title: t('rules.code'), dataIndex: 'code', key: 'code', width: 90 },
    { title: t('rules.name'), key: 'name', width: 180, render: (_, r) => name(r) },
    { title: t('rules.definition'), key: 'definition', render: (_, r) => text(r) },
    { title: t('rules.severity'), key: 'severity', width: 90, render: (_, r) => severity(r) },
    { title: t('rules.params'), key: 'params', width: 170, render: (_, r) => params(r) },
    { title: t('rules.version'), key: 'version', width: 70, render: (_, r) => `v${r.version}` },
    { title: t('rules.effectiveFrom'), dataIndex: 'effectiveFrom', key: 'effectiveFrom', width: 110 },
  ];

  return (
    <PageCard
      title={t('rules.title')}
      tools={
        platform && (
          <Button type="primary" loading={run.isPending} onClick={runNow}>
            {t('list.runNow')}
          </Button>
        )
      }
    >
      <Typography.Paragraph type="secondary">{t('rules.intro')}</Typography.Paragraph>
      {rules.isError && <Alert type="error" showIcon title={rules.error.message} style={{ marginBottom: 16 }} />}
      {wide ? (
        <Table<RiskRule>
          rowKey={(r) => `${r.code}:${r.version}`}
          columns={columns}
          dataSource={current}
          loading={rules.isFetching}
          pagination={false}
          size="small"
        />
      ) : (
        <ItemList
          items={current}
          rowKey={(r) => `${r.code}:${r.version}`}
          loading={rules.isFetching}
          renderItem={(r) => (
            <Space orientation="vertical" size={2} style={{ width: '100%' }}>
              <Space size={6} wrap>
                <Typography.Text strong>{r.code}</Typography.Text>
                <span>{name(r)}</span>
                {severity(r)}
              </Space>
              {text(r)}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('rules.params')}：{params(r)} · v{r.version} · {t('rules.effectiveFrom')} {r.effectiveFrom}
              </Typography.Text>
            </Space>
          )}
        />
      )}
    </PageCard>
  );
}
