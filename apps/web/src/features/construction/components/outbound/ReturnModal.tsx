import { issueReturnBody } from '@jcbb/contract';
import { formatQuantity, fromMilli, toMilli } from '@jcbb/contract/quantity';
import { shanghaiToday } from '@jcbb/contract/time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Card, Col, Form, Grid, Input, Modal, Row, Select, Space, Typography } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NumericInput } from '../../../../components/NumericInput.tsx';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { maxLengthOf, rulesFrom } from '../../../../lib/zod-rules.ts';
import {
  type IssueLine,
  type IssueOrderDetail,
  type IssueReturnInput,
  invalidateOutbound,
  outboundMutations,
} from '../../api.ts';
import { CONSTRUCTION_NS } from '../../locales/register.ts';

interface LineValues {
  quantity?: string;
  codes?: string[];
}
interface ReturnValues {
  returnedOn: string;
  reason: string;
  lines: LineValues[];
}

/**
 * 退库: a return document against an issue order's lines still out. An uncoded line takes a quantity (at most what is
 * still out); a coded line the codes coming back, whose sum is the quantity. Lines left empty are not returned.
 */
export function ReturnModal({ order, open, onClose }: { order: IssueOrderDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const { message } = App.useApp();
  const wide = Grid.useBreakpoint().md ?? true;
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ReturnValues>();
  const today = shanghaiToday();
  const out = order.lines.filter((l) => l.returnable > 0);
  // The body carries only the lines returned now: the server's `lines.N` counts in the body, the form in `out`.
  const bodyToForm = useRef<number[]>([]);

  const send = useMutation({
    ...outboundMutations.returnToStock,
    onSuccess: (r) => {
      message.success(t('outbound.returnForm.done', { number: r.number }));
      void invalidateOutbound(queryClient);
      onClose();
    },
    onError: (error) => {
      const mapped = applyFieldErrors(form, error, {
        mapPath: (path) =>
          path[0] === 'lines' && typeof path[1] === 'number'
            ? ['lines', bodyToForm.current[path[1]] ?? path[1], ...path.slice(2, 3)]
            : path,
      });
      if (mapped) message.error(t('outbound.form.fixFields'), 5);
      else message.error(error.message, 5);
    },
  });

  const submit = (v: ReturnValues) => {
    const chosen = v.lines.map((l, index) => ({ l, index })).filter(({ l }) => toMilli(l.quantity) > 0);
    if (chosen.length === 0) {
      message.error(t('outbound.returnForm.nothing'));
      return;
    }
    bodyToForm.current = chosen.map((c) => c.index);
    const body: IssueReturnInput = {
      id: order.id,
      returnedOn: v.returnedOn,
      reason: v.reason.trim(),
      lines: chosen.map(({ l, index }) => ({
        lineId: (out[index] as IssueLine).id,
        quantity: fromMilli(toMilli(l.quantity)),
        codes: l.codes ?? [],
      })),
    };
    send.mutate(body);
  };

  return (
    <Modal
      open={open}
      title={t('outbound.returnForm.title', { number: order.number })}
      okText={t('outbound.returnForm.submit')}
      cancelText={t('outbound.common.cancel')}
      cancelButtonProps={{ disabled: send.isPending }}
      confirmLoading={send.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      width={wide ? 720 : undefined}
      destroyOnHidden
    >
      <Form<ReturnValues>
        form={form}
        layout="vertical"
        onFinish={submit}
        scrollToFirstError
        initialValues={{ returnedOn: today, lines: out.map(() => ({ codes: [] })) }}
      >
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item
              name="returnedOn"
              label={t('outbound.returnForm.returnedOn')}
              rules={[
                ...rulesFrom(issueReturnBody, 'returnedOn'),
                {
                  validator: (_, v: string | undefined) => {
                    if (v && v < order.issuedOn) {
                      return Promise.reject(new Error(t('outbound.returnForm.beforeIssue', { date: order.issuedOn })));
                    }
                    if (v && v > today) return Promise.reject(new Error(t('outbound.returnForm.future')));
                    return Promise.resolve();
                  },
                },
              ]}
            >
              <Input type="date" aria-label={t('outbound.returnForm.returnedOn')} min={order.issuedOn} max={today} />
            </Form.Item>
          </Col>
          <Col xs={24} md={16}>
            <Form.Item
              name="reason"
              label={t('outbound.returnForm.reason')}
              rules={rulesFrom(issueReturnBody, 'reason')}
            >
              <Input.TextArea
                rows={2}
                maxLength={maxLengthOf(issueReturnBody.shape.reason)}
                showCount
                placeholder={t('outbound.returnForm.reasonPlaceholder')}
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.List name="lines">
          {(fields) => (
            <Space orientation="vertical" size={12} style={{ width: '100%' }}>
              {fields.map((field, index) => (
                <ReturnLine key={field.key} name={field.name} line={out[index] as IssueLine} />
              ))}
            </Space>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}

function ReturnLine({ name, line }: { name: number; line: IssueLine }) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const form = Form.useFormInstance<ReturnValues>();
  const coded = line.codes.length > 0;
  const unit = line.unitName;
  const returnable = formatQuantity(line.returnable);
  const material = `${line.materialName} ${line.specName}`;
  const onCodes = (chosen: string[]) => {
    const byCode = new Map(line.returnableCodes.map((c) => [c.code, c.quantity]));
    const sum = chosen.reduce((s, c) => s + toMilli(byCode.get(c) ?? 0), 0);
    form.setFieldValue(['lines', name, 'quantity'], chosen.length > 0 ? String(fromMilli(sum)) : undefined);
  };
  return (
    <Card size="small">
      <Typography.Paragraph style={{ marginBottom: 8, overflowWrap: 'anywhere' }}>
        {t('outbound.returnForm.lineFacts', {
          material: line.materialName,
          spec: line.specName,
          batch: line.batchNo,
          returnable,
          unit,
        })}
      </Typography.Paragraph>
      <Row gutter={12}>
        {coded && (
          <Col xs={24} md={16}>
            <Form.Item name={[name, 'codes']} label={t('outbound.returnForm.codes')}>
              <Select<string[]>
                mode="multiple"
                aria-label={t('outbound.returnForm.codesAria', { material })}
                onChange={onCodes}
                options={line.returnableCodes.map((c) => ({
                  value: c.code,
                  label: t('outbound.form.codeOption', { code: c.code, quantity: formatQuantity(c.quantity), unit }),
                }))}
              />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={coded ? 8 : 12}>
          <Form.Item
            name={[name, 'quantity']}
            label={t('outbound.returnForm.quantity')}
            rules={[
              {
                validator: (_, v: string | undefined) =>
                  toMilli(v) > toMilli(line.returnable)
                    ? Promise.reject(new Error(t('outbound.returnForm.overReturnable', { returnable, unit })))
                    : Promise.resolve(),
              },
            ]}
          >
            <NumericInput
              aria-label={t('outbound.returnForm.quantityAria', { material })}
              precision={3}
              min={0}
              suffix={unit || undefined}
              disabled={coded}
            />
          </Form.Item>
        </Col>
      </Row>
    </Card>
  );
}
