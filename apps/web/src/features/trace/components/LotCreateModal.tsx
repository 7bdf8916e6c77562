import { lotCreateBody, MAX_UPLOAD_MB } from '@jcbb/contract';
import { shanghaiToday } from '@jcbb/contract/time';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Col, Form, Input, Modal, Row, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FileField, type UploadedFile } from '../../../components/FileField.tsx';
import { NumericInput } from '../../../components/NumericInput.tsx';
import { TextInput } from '../../../components/TextInput.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { openFetched } from '../../../lib/open-blob.ts';
import { maxLengthOf, rulesFrom, zodRule } from '../../../lib/zod-rules.ts';
import { invalidateLots, lotFiles, lotMutations, type ProductWithSpecs } from '../api.ts';
import { TRACE_NS } from '../locales/register.ts';

interface Values {
  specId?: number;
  batchNo: string;
  productionDate: string;
  expiryDate?: string;
  /** As typed (three decimals at most). */
  quantity: string;
  qualityDocs?: UploadedFile[];
}

/** The contract's limit of qualityDocUploadIds. */
const MAX_DOCS = 10;
/** The server's field names are the form's, except the uploads (kept with their names here). */
const FORM_FIELD: Record<string, string> = { qualityDocUploadIds: 'qualityDocs' };

/**
 * 新建批次 of one product: a specification, the batch number (GB/T 33993 rule from the contract), production and
 * expiry dates, the quantity made (it enters the maker's stock) and the quality documents. Answers the new lot's id.
 */
export function LotCreateModal({
  open,
  product,
  onClose,
  onCreated,
}: {
  open: boolean;
  product: ProductWithSpecs;
  onClose: () => void;
  onCreated: (lotId: number) => void;
}) {
  const { t } = useTranslation(TRACE_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const specs = product.specs;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ productionDate: shanghaiToday(), specId: specs.length === 1 ? specs[0]?.id : undefined });
  }, [open, specs, form]);

  const create = useMutation({
    ...lotMutations.create,
    onSuccess: ({ id }) => {
      message.success(t('lot.created'));
      void invalidateLots(queryClient);
      onCreated(id);
    },
    onError: (error) => {
      if (!applyFieldErrors(form, error, { rename: FORM_FIELD })) message.error(error.message, 5);
    },
  });

  const submit = (v: Values) =>
    create.mutate({
      specId: v.specId as number,
      batchNo: v.batchNo,
      productionDate: v.productionDate,
      expiryDate: v.expiryDate || undefined,
      quantity: Number(v.quantity),
      qualityDocUploadIds: (v.qualityDocs ?? []).map((f) => f.id),
    });

  return (
    <Modal
      open={open}
      title={t('lot.createTitle', { product: product.name })}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={create.isPending}
      width={640}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} scrollToFirstError>
        <Form.Item
          name="specId"
          label={t('lot.spec')}
          rules={rulesFrom(lotCreateBody, 'specId')}
          extra={specs.length === 0 ? t('lot.noSpecs') : undefined}
        >
          <Select
            aria-label={t('lot.spec')}
            showSearch={{ optionFilterProp: 'label' }}
            options={specs.map((s) => ({ value: s.id, label: `${s.name} ${s.model}（${s.unitName}）` }))}
          />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="batchNo"
              label={t('lot.batchNo')}
              extra={t('lot.batchNoHelp')}
              rules={rulesFrom(lotCreateBody, 'batchNo')}
            >
              <TextInput maxLength={maxLengthOf(lotCreateBody.shape.batchNo)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="quantity"
              label={t('lot.quantity')}
              extra={t('lot.quantityHelp')}
              rules={rulesFrom(lotCreateBody, 'quantity')}
            >
              <NumericInput precision={3} min={0} aria-label={t('lot.quantity')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="productionDate"
              label={t('lot.productionDate')}
              rules={rulesFrom(lotCreateBody, 'productionDate')}
            >
              <Input type="date" aria-label={t('lot.productionDate')} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="expiryDate"
              label={t('lot.expiryDate')}
              dependencies={['productionDate']}
              rules={[
                zodRule(lotCreateBody.shape.expiryDate),
                ({ getFieldValue }) => ({
                  validator: (_, v: string | undefined) =>
                    v && getFieldValue('productionDate') && v < getFieldValue('productionDate')
                      ? Promise.reject(new Error(t('lot.expiryBeforeProduction')))
                      : Promise.resolve(),
                }),
              ]}
            >
              <Input type="date" aria-label={t('lot.expiryDate')} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item name="qualityDocs" label={t('lot.qualityDocs')} extra={t('lot.qualityDocsHelp')}>
          <FileField
            multiple
            maxCount={MAX_DOCS}
            upload={lotFiles.upload}
            open={(file) => void openFetched(() => lotFiles.open(file.id), file.name)}
            text={{
              button: t('lot.upload'),
              tooLarge: t('lot.tooLarge', { mb: MAX_UPLOAD_MB }),
              tooMany: t('lot.tooMany', { max: MAX_DOCS }),
              failed: (reason) => t('lot.uploadFailed', { reason }),
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
