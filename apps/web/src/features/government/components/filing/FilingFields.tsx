import { PROGRESS_PAYMENT_MIN_PCT } from '@jcbb/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, Descriptions, Form, Input, InputNumber, Progress, Row, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { type FilingDetail, filingMutations, invalidateFilings } from '../../filing-api.ts';
import { FILING_NS } from '../../locales/filing-register.ts';
import { filingLabels, yuan } from './labels.ts';

interface FieldsForm {
  contractNo?: string;
  defaultMethod: string;
  completedYuan: number | null;
  paidYuan: number | null;
  remarks?: string;
}

const fen = (v: number | null | undefined) => (v === null || v === undefined ? undefined : Math.round(v * 100));

/** The progress payment against the completed work's value, with 35号's 80 %. */
function PaymentRatio({ bp }: { bp: number | null }) {
  const { t } = useTranslation(FILING_NS);
  if (bp === null) return <Typography.Text type="secondary">—</Typography.Text>;
  const pct = Math.floor(bp / 100);
  const low = bp < PROGRESS_PAYMENT_MIN_PCT * 100;
  return (
    <div style={{ maxWidth: 320 }}>
      <Progress
        percent={Math.min(pct, 100)}
        format={() => `${(bp / 100).toFixed(2)}%`}
        status={low ? 'exception' : 'success'}
        size="small"
      />
      <Typography.Text type={low ? 'danger' : 'secondary'} style={{ fontSize: 12 }}>
        {t('detail.ratioHint', { pct: PROGRESS_PAYMENT_MIN_PCT })}
      </Typography.Text>
    </div>
  );
}

/** The filing's own fields: contract no., the default method, the completed value and progress payment, remarks. */
export function FilingFields({ filing: f, editable }: { filing: FilingDetail; editable: boolean }) {
  const { t, i18n } = useTranslation(FILING_NS);
  const labels = filingLabels(i18n.language.startsWith('en'));
  const [form] = Form.useForm<FieldsForm>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const save = useMutation(filingMutations.save);
  useEffect(() => {
    form.setFieldsValue({
      contractNo: f.contractNo ?? undefined,
      defaultMethod: f.defaultMethod,
      completedYuan: f.completedValueFen === null ? null : f.completedValueFen / 100,
      paidYuan: f.progressPaidFen === null ? null : f.progressPaidFen / 100,
      remarks: f.remarks ?? undefined,
    });
  }, [f, form]);

  if (!editable) {
    return (
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Descriptions.Item label={t('detail.contractNo')}>{f.contractNo ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('detail.defaultMethod')}>{labels.method(f.defaultMethod)}</Descriptions.Item>
        <Descriptions.Item label={t('detail.completedValue')}>{yuan(f.completedValueFen)}</Descriptions.Item>
        <Descriptions.Item label={t('detail.progressPaid')}>{yuan(f.progressPaidFen)}</Descriptions.Item>
        <Descriptions.Item label={t('detail.ratio')} span={2}>
          <PaymentRatio bp={f.paymentRatioBp} />
        </Descriptions.Item>
        {f.remarks && <Descriptions.Item label={t('detail.remarks')}>{f.remarks}</Descriptions.Item>}
      </Descriptions>
    );
  }

  const submit = async (v: FieldsForm) => {
    try {
      await save.mutateAsync({
        id: f.id,
        contractNo: v.contractNo ?? null,
        defaultMethod: v.defaultMethod as FilingDetail['defaultMethod'],
        completedValueFen: fen(v.completedYuan) ?? null,
        progressPaidFen: fen(v.paidYuan) ?? null,
        remarks: v.remarks ?? null,
      });
      await invalidateFilings(queryClient);
      message.success(t('detail.saved'));
    } catch (error) {
      if (
        !applyFieldErrors(form, error, { rename: { completedValueFen: 'completedYuan', progressPaidFen: 'paidYuan' } })
      ) {
        message.error((error as Error).message);
      }
    }
  };
  const half = { xs: 24, md: 12 };
  return (
    <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
      <Row gutter={12}>
        <Col {...half}>
          <Form.Item name="contractNo" label={t('detail.contractNo')}>
            <Input maxLength={50} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="defaultMethod" label={t('detail.defaultMethod')}>
            <Select options={labels.methodOptions} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="completedYuan" label={t('detail.completedValue')}>
            <InputNumber min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="paidYuan" label={t('detail.progressPaid')}>
            <InputNumber min={0} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item label={t('detail.ratio')}>
            <PaymentRatio bp={f.paymentRatioBp} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item name="remarks" label={t('detail.remarks')}>
            <Input.TextArea maxLength={1000} autoSize={{ minRows: 2, maxRows: 5 }} />
          </Form.Item>
        </Col>
      </Row>
      <Button htmlType="submit" loading={save.isPending}>
        {t('detail.saveFields')}
      </Button>
    </Form>
  );
}
