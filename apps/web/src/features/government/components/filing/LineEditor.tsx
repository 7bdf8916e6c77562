import { Col, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import type { FilingLine, FilingLineInput } from '../../filing-api.ts';
import { FILING_NS } from '../../locales/filing-register.ts';
import { filingLabels } from './labels.ts';

/** The form's values: money in yuan, the rest as the line stores it. */
interface LineForm {
  classifyCode?: string;
  commonName: string;
  spec: string;
  quantity: string;
  unit: string;
  amountYuan: number | null;
  supplierOrgId?: number | null;
  supplierName: string;
  supplierCreditCode?: string;
  procurementMethod: string;
  isGreen: boolean;
  evidenceKind: string;
  certificateNo?: string;
  certificateBody?: string;
  star?: number;
  reportNo?: string;
  reportDate?: string;
  deliveryDate: string;
}

const toForm = (l: FilingLine | null, defaultMethod: string, from: string): LineForm =>
  l
    ? {
        classifyCode: l.classifyCode ?? undefined,
        commonName: l.commonName,
        spec: l.spec,
        quantity: l.quantity,
        unit: l.unit,
        amountYuan: l.amountFen / 100,
        supplierOrgId: l.supplierOrgId,
        supplierName: l.supplierName,
        supplierCreditCode: l.supplierCreditCode ?? undefined,
        procurementMethod: l.procurementMethod,
        isGreen: l.isGreen,
        evidenceKind: l.evidenceKind,
        certificateNo: l.certificateNo ?? undefined,
        certificateBody: l.certificateBody ?? undefined,
        star: l.star ?? undefined,
        reportNo: l.reportNo ?? undefined,
        reportDate: l.reportDate ?? undefined,
        deliveryDate: l.deliveryDate,
      }
    : {
        commonName: '',
        spec: '',
        quantity: '',
        unit: '',
        amountYuan: null,
        supplierName: '',
        procurementMethod: defaultMethod,
        isGreen: false,
        evidenceKind: 'none',
        deliveryDate: from,
      };

function fromForm(v: LineForm, id: number | undefined): FilingLineInput {
  const blank = (s: string | undefined | null) => (s === undefined || s === null || s.trim() === '' ? undefined : s);
  return {
    ...(id ? { id } : {}),
    classifyCode: blank(v.classifyCode),
    commonName: v.commonName,
    spec: v.spec,
    quantity: v.quantity,
    unit: v.unit,
    amountFen: v.amountYuan === null || v.amountYuan === undefined ? undefined : Math.round(v.amountYuan * 100),
    supplierOrgId: v.supplierOrgId ?? undefined,
    supplierName: v.supplierName,
    supplierCreditCode: blank(v.supplierCreditCode),
    procurementMethod: v.procurementMethod as FilingLineInput['procurementMethod'],
    isGreen: v.isGreen,
    evidenceKind: (v.isGreen || v.evidenceKind !== 'none' ? v.evidenceKind : 'none') as FilingLineInput['evidenceKind'],
    certificateNo: blank(v.certificateNo),
    certificateBody: blank(v.certificateBody),
    star: v.star,
    reportNo: blank(v.reportNo),
    reportDate: blank(v.reportDate),
    deliveryDate: v.deliveryDate,
  };
}

/**
 * Add a typed line, or edit one (a system line's changed fields are marked by the server against what was
 * prefilled). The server's refusals show under their fields (`lines.0.<field>`).
 */
export function LineEditor({
  open,
  line,
  lineNo,
  defaultMethod,
  periodFrom,
  saving,
  onSave,
  onCancel,
}: {
  open: boolean;
  line: FilingLine | null;
  lineNo: number;
  defaultMethod: string;
  periodFrom: string;
  saving: boolean;
  /** Resolves when saved; rejects with the server's refusal. */
  onSave: (input: FilingLineInput) => Promise<void>;
  onCancel: () => void;
}) {
  const { t, i18n } = useTranslation(FILING_NS);
  const labels = filingLabels(i18n.language.startsWith('en'));
  const [form] = Form.useForm<LineForm>();
  const isGreen = Form.useWatch('isGreen', form);
  const kind = Form.useWatch('evidenceKind', form);
  const platformSupplier = Form.useWatch('supplierOrgId', form);
  useEffect(() => {
    if (open) form.setFieldsValue(toForm(line, defaultMethod, periodFrom));
  }, [open, line, defaultMethod, periodFrom, form]);

  const submit = async (v: LineForm) => {
    try {
      await onSave(fromForm(v, line?.id));
    } catch (error) {
      applyFieldErrors(form, error, {
        mapPath: (p) => (p[0] === 'lines' ? p.slice(2).map((x) => (x === 'amountFen' ? 'amountYuan' : x)) : p),
      });
    }
  };
  const half = { xs: 24, sm: 12 };

  return (
    <Modal
      open={open}
      title={line ? t('line.editTitle', { no: lineNo }) : t('line.addTitle')}
      okText={t('line.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onCancel}
      width={720}
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(v) => void submit(v)}>
        <Form.Item name="supplierOrgId" hidden>
          <Input />
        </Form.Item>
        <Row gutter={12}>
          <Col {...half}>
            <Form.Item name="commonName" label={t('line.commonName')} rules={[{ required: true }]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="spec" label={t('line.spec')} rules={[{ required: true }]}>
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="classifyCode" label={t('line.classifyCode')} extra={t('line.classifyHint')}>
              <Input maxLength={8} inputMode="numeric" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="quantity" label={t('line.quantity')} rules={[{ required: true }]}>
              <Input inputMode="decimal" />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="unit" label={t('line.unit')} rules={[{ required: true }]}>
              <Input maxLength={10} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="amountYuan" label={t('line.amount')} rules={[{ required: true }]}>
              <InputNumber min={0} precision={2} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="deliveryDate" label={t('line.deliveryDate')} rules={[{ required: true }]}>
              <Input type="date" />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="supplierName" label={t('line.supplierName')} rules={[{ required: true }]}>
              <Input maxLength={100} disabled={Boolean(platformSupplier)} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item
              name="supplierCreditCode"
              label={t('line.supplierCreditCode')}
              extra={t('line.supplierCreditHint')}
            >
              <Input maxLength={18} disabled={Boolean(platformSupplier)} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="procurementMethod" label={t('line.method')}>
              <Select options={labels.methodOptions} />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="isGreen" label={t('line.isGreen')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col {...half}>
            <Form.Item name="evidenceKind" label={t('line.evidenceKind')}>
              <Select
                options={labels.evidenceOptions.filter((o) => isGreen || o.value === 'none' || o.value === kind)}
              />
            </Form.Item>
          </Col>
          {(kind === 'platform_certificate' || kind === 'external_certificate') && (
            <>
              <Col {...half}>
                <Form.Item name="certificateNo" label={t('line.certificateNo')}>
                  <Input maxLength={50} />
                </Form.Item>
              </Col>
              {kind === 'external_certificate' && (
                <Col {...half}>
                  <Form.Item name="certificateBody" label={t('line.certificateBody')}>
                    <Input maxLength={100} />
                  </Form.Item>
                </Col>
              )}
              <Col {...half}>
                <Form.Item name="star" label={t('line.star')}>
                  <Select
                    allowClear
                    options={[1, 2, 3].map((s) => ({ value: s, label: t('detail.star', { star: s }) }))}
                  />
                </Form.Item>
              </Col>
            </>
          )}
          {kind === 'test_report' && (
            <>
              <Col {...half}>
                <Form.Item name="reportNo" label={t('line.reportNo')}>
                  <Input maxLength={50} />
                </Form.Item>
              </Col>
              <Col {...half}>
                <Form.Item name="reportDate" label={t('line.reportDate')}>
                  <Input type="date" />
                </Form.Item>
              </Col>
            </>
          )}
        </Row>
      </Form>
    </Modal>
  );
}
