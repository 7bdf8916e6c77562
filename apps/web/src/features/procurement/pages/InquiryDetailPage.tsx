import { inquiryAwardBody, inquiryReasonBody } from '@jcbb/contract';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, DatePicker, Descriptions, Grid, Modal, Space, Table, Tag, Typography } from 'antd';
import type dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { ItemList } from '../../../components/ItemList.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { ReasonModal } from '../../../components/ReasonModal.tsx';
import { RecordState, useRecordQuery } from '../../../components/RecordState.tsx';
import { inquiryStatusColor, sourcingLabels, yuanText } from '../components/sourcing/labels.ts';
import { SOURCING_NS } from '../locales/sourcing-register.ts';
import { PROCUREMENT_PATHS } from '../paths.ts';
import { type InquiryDetail, invalidateSourcing, sourcingMutations, sourcingQueries } from '../sourcing-api.ts';

type Quote = InquiryDetail['quotes'][number];

/**
 * /buildMaterialProcurement/inquiryDetail?id=: the buyer's inquiry — lines, invited suppliers, and, once quoting
 * has closed, the quotes compared (price per line, total, delivery, certificate runway); publish, close early, award
 * with a reason, fail, cancel, a new round. Sealed before the deadline: only how many quotes are in.
 */
export function InquiryDetailPage() {
  const { t } = useTranslation(SOURCING_NS);
  const navigate = useNavigate();
  const { query, valid } = useRecordQuery(sourcingQueries.inquiry);
  const back = (
    <Button onClick={() => navigate(PROCUREMENT_PATHS.selectionAndPurchase)}>{t('common.backToList')}</Button>
  );
  return (
    <RecordState query={query} valid={valid} back={back} notFoundTitle={t('common.notFound')}>
      {(i) => <InquiryView inquiry={i} />}
    </RecordState>
  );
}

type Decision = { kind: 'award'; quote: Quote } | { kind: 'fail' } | { kind: 'cancel' } | null;

