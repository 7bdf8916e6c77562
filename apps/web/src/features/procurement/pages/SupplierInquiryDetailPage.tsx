import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  DatePicker,
  Descriptions,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { PageCard } from '../../../components/PageCard.tsx';
import { RecordState, useRecordQuery } from '../../../components/RecordState.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { inquiryStatusColor, sourcingLabels, yuanText } from '../components/sourcing/labels.ts';
import { SOURCING_NS } from '../locales/sourcing-register.ts';
import { PROCUREMENT_PATHS } from '../paths.ts';
import { invalidateSourcing, type SupplierInquiry, sourcingMutations, sourcingQueries } from '../sourcing-api.ts';

/**
 * /procurementSales/inquiryDetail?id=: an inquiry the supplier was invited to — its lines and deadline, never the
 * other suppliers — and its own sealed quote: a specification it may offer, a unit price and a delivery date per
 * line; saved, submitted and withdrawn before the deadline.
 */
export function SupplierInquiryDetailPage() {
  const { t } = useTranslation(SOURCING_NS);
  const navigate = useNavigate();
  const { query, valid } = useRecordQuery(sourcingQueries.supplierInquiry);
  const back = <Button onClick={() => navigate(PROCUREMENT_PATHS.supplierInquiries)}>{t('common.backToList')}</Button>;
  return (
    <RecordState query={query} valid={valid} back={back} notFoundTitle={t('common.notFound')}>
      {(i) => <SupplierInquiryView inquiry={i} />}
    </RecordState>
  );
}

interface QuoteForm {
  validUntil?: dayjs.Dayjs;
  remarks?: string;
  lines: { inquiryLineId: number; specId?: number; unitPrice?: number; deliveryDate?: dayjs.Dayjs }[];
}

