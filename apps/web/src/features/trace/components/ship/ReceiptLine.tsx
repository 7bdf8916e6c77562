import { receiptLineBody } from '@jcbb/contract';
import { formatQuantity, fromMilli, toMilli } from '@jcbb/contract/quantity';
import { Card, Col, Form, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UploadedFile } from '../../../../components/FileField.tsx';
import { NumericInput } from '../../../../components/NumericInput.tsx';
import { zodRule } from '../../../../lib/zod-rules.ts';
import { SHIP_NS } from '../../locales/ship-register.ts';
import type { ShipmentLine } from '../../ship-api.ts';
import { CodeTagInput } from './CodeTagInput.tsx';

/** One line of the form, in the order of the lines still on their way (`open`). */
export interface ReceiptLineValues {
  received?: string;
  rejected?: string;
  rejectReason?: string;
  receivedCodes?: string[];
  rejectedCodes?: string[];
}
export interface ReceiptValues {
  arrivedOn: string;
  deliveryNoteNo?: string;
  remarks?: string;
  photos?: UploadedFile[];
  lines: ReceiptLineValues[];
}

/**
 * One line of the receipt form: received, rejected (with its reason) and the accepted rest, and for a coded line the
 * codes that arrived and those turned away.
 */
export function ReceiptLine({
  name,
  line,
  reasons,
}: {
  name: number;
  line: ShipmentLine;
  reasons: { value: string; label: string }[];
}) {
  const { t } = useTranslation(SHIP_NS);
  const form = Form.useFormInstance<ReceiptValues>();
  const received = Form.useWatch(['lines', name, 'received'], form) as string | undefined;
  const rejected = Form.useWatch(['lines', name, 'rejected'], form) as string | undefined;
  const receivedCodes = (Form.useWatch(['lines', name, 'receivedCodes'], form) as string[] | undefined) ?? [];
  const accepted = fromMilli(Math.max(0, toMilli(received) - toMilli(rejected)));
  const coded = line.codeCount > 0;
  const unit = line.unitName;
  const outstanding = line.progress.outstanding;
  // The codes that may be turned away: those scanned as arrived, else (a full receipt) the line's codes.
  const rejectable = receivedCodes.length > 0 ? receivedCodes : line.codes;

  return (
    <Card
      size="small"
      title={
        <span style={{ whiteSpace: 'normal' }}>
          {line.lineNo}. {line.productName} · {line.specName}
        </span>
      }
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('receipt.lineFacts', {
          batch: line.batchNo,
          shipped: formatQuantity(line.quantity),
          outstanding: formatQuantity(outstanding),
          unit,
        })}
      </Typography.Paragraph>
      <Row gutter={12}>
        <Col xs={12} md={8}>
          <Form.Item
            name={[name, 'received']}
            label={t('receipt.received')}
            rules={[
              zodRule(receiptLineBody.shape.received),
              {
                validator: (_, v: string | undefined) =>
                  toMilli(v) > toMilli(outstanding)
                    ? Promise.reject(
                        new Error(t('receipt.overOutstanding', { outstanding: formatQuantity(outstanding), unit })),
                      )
                    : Promise.resolve(),
              },
            ]}
          >
            <NumericInput
              aria-label={t('receipt.receivedAria', { n: line.lineNo })}
              precision={3}
              min={0}
              suffix={unit}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item
            name={[name, 'rejected']}
            label={t('receipt.rejected')}
            dependencies={[['lines', name, 'received']]}
            rules={[
              zodRule(receiptLineBody.shape.rejected),
              ({ getFieldValue }) => ({
                validator: (_, v: string | undefined) =>
                  toMilli(v) > toMilli(getFieldValue(['lines', name, 'received']) as string)
                    ? Promise.reject(new Error(t('receipt.overReceived')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <NumericInput
              aria-label={t('receipt.rejectedAria', { n: line.lineNo })}
              precision={3}
              min={0}
              suffix={unit}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item label={t('receipt.accepted')}>
            <Typography.Text strong aria-label={t('receipt.acceptedAria', { n: line.lineNo })}>
              {formatQuantity(accepted)} {unit}
            </Typography.Text>
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name={[name, 'rejectReason']}
            label={t('receipt.reason')}
            dependencies={[['lines', name, 'rejected']]}
            required={toMilli(rejected) > 0}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, v: string | undefined) =>
                  toMilli(getFieldValue(['lines', name, 'rejected']) as string) > 0 && !v
                    ? Promise.reject(new Error(t('receipt.reasonRequired')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Select
              aria-label={t('receipt.reasonAria', { n: line.lineNo })}
              allowClear
              disabled={toMilli(rejected) === 0}
              options={reasons}
              placeholder={toMilli(rejected) > 0 ? t('receipt.reasonPlaceholder') : t('receipt.noRejection')}
            />
          </Form.Item>
        </Col>
        {coded && (
          <>
            <Col xs={24} md={12}>
              <Form.Item
                name={[name, 'receivedCodes']}
                label={t('receipt.receivedCodes')}
                extra={t('receipt.receivedCodesHelp', { count: line.codeCount })}
              >
                <CodeTagInput />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name={[name, 'rejectedCodes']}
                label={t('receipt.rejectedCodes')}
                extra={toMilli(rejected) > 0 ? t('receipt.rejectedCodesHelp') : undefined}
              >
                {rejectable.length > 0 ? (
                  <Select
                    mode="multiple"
                    aria-label={t('receipt.rejectedCodesAria', { n: line.lineNo })}
                    options={rejectable.map((c) => ({ value: c, label: c }))}
                    placeholder={t('receipt.rejectedCodesPlaceholder')}
                  />
                ) : (
                  <CodeTagInput />
                )}
              </Form.Item>
            </Col>
          </>
        )}
      </Row>
    </Card>
  );
}