function InquiryView({ inquiry: i }: { inquiry: InquiryDetail }) {
  const { t, i18n } = useTranslation(SOURCING_NS);
  const labels = sourcingLabels(i18n.language.startsWith('en'));
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const wide = Grid.useBreakpoint().md ?? true;
  const [decision, setDecision] = useState<Decision>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [roundOpen, setRoundOpen] = useState(false);
  const [deadline, setDeadline] = useState<dayjs.Dayjs | null>(null);
  const publish = useMutation(sourcingMutations.publish);
  const close = useMutation(sourcingMutations.close);
  const award = useMutation(sourcingMutations.award);
  const fail = useMutation(sourcingMutations.fail);
  const cancel = useMutation(sourcingMutations.cancel);
  const newRound = useMutation(sourcingMutations.newRound);
  const can = (a: string) => i.actions.includes(a);

  const confirmThen = (content: string, run: () => Promise<unknown>, action: string) =>
    modal.confirm({
      content,
      onOk: async () => {
        try {
          await run();
          await invalidateSourcing(qc);
          message.success(t('common.done', { action }));
        } catch {
          // The HTTP client has shown the refusal.
        }
      },
    });

  const decide = async (reason: string) => {
    setServerError(null);
    try {
      if (decision?.kind === 'award') await award.mutateAsync({ id: i.id, quoteId: decision.quote.id, reason });
      if (decision?.kind === 'fail') await fail.mutateAsync({ id: i.id, reason });
      if (decision?.kind === 'cancel') await cancel.mutateAsync({ id: i.id, reason });
      await invalidateSourcing(qc);
      setDecision(null);
    } catch (e) {
      setServerError(e instanceof Error ? e.message : String(e));
    }
  };

  const lineName = (id: number) => {
    const l = i.lines.find((x) => x.id === id);
    return l ? `${l.lineNo}. ${l.commonName}` : String(id);
  };
  const quoteLines = (q: Quote) =>
    q.lines.map((l) => (
      <div key={l.inquiryLineId}>
        {lineName(l.inquiryLineId)}：{l.productName} {l.specName} · {yuanText(l.unitPriceFen)} · {yuanText(l.amountFen)}{' '}
        · {t('inquiry.delivery')} {l.deliveryDate}{' '}
        <Tag color={l.runway === 'through' ? 'green' : l.runway === 'lapses' ? 'orange' : 'default'}>
          {l.runway === 'lapses' && l.validUntil
            ? t('selection.lapses', { date: l.validUntil })
            : (l.validUntil ?? '—')}
        </Tag>
      </div>
    ));
  const awardButton = (q: Quote) =>
    can('award') && q.status === 'submitted' ? (
      <Button type="primary" size="small" onClick={() => setDecision({ kind: 'award', quote: q })}>
        {t('inquiry.award')}
      </Button>
    ) : q.status === 'accepted' ? (
      <Tag color="green">{t('inquiry.accepted')}</Tag>
    ) : null;

  const reasonText =
    decision?.kind === 'award'
      ? {
          title: t('inquiry.awardTitle', { supplier: decision.quote.supplierName }),
          label: t('inquiry.awardLabel'),
          hint: t('inquiry.awardHint'),
          okText: t('inquiry.award'),
        }
      : decision?.kind === 'fail'
        ? { title: t('inquiry.fail'), label: t('inquiry.failLabel'), okText: t('inquiry.fail') }
        : { title: t('inquiry.cancelInquiry'), label: t('inquiry.cancelLabel'), okText: t('inquiry.cancelInquiry') };

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageCard
        title={
          <Space wrap>
            <span>{i.title}</span>
            <Tag color={inquiryStatusColor[i.status]}>{labels.inquiryStatus(i.status)}</Tag>
          </Space>
        }
        tools={
          <Button onClick={() => navigate(PROCUREMENT_PATHS.selectionAndPurchase)}>{t('common.backToList')}</Button>
        }
      >
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('inquiry.number')}>{i.number}</Descriptions.Item>
          <Descriptions.Item label={t('common.project')}>{i.projectName}</Descriptions.Item>
          <Descriptions.Item label={t('inquiry.deadline')}>
            {i.deadline} · {t('inquiry.round', { n: i.round })}
          </Descriptions.Item>
          <Descriptions.Item label={t('inquiry.submitted', { n: i.submittedCount })}>
            {i.suppliers.map((s) => s.name).join('、')}
          </Descriptions.Item>
          {i.decisionReason && (
            <Descriptions.Item label={t('inquiry.decisionReason')}>{i.decisionReason}</Descriptions.Item>
          )}
          {i.orderId !== null && (
            <Descriptions.Item label={t('inquiry.order')}>
              <Link to={pageUrl(pages.procurementOrder, { id: i.orderId })}>{i.orderNumber}</Link>
            </Descriptions.Item>
          )}
        </Descriptions>
        <Space wrap style={{ marginTop: 16 }}>
          {can('publish') && (
            <Button
              type="primary"
              loading={publish.isPending}
              onClick={() =>
                confirmThen(t('inquiry.publishConfirm'), () => publish.mutateAsync({ id: i.id }), t('inquiry.publish'))
              }
            >
              {t('inquiry.publish')}
            </Button>
          )}
          {can('close') && (
            <Button
              loading={close.isPending}
              onClick={() =>
                confirmThen(t('inquiry.closeConfirm'), () => close.mutateAsync({ id: i.id }), t('inquiry.close'))
              }
            >
              {t('inquiry.close')}
            </Button>
          )}
          {can('new_round') && <Button onClick={() => setRoundOpen(true)}>{t('inquiry.newRound')}</Button>}
          {can('fail') && (
            <Button danger onClick={() => setDecision({ kind: 'fail' })}>
              {t('inquiry.fail')}
            </Button>
          )}
          {can('cancel') && (
            <Button danger onClick={() => setDecision({ kind: 'cancel' })}>
              {t('inquiry.cancelInquiry')}
            </Button>
          )}
        </Space>
      </PageCard>
      <PageCard title={t('inquiry.lines')}>
        <ItemList
          items={i.lines}
          rowKey={(l) => l.id}
          renderItem={(l) => (
            <span>
              {l.lineNo}. {l.commonName}
              {l.spec ? ` · ${l.spec}` : ''} — {l.quantity} {l.unitName} · {t('inquiry.requiredBy')} {l.requiredBy}
            </span>
          )}
        />
      </PageCard>
      <PageCard title={t('inquiry.quotes')}>
        {i.status === 'published' || i.status === 'quoting' || i.status === 'draft' ? (
          <Alert
            type="info"
            showIcon
            title={`${t('inquiry.sealed')} ${t('inquiry.submitted', { n: i.submittedCount })}`}
          />
        ) : wide ? (
          <Table<Quote>
            rowKey="id"
            dataSource={i.quotes}
            pagination={false}
            locale={{ emptyText: t('inquiry.noQuotes') }}
            columns={[
              { title: t('selection.supplier'), dataIndex: 'supplierName', key: 'supplier', width: 200 },
              { title: t('inquiry.round', { n: '' }), dataIndex: 'round', key: 'round', width: 70 },
              { title: t('inquiry.lines'), key: 'lines', render: (_, q) => quoteLines(q) },
              { title: t('inquiry.amount'), key: 'amount', width: 130, render: (_, q) => yuanText(q.amountFen) },
              { title: t('selection.actions'), key: 'act', width: 100, render: (_, q) => awardButton(q) },
            ]}
          />
        ) : (
          <ItemList<Quote>
            items={i.quotes}
            rowKey={(q) => q.id}
            emptyText={t('inquiry.noQuotes')}
            renderItem={(q) => (
              <div>
                <Typography.Text strong>
                  {q.supplierName} · {yuanText(q.amountFen)}
                </Typography.Text>
                {quoteLines(q)}
              </div>
            )}
            actions={awardButton}
          />
        )}
      </PageCard>
      <ReasonModal
        open={decision !== null}
        text={{ ...reasonText, cancelText: t('common.cancel'), placeholder: t('inquiry.placeholder') }}
        schema={decision?.kind === 'award' ? inquiryAwardBody.shape.reason : inquiryReasonBody.shape.reason}
        submitting={award.isPending || fail.isPending || cancel.isPending}
        serverError={serverError}
        onSubmit={decide}
        onCancel={() => setDecision(null)}
      />
      <Modal
        open={roundOpen}
        title={t('inquiry.newRound')}
        okButtonProps={{ disabled: deadline === null, loading: newRound.isPending }}
        onCancel={() => setRoundOpen(false)}
        onOk={async () => {
          if (!deadline) return;
          await newRound.mutateAsync({ id: i.id, deadline: deadline.format('YYYY-MM-DD HH:mm') });
          await invalidateSourcing(qc);
          setRoundOpen(false);
        }}
      >
        <Typography.Paragraph>{t('inquiry.newRoundDeadline')}</Typography.Paragraph>
        <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" onChange={setDeadline} />
      </Modal>
    </Space>
  );
}