function SupplierInquiryView({ inquiry: i }: { inquiry: SupplierInquiry }) {
  const { t, i18n } = useTranslation(SOURCING_NS);
  const labels = sourcingLabels(i18n.language.startsWith('en'));
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [form] = Form.useForm<QuoteForm>();
  const save = useMutation(sourcingMutations.saveQuote);
  const submit = useMutation(sourcingMutations.submitQuote);
  const withdraw = useMutation(sourcingMutations.withdrawQuote);
  const can = (a: string) => i.actions.includes(a);
  const editable = can('save');
  const mine = i.myQuote;

  const initial: QuoteForm = {
    validUntil: mine?.validUntil ? dayjs(mine.validUntil) : undefined,
    remarks: mine?.remarks ?? undefined,
    lines: i.lines.map((l) => {
      const q = mine?.lines.find((x) => x.inquiryLineId === l.id);
      return {
        inquiryLineId: l.id,
        specId: q?.specId ?? (l.offers.length === 1 ? l.offers[0]?.specId : undefined),
        unitPrice: q ? q.unitPriceFen / 100 : undefined,
        deliveryDate: q ? dayjs(q.deliveryDate) : undefined,
      };
    }),
  };

  const onSave = async (v: QuoteForm) => {
    try {
      await save.mutateAsync({
        inquiryId: i.id,
        validUntil: v.validUntil?.format('YYYY-MM-DD'),
        remarks: v.remarks,
        lines: v.lines
          .filter((l) => l.specId !== undefined && l.unitPrice !== undefined && l.unitPrice !== null)
          .map((l) => ({
            inquiryLineId: l.inquiryLineId,
            specId: l.specId as number,
            unitPriceFen: Math.round((l.unitPrice as number) * 100),
            deliveryDate: l.deliveryDate?.format('YYYY-MM-DD') ?? '',
          })),
      });
      await invalidateSourcing(qc);
      message.success(t('supplier.saved'));
    } catch (e) {
      applyFieldErrors(form, e);
    }
  };

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

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <PageCard
        title={
          <Space wrap>
            <span>{i.title}</span>
            <Tag color={inquiryStatusColor[i.status]}>{labels.inquiryStatus(i.status)}</Tag>
          </Space>
        }
        tools={<Button onClick={() => navigate(PROCUREMENT_PATHS.supplierInquiries)}>{t('common.backToList')}</Button>}
      >
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label={t('inquiry.number')}>{i.number}</Descriptions.Item>
          <Descriptions.Item label={t('supplier.buyer')}>{i.buyerName}</Descriptions.Item>
          <Descriptions.Item label={t('supplier.project')}>{i.projectName}</Descriptions.Item>
          <Descriptions.Item label={t('supplier.region')}>{i.projectRegionName ?? t('common.none')}</Descriptions.Item>
          <Descriptions.Item label={t('inquiry.deadline')}>
            {i.deadline} · {t('inquiry.round', { n: i.round })}
          </Descriptions.Item>
          <Descriptions.Item label={t('supplier.quoteStatus')}>
            {mine ? labels.quoteStatus(mine.status) : t('supplier.notQuoted')}
            {mine ? ` · ${yuanText(mine.amountFen)}` : ''}
          </Descriptions.Item>
          {i.remarks && <Descriptions.Item label={t('inquiry.remarks')}>{i.remarks}</Descriptions.Item>}
          {i.decisionReason && (
            <Descriptions.Item label={t('inquiry.decisionReason')}>{i.decisionReason}</Descriptions.Item>
          )}
        </Descriptions>
      </PageCard>
      <PageCard title={t('supplier.myQuote')}>
        <Alert type="info" showIcon title={t('supplier.sealedNote')} style={{ marginBottom: 16 }} />
        {!editable && !can('withdraw') && !can('submit') && (
          <Alert type="warning" showIcon title={t('supplier.closed')} style={{ marginBottom: 16 }} />
        )}
        <Form form={form} layout="vertical" initialValues={initial} onFinish={onSave} disabled={!editable}>
          {i.lines.map((l, n) => (
            <div key={l.id} style={{ borderBottom: '1px solid #f0f0f0', marginBottom: 12 }}>
              <Typography.Text strong>
                {l.lineNo}. {l.commonName}
                {l.spec ? ` · ${l.spec}` : ''} — {l.quantity} {l.unitName} · {t('inquiry.requiredBy')} {l.requiredBy}
              </Typography.Text>
              <Form.Item name={['lines', n, 'inquiryLineId']} hidden>
                <Input />
              </Form.Item>
              {l.offers.length === 0 && editable ? (
                <Typography.Paragraph type="secondary">{t('supplier.noOffer')}</Typography.Paragraph>
              ) : (
                <Space wrap align="start" style={{ marginTop: 8 }}>
                  <Form.Item label={t('supplier.offer')} name={['lines', n, 'specId']}>
                    <Select
                      aria-label={`${t('supplier.offer')} ${l.lineNo}`}
                      style={{ width: 260, maxWidth: '100%' }}
                      options={(l.offers.length > 0
                        ? l.offers
                        : (mine?.lines ?? [])
                            .filter((x) => x.inquiryLineId === l.id)
                            .map((x) => ({ ...x, unitName: '', listPriceFen: null }))
                      ).map((o) => ({
                        value: o.specId,
                        label: `${o.productName} ${o.specName}${o.listPriceFen !== null ? ` · ${t('supplier.listPrice', { price: yuanText(o.listPriceFen) })}` : ''}`,
                      }))}
                    />
                  </Form.Item>
                  <Form.Item label={t('supplier.unitPrice')} name={['lines', n, 'unitPrice']}>
                    <InputNumber aria-label={`${t('supplier.unitPrice')} ${l.lineNo}`} min={0} precision={2} />
                  </Form.Item>
                  <Form.Item label={t('inquiry.delivery')} name={['lines', n, 'deliveryDate']}>
                    <DatePicker aria-label={`${t('inquiry.delivery')} ${l.lineNo}`} />
                  </Form.Item>
                </Space>
              )}
            </div>
          ))}
          <Space wrap>
            <Form.Item label={t('supplier.validUntil')} name="validUntil">
              <DatePicker />
            </Form.Item>
            <Form.Item label={t('inquiry.remarks')} name="remarks">
              <Input style={{ width: 300, maxWidth: '100%' }} />
            </Form.Item>
          </Space>
        </Form>
        <Space wrap>
          {editable && (
            <Button loading={save.isPending} onClick={() => form.submit()}>
              {t('supplier.save')}
            </Button>
          )}
          {can('submit') && mine && (
            <Button
              type="primary"
              loading={submit.isPending}
              onClick={() =>
                confirmThen(
                  t('supplier.submitConfirm'),
                  () => submit.mutateAsync({ id: mine.id }),
                  t('supplier.submit'),
                )
              }
            >
              {t('supplier.submit')}
            </Button>
          )}
          {can('withdraw') && mine && (
            <Button
              danger
              loading={withdraw.isPending}
              onClick={() =>
                confirmThen(
                  t('supplier.withdrawConfirm'),
                  () => withdraw.mutateAsync({ id: mine.id }),
                  t('supplier.withdraw'),
                )
              }
            >
              {t('supplier.withdraw')}
            </Button>
          )}
        </Space>
      </PageCard>
    </Space>
  );
}
