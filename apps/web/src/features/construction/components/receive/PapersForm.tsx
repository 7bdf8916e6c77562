import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { type DeliveryDetail, invalidateReceiving, receiveMutations } from '../../api.ts';
import { CONSTRUCTION_NS } from '../../locales/register.ts';
import { PaperFields, type PaperValues, paperBody, paperFieldPath } from './PaperFields.tsx';

/**
 * 补充单据: a delivery's papers added or corrected after the goods (the invoice often comes later) — its numbers,
 * files and remark as they are now, saved whole (`deliveryPapers`). The receiving construction unit only.
 */
export function PapersForm({
  delivery,
  onDone,
  onCancel,
}: {
  delivery: DeliveryDetail;
  onDone?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation(CONSTRUCTION_NS);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<PaperValues>();
  const save = useMutation({
    ...receiveMutations.papers,
    onSuccess: async () => {
      await invalidateReceiving(queryClient);
      message.success(t('papers.saved'));
      onDone?.();
    },
    onError: (error) => {
      const mapped = applyFieldErrors(form, error, { mapPath: paperFieldPath });
      message.error(mapped ? t('receive.form.fixFields') : error.message, 5);
    },
  });
  return (
    <Form<PaperValues>
      form={form}
      layout="vertical"
      onFinish={(v) => save.mutate({ id: delivery.id, ...paperBody(v) })}
      initialValues={{
        deliveryNoteNo: delivery.deliveryNoteNo ?? undefined,
        invoiceNo: delivery.invoiceNo ?? undefined,
        deliveryNotes: delivery.deliveryNotes.map((f) => ({ id: f.uploadId, name: f.name })),
        invoices: delivery.invoices.map((f) => ({ id: f.uploadId, name: f.name })),
        remarks: delivery.remarks ?? undefined,
      }}
    >
      <PaperFields />
      <Flex justify="flex-end" gap={8}>
        {onCancel && <Button onClick={onCancel}>{t('site.cancel')}</Button>}
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('papers.save')}
        </Button>
      </Flex>
    </Form>
  );
}
