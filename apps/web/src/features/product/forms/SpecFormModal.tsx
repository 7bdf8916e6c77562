import type { SpecItem } from '@jcbb/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Form, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { ApiError } from '../../../lib/http.ts';
import { pendingReviewText } from '../../revision/public.ts';
import { productApi } from '../api.ts';
import { emptySpec, massOf, SpecFields, type SpecFormValues } from './SpecFields.tsx';

export interface SpecFormModalProps {
  open: boolean;
  productId: number;
  /** The specification being edited; none to add one. */
  spec?: SpecItem | null;
  onClose: () => void;
  onSaved: () => void;
}

export const specToValues = (spec: SpecItem): SpecFormValues => ({
  name: spec.name,
  model: spec.model,
  unitId: spec.unitId,
  price: spec.price ?? '',
  minOrder: spec.minOrder === null ? '' : String(Number(spec.minOrder)),
  massPerUnitKg: spec.massPerUnitKg ?? '',
  status: spec.status,
});

/** Add or edit one specification model of a product (productSpecificationsModel/update). */
export function SpecFormModal({ open, productId, spec, onClose, onSaved }: SpecFormModalProps) {
  const { t } = useTranslation('product');
  const { message } = App.useApp();
  const [form] = Form.useForm<SpecFormValues>();

  useEffect(() => {
    if (open) form.setFieldsValue(spec ? specToValues(spec) : { ...emptySpec, unitId: undefined });
  }, [open, spec, form]);

  const save = useMutation({
    mutationFn: (values: SpecFormValues) =>
      productApi.saveSpec({
        ...(spec ? { id: spec.id } : {}),
        productId,
        name: values.name,
        model: values.model,
        unitId: values.unitId as number,
        price: values.price,
        minOrder: values.minOrder,
        massPerUnitKg: massOf(values),
        status: values.status,
      }),
    onSuccess: (saved) => {
      const pending = pendingReviewText(saved);
      if (pending) message.info(pending, 8);
      else message.success(t('common.saved'));
      onSaved();
    },
    onError: (error) => {
      if (!applyFieldErrors(form, error) && error instanceof ApiError) message.error(error.message);
    },
  });

  return (
    <Modal
      open={open}
      title={spec ? t('spec.editTitle') : t('spec.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={640}
      forceRender
    >
      <Form<SpecFormValues>
        form={form}
        layout="vertical"
        onFinish={(values) => save.mutate(values)}
        initialValues={emptySpec}
      >
        <SpecFields />
      </Form>
    </Modal>
  );
}
