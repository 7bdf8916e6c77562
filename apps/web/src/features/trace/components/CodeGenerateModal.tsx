import { type CodeLevelValue, codeGenerateBody } from '@jcbb/contract';
import { formatQuantity } from '@jcbb/contract/quantity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Col, Form, Modal, Row, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { NumericInput } from '../../../components/NumericInput.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { rulesFrom, zodRule } from '../../../lib/zod-rules.ts';
import { invalidateLots, type LotDetail, lotMutations } from '../api.ts';
import { TRACE_NS } from '../locales/register.ts';
import { traceLabels } from './code-labels.ts';

interface Values {
  count: string;
  level: CodeLevelValue;
  unitsPerItem: string;
  itemsPerPackage?: string;
}

/** The levels offered here: a code per item, or a code per package with its items' codes under it. */
const LEVELS: CodeLevelValue[] = ['item', 'package'];

/**
 * 生成追溯码 for a lot: how many top-level codes, at which level, the units one item code stands for, and for
 * packages the items in each. The preview says what will be made and how much of the lot it covers.
 */
export function CodeGenerateModal({ open, lot, onClose }: { open: boolean; lot: LotDetail; onClose: () => void }) {
  const { t, i18n } = useTranslation(TRACE_NS);
  const labels = traceLabels(i18n.language.startsWith('en'));
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const count = Number(Form.useWatch('count', form) || 0);
  const level = Form.useWatch('level', form) ?? 'item';
  const units = Number(Form.useWatch('unitsPerItem', form) || 0);
  const perPackage = Number(Form.useWatch('itemsPerPackage', form) || 0);
  const items = level === 'package' ? count * perPackage : count;
  const covers = items * units;
  const uncoded = Math.max(0, lot.quantity - lot.codedQuantity);

  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const generate = useMutation({
    ...lotMutations.generateCodes,
    onSuccess: (done) => {
      message.success(t('codes.generated', { count: done.count }));
      void invalidateLots(queryClient);
      onClose();
    },
    onError: (error) => {
      if (!applyFieldErrors(form, error)) message.error(error.message, 5);
    },
  });

  const submit = (v: Values) =>
    generate.mutate({
      lotId: lot.id,
      count: Number(v.count),
      level: v.level,
      unitsPerItem: Number(v.unitsPerItem),
      itemsPerPackage: v.level === 'package' ? Number(v.itemsPerPackage) : undefined,
    });

  return (
    <Modal
      open={open}
      title={t('codes.generateTitle', { batchNo: lot.batchNo })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('codes.generate')}
      cancelText={t('common.cancel')}
      confirmLoading={generate.isPending}
      forceRender
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={{ level: 'item', unitsPerItem: '1' }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="level" label={t('codes.level')} rules={rulesFrom(codeGenerateBody, 'level')}>
              <Select
                aria-label={t('codes.level')}
                options={LEVELS.map((l) => ({ value: l, label: labels.codeLevel(l) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="count"
              label={level === 'package' ? t('codes.packageCount') : t('codes.itemCount')}
              rules={rulesFrom(codeGenerateBody, 'count')}
            >
              <NumericInput precision={0} min={0} aria-label={t('codes.count')} />
            </Form.Item>
          </Col>
          {level === 'package' && (
            <Col xs={24} md={12}>
              <Form.Item
                name="itemsPerPackage"
                label={t('codes.itemsPerPackage')}
                rules={[
                  { required: true, message: t('codes.itemsPerPackageRequired') },
                  zodRule(codeGenerateBody.shape.itemsPerPackage),
                ]}
              >
                <NumericInput precision={0} min={0} aria-label={t('codes.itemsPerPackage')} />
              </Form.Item>
            </Col>
          )}
          <Col xs={24} md={12}>
            <Form.Item
              name="unitsPerItem"
              label={t('codes.unitsPerItem', { unit: lot.unitName })}
              extra={t('codes.unitsPerItemHelp')}
              rules={rulesFrom(codeGenerateBody, 'unitsPerItem')}
            >
              <NumericInput precision={3} min={0} aria-label={t('codes.unitsPerItemShort')} />
            </Form.Item>
          </Col>
        </Row>
        <Alert
          type={covers > uncoded ? 'warning' : 'info'}
          showIcon
          title={
            count > 0
              ? t(level === 'package' ? 'codes.previewPackages' : 'codes.previewItems', {
                  count,
                  items: formatQuantity(items),
                  covers: formatQuantity(covers),
                  unit: lot.unitName,
                })
              : t('codes.previewNone')
          }
          description={t('codes.uncoded', { quantity: formatQuantity(uncoded), unit: lot.unitName })}
        />
      </Form>
    </Modal>
  );
}
