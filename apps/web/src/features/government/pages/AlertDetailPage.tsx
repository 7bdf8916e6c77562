import { type AlertActionValue, alertReasonBody } from '@jcbb/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Collapse, Descriptions, Grid, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { RecordState, useRecordQuery } from '../../../components/RecordState.tsx';
import { ApiError } from '../../../lib/http.ts';
import { openFetched } from '../../../lib/open-blob.ts';
import { AlertTags } from '../components/risk/AlertTags.tsx';
import { EvidenceList } from '../components/risk/EvidenceList.tsx';
import { ExplainForm } from '../components/risk/ExplainForm.tsx';
import { FollowButtons } from '../components/risk/FollowButtons.tsx';
import { riskLabels } from '../components/risk/labels.ts';
import { RISK_NS } from '../locales/risk-register.ts';
import { GOVERNMENT_PATHS } from '../paths.ts';
import { type AlertDetail, invalidateAlerts, riskFiles, riskMutations, riskQueries } from '../risk-api.ts';

type ReasonAction = 'dismiss' | 'confirm' | 'close';

/**
 * /govProcurementInfo/riskAlerts/detail?id=: one alert (docs/government.md, "Risk rules") — what was found and on
 * what evidence, the rule (its basis and definition folded away), the organisation's explanation (its form for
 * that organisation once acknowledged), the committee's steps with their reasons, its 关注 buttons, and the history.
 */
export function AlertDetailPage() {
  const { t } = useTranslation(RISK_NS);
  const navigate = useNavigate();
  const { query, valid } = useRecordQuery(riskQueries.detail);
  const back = <Button onClick={() => navigate(GOVERNMENT_PATHS.riskAlerts)}>{t('common.backToList')}</Button>;
  return (
    <RecordState query={query} valid={valid} back={back} notFoundTitle={t('detail.notFound')}>
      {(a) => <AlertView alert={a} back={back} />}
    </RecordState>
  );
}

