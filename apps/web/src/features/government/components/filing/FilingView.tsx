import { type FilingActionValue, filingReasonBody } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Descriptions, Grid, Space, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ItemList } from '../../../../components/ItemList.tsx';
import { PageCard } from '../../../../components/PageCard.tsx';
import { ReasonModal } from '../../../../components/ReasonModal.tsx';
import { ApiError } from '../../../../lib/http.ts';
import { type FilingDetail, filingMutations, invalidateFilings } from '../../filing-api.ts';
import { FILING_NS } from '../../locales/filing-register.ts';
import { Deadline, submitted } from './Deadline.tsx';
import { FilingFields } from './FilingFields.tsx';
import { FilingLines } from './FilingLines.tsx';
import { filingLabels, filingStatusColor, yuan } from './labels.ts';

type Asking = 'return' | 'correct' | null;

/** One filing: its header and actions, the returned reason, its fields and payment, checks, lines and history. */
export function FilingView({ filing: f, back }: { filing: FilingDetail; back: ReactNode }) {
  const { t, i18n } = useTranslation(FILING_NS);
  const labels = filingLabels(i18n.language.startsWith('en'));
  const { modal, message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const wide = Grid.useBreakpoint().md ?? true;
  const [asking, setAsking] = useState<Asking>(null);
  const [reasonError, setReasonError] = useState<string | null>(null);
  const submit = useMutation(filingMutations.submit);
  const confirm = useMutation(filingMutations.confirm);
  const returnFiling = useMutation(filingMutations.returnFiling);
  const correct = useMutation(filingMutations.correct);
  const can = (a: FilingActionValue) => f.actions.includes(a);
  const editable = can('save');
  const action = (a: FilingActionValue) => labels.action(a);
  const filingChecks = f.checks.filter((c) => c.lineId === null);
  const errors = f.checks.filter((c) => c.level === 'error').length;

  const run = (content: string, go: () => Promise<unknown>, a: FilingActionValue) =>
    modal.confirm({
      content,
      onOk: async () => {
        try {
          await go();
          await invalidateFilings(queryClient);
          message.success(t('common.done', { action: action(a) }));
        } catch (error) {
          const fields = error instanceof ApiError ? Object.values(error.fieldErrors) : [];
          message.error(fields.length > 0 ? `${t('detail.submitRefused')}：${fields[0]}` : (error as Error).message);
        }
      },
    });

  const decide = async (reason: string) => {
    setReasonError(null);
    try {
      if (asking === 'return') {
        await returnFiling.mutateAsync({ id: f.id, reason });
        message.success(t('common.done', { action: action('return') }));
      } else {
        const { id } = await correct.mutateAsync({ id: f.id, reason });
        navigate(pageUrl(pages.governmentFiling, { id }));
      }
      setAsking(null);
      await invalidateFilings(queryClient);
    } catch (error) {
      setReasonError(
        error instanceof ApiError ? (error.fieldErrors.reason ?? error.message) : (error as Error).message,
      );
    }
  };

  const actions = (
    <Space wrap>
      {can('submit') && (
        <Button
          type="primary"
          loading={submit.isPending}
          onClick={() => run(t('detail.submitConfirm'), () => submit.mutateAsync({ id: f.id }), 'submit')}
        >
          {action('submit')}
        </Button>
      )}
      {can('confirm') && (
        <Button
          type="primary"
          loading={confirm.isPending}
          onClick={() => run(t('detail.confirmConfirm'), () => confirm.mutateAsync({ id: f.id }), 'confirm')}
        >
          {action('confirm')}
        </Button>
      )}
      {can('return') && (
        <Button danger onClick={() => setAsking('return')}>
          {action('return')}
        </Button>
      )}
      {can('correct') && <Button onClick={() => setAsking('correct')}>{action('correct')}</Button>}
    </Space>
  );

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageCard
        title={
          <Space wrap size={6} style={{ whiteSpace: 'normal' }}>
            <span>{t('detail.title', { project: f.projectName, period: f.period })}</span>
            <Tag color={filingStatusColor[f.status]}>{labels.status(f.status)}</Tag>
            {f.version > 1 && <Tag>{t('detail.version', { version: f.version })}</Tag>}
          </Space>
        }
        tools={back}
      >
        <Space orientation="vertical" size={12} style={{ width: '100%' }}>
          {f.status === 'returned' && f.returnReason && (
            <Alert type="error" showIcon title={t('detail.returned', { reason: f.returnReason })} />
          )}
          {f.correctionReason && (
            <Alert
              type="info"
              showIcon
              title={t('detail.correction', { version: f.version, reason: f.correctionReason })}
            />
          )}
          {f.supersededById && (
            <Alert
              type="warning"
              showIcon
              title={t('detail.superseded')}
              action={
                <Link to={pageUrl(pages.governmentFiling, { id: f.supersededById })}>{t('detail.openCorrection')}</Link>
              }
            />
          )}
          {f.role === 'reader' && <Alert type="info" showIcon title={t('detail.readOnly')} />}
          <Descriptions column={{ xs: 1, md: 2, xl: 3 }} size="small" bordered={wide}>
            <Descriptions.Item label={t('detail.filer')}>{f.filerName}</Descriptions.Item>
            <Descriptions.Item label={t('detail.district')}>{f.regionName}</Descriptions.Item>
            <Descriptions.Item label={t('detail.period')}>
              {t('detail.periodRange', { from: f.periodFrom, to: f.periodTo })}
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.dueOn')}>
              <Space size={6} wrap>
                <span>{f.dueOn}</span>
                <Deadline daysLeft={f.daysLeft} late={f.late} done={submitted(f.status)} />
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.amount')}>{yuan(f.amountFen)}</Descriptions.Item>
            <Descriptions.Item label={t('detail.greenAmount')}>{yuan(f.greenAmountFen)}</Descriptions.Item>
            {f.submittedAt && <Descriptions.Item label={t('detail.submittedAt')}>{f.submittedAt}</Descriptions.Item>}
            {f.confirmedAt && <Descriptions.Item label={t('detail.confirmedAt')}>{f.confirmedAt}</Descriptions.Item>}
            {f.lockedAt && <Descriptions.Item label={t('detail.lockedAt')}>{f.lockedAt}</Descriptions.Item>}
          </Descriptions>
          {f.actions.some((a) => a !== 'save' && a !== 'prefill') && actions}
        </Space>
      </PageCard>

      <PageCard title={t('detail.fieldsTitle')}>
        <FilingFields filing={f} editable={editable} />
      </PageCard>

      <PageCard title={t('detail.checksTitle')}>
        {errors === 0 && filingChecks.every((c) => c.level !== 'warning') ? (
          <Alert type="success" showIcon title={t('detail.noProblems')} />
        ) : (
          <Space orientation="vertical" size={4} style={{ width: '100%' }}>
            {errors > 0 && <Alert type="error" showIcon title={t('detail.submitRefused')} />}
            {filingChecks.map((c) => (
              <Alert
                key={`${c.field}-${c.message}`}
                type={c.level === 'error' ? 'error' : 'warning'}
                title={c.message}
              />
            ))}
          </Space>
        )}
      </PageCard>

      <PageCard title={t('detail.linesTitle', { count: f.lines.length })}>
        <FilingLines filing={f} editable={editable} />
      </PageCard>

      <PageCard title={t('detail.historyTitle')}>
        <ItemList
          items={f.history}
          rowKey={(h) => `${h.at}-${h.action}-${h.toState}`}
          renderItem={(h) => (
            <Space orientation="vertical" size={0}>
              <Space wrap size={6}>
                <Typography.Text strong>{t(`history.${h.action}`, { defaultValue: h.action })}</Typography.Text>
                <Typography.Text type="secondary">
                  {h.actorName} · {h.at}
                </Typography.Text>
              </Space>
              {h.reason && <Typography.Text type="secondary">{h.reason}</Typography.Text>}
            </Space>
          )}
        />
      </PageCard>

      <ReasonModal
        open={asking !== null}
        text={{
          title: asking === 'return' ? t('detail.returnTitle') : t('detail.correctTitle'),
          okText: asking === 'return' ? action('return') : action('correct'),
          cancelText: t('common.cancel'),
          label: asking === 'return' ? t('detail.returnLabel') : t('detail.correctLabel'),
          placeholder: asking === 'return' ? t('detail.returnPlaceholder') : t('detail.correctPlaceholder'),
          ...(asking === 'correct' ? { hint: t('detail.correctHint') } : {}),
        }}
        schema={filingReasonBody.shape.reason}
        submitting={returnFiling.isPending || correct.isPending}
        serverError={reasonError}
        onSubmit={(reason) => void decide(reason)}
        onCancel={() => setAsking(null)}
      />
    </Space>
  );
}