function AlertView({ alert: a, back }: { alert: AlertDetail; back: React.ReactNode }) {
  const { t, i18n } = useTranslation(RISK_NS);
  const labels = riskLabels(i18n.language.startsWith('en'));
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const wide = Grid.useBreakpoint().md ?? true;
  const [asking, setAsking] = useState<ReasonAction | null>(null);
  const acknowledge = useMutation(riskMutations.acknowledge);
  const dismiss = useMutation(riskMutations.dismiss);
  const confirm = useMutation(riskMutations.confirm);
  const close = useMutation(riskMutations.close);
  const can = (action: AlertActionValue) => a.actions.includes(action);
  const reasonRun = { dismiss, confirm, close }[asking ?? 'dismiss'];

  const done = async (action: AlertActionValue) => {
    await invalidateAlerts(queryClient);
    message.success(t('common.done', { action: labels.action(action) }));
  };
  const askAcknowledge = () =>
    modal.confirm({
      content: t('action.acknowledgeConfirm'),
      onOk: async () => {
        try {
          await acknowledge.mutateAsync({ id: a.id });
          await done('acknowledge');
        } catch {
          // The HTTP client has shown the refusal.
        }
      },
    });
  const submitReason = async (reason: string) => {
    if (!asking) return;
    try {
      await reasonRun.mutateAsync({ id: a.id, reason });
      const action = asking;
      setAsking(null);
      await done(action);
    } catch (error) {
      if (!(error instanceof ApiError && error.fieldErrors.reason)) message.error((error as Error).message);
    }
  };

  const actions = (
    <Space wrap>
      {can('acknowledge') && (
        <Button type="primary" loading={acknowledge.isPending} onClick={askAcknowledge}>
          {labels.action('acknowledge')}
        </Button>
      )}
      {can('confirm') && (
        <Button type="primary" danger onClick={() => setAsking('confirm')}>
          {labels.action('confirm')}
        </Button>
      )}
      {can('dismiss') && <Button onClick={() => setAsking('dismiss')}>{labels.action('dismiss')}</Button>}
      {can('close') && <Button onClick={() => setAsking('close')}>{labels.action('close')}</Button>}
    </Space>
  );

  const params = Object.entries(a.rule.params);
  const ruleText = (
    <Descriptions column={1} size="small">
      <Descriptions.Item label={t('detail.basis')}>{a.rule.legalBasis}</Descriptions.Item>
      <Descriptions.Item label={t('detail.definition')}>{a.rule.definition}</Descriptions.Item>
      {params.length > 0 && (
        <Descriptions.Item label={t('detail.params')}>
          {params.map(([k, v]) => `${k} = ${String(v)}`).join('；')}
        </Descriptions.Item>
      )}
      <Descriptions.Item label={t('detail.effectiveFrom')}>
        {a.rule.effectiveFrom}（{t('detail.ruleVersion', { version: a.rule.version })}）
      </Descriptions.Item>
    </Descriptions>
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageCard
        title={
          <Space wrap size={[8, 4]}>
            <span>{a.ruleName}</span>
            <AlertTags severity={a.severity} status={a.status} awaitingMe={a.awaitingMe} />
          </Space>
        }
        tools={back}
      >
        <Typography.Paragraph strong>{a.summary}</Typography.Paragraph>
        {a.resolvedAt && (
          <Alert
            type="success"
            showIcon
            title={t('list.resolved')}
            description={t('detail.resolvedHint')}
            style={{ marginBottom: 16 }}
          />
        )}
        <Descriptions column={{ xs: 1, md: 2 }} size="small" bordered={wide}>
          <Descriptions.Item label={t('detail.rule')}>
            {a.ruleCode}（{t('detail.ruleVersion', { version: a.ruleVersion })}）
          </Descriptions.Item>
          <Descriptions.Item label={t('detail.subject')}>
            {labels.subject(a.subjectKind)} · {a.subjectLabel}
          </Descriptions.Item>
          {a.projectName && <Descriptions.Item label={t('detail.project')}>{a.projectName}</Descriptions.Item>}
          {a.orgName && <Descriptions.Item label={t('detail.org')}>{a.orgName}</Descriptions.Item>}
          <Descriptions.Item label={t('detail.detectedAt')}>{a.detectedAt}</Descriptions.Item>
          <Descriptions.Item label={t('detail.lastSeenAt')}>{a.lastSeenAt}</Descriptions.Item>
          {a.resolvedAt && <Descriptions.Item label={t('detail.resolvedAt')}>{a.resolvedAt}</Descriptions.Item>}
        </Descriptions>
        <Collapse
          ghost
          style={{ marginTop: 8 }}
          items={[{ key: 'rule', label: t('detail.ruleFolded'), children: ruleText }]}
        />
        {a.actions.length > 0 && a.side === 'committee' && <div style={{ marginTop: 8 }}>{actions}</div>}
        {a.side === 'reader' && (
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {t('detail.readerHint')}
          </Typography.Paragraph>
        )}
      </PageCard>

      <PageCard title={t('detail.evidence')}>
        <EvidenceList evidence={a.evidence} />
      </PageCard>

      {(a.explanation || a.side === 'organisation') && (
        <PageCard title={t('detail.explanation')}>
          {a.explanation && (
            <Space orientation="vertical" size={4} style={{ width: '100%' }}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                {a.explanation}
              </Typography.Paragraph>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('detail.explainedBy')} {a.explainedBy ?? t('common.none')} · {a.explainedAt}
              </Typography.Text>
              {a.attachments.length > 0 && (
                <Space wrap>
                  <Typography.Text type="secondary">{t('detail.attachments')}</Typography.Text>
                  {a.attachments.map((f) => (
                    <Button
                      key={f.uploadId}
                      type="link"
                      size="small"
                      onClick={() => void openFetched(() => riskFiles.open(a.id, f.uploadId), f.name)}
                    >
                      {f.name}
                    </Button>
                  ))}
                </Space>
              )}
            </Space>
          )}
          {can('explain') && <ExplainForm alertId={a.id} />}
          {a.side === 'organisation' && a.status === 'open' && (
            <Typography.Text type="secondary">{t('detail.awaitingCommittee')}</Typography.Text>
          )}
        </PageCard>
      )}

      {a.decisionReason && (
        <PageCard title={t('detail.decision')}>
          <Typography.Paragraph style={{ marginBottom: 4 }}>{a.decisionReason}</Typography.Paragraph>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('detail.decidedBy')} {a.decidedBy ?? t('common.none')} · {a.decidedAt}
          </Typography.Text>
        </PageCard>
      )}

      {a.follows.length > 0 && (
        <PageCard title={t('detail.follows')}>
          <FollowButtons follows={a.follows} />
        </PageCard>
      )}

      <PageCard title={t('detail.history')}>
        <ItemList
          items={a.history}
          rowKey={(h) => `${h.action}:${h.time}`}
          size="small"
          renderItem={(h) => (
            <Space orientation="vertical" size={0}>
              <Space size={6} wrap>
                <Typography.Text strong>{t(`history.${h.action}`, { defaultValue: h.action })}</Typography.Text>
                {h.toState && <Tag>{labels.status(h.toState)}</Tag>}
                <Typography.Text type="secondary">{h.time}</Typography.Text>
              </Space>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('detail.actor')} {h.actorName ?? t('detail.system')}
                {h.reason ? ` · ${h.reason}` : ''}
              </Typography.Text>
            </Space>
          )}
        />
      </PageCard>

      <ReasonModal
        open={asking !== null}
        text={{
          title: t(`action.${asking ?? 'dismiss'}Title`),
          okText: asking ? labels.action(asking) : '',
          cancelText: t('common.cancel'),
          label: t('action.reasonLabel'),
          placeholder: t('action.reasonLabel'),
          hint:
            asking === 'dismiss' ? t('action.dismissHint') : asking === 'confirm' ? t('action.confirmHint') : undefined,
        }}
        schema={alertReasonBody.shape.reason}
        submitting={reasonRun.isPending}
        serverError={reasonRun.error instanceof ApiError ? reasonRun.error.fieldErrors.reason : null}
        onCancel={() => setAsking(null)}
        onSubmit={(reason) => void submitReason(reason)}
      />
    </Space>
  );
}
