import { INSPECTION_FILES_MAX, inspectionRecordCreateBody } from '@jcbb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, DatePicker, Form, Input, Modal, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { FileField, type UploadedFile } from '../../../components/FileField.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { maxLengthOf, rulesFrom } from '../../../lib/zod-rules.ts';
import { inspectionFiles, inspectionMutations, inspectionQueries, invalidateInspections } from '../api.ts';
import { INSPECTION_NS } from '../locales/register.ts';
import { inspectionLabels } from './labels.ts';

interface Values {
  subjectOrgId?: number;
  kind?: 'surveillance' | 'spot_check' | 'random';
  inspectedOn?: Dayjs;
  inspectorName?: string;
  productIds?: number[];
  result?: 'pass' | 'fail' | 'rectify';
  rectificationDeadline?: Dayjs;
  findings?: string;
  evidence?: UploadedFile[];
}

const day = (d: Dayjs | undefined) => d?.format('YYYY-MM-DD');

/** An inspector's new record: an overseen organisation, what was inspected and found, evidence; the subject is told. */
export function CreateRecordModal({
  open,
  onClose,
  defaultKind,
}: {
  open: boolean;
  onClose: () => void;
  defaultKind: Values['kind'];
}) {
  const { t, i18n } = useTranslation(INSPECTION_NS);
  const labels = inspectionLabels(i18n.language.startsWith('en'));
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const subjects = useQuery({ ...inspectionQueries.subjects(), enabled: open });
  const subjectId = Form.useWatch('subjectOrgId', form);
  const result = Form.useWatch('result', form);
  const products = subjects.data?.list.find((s) => s.id === subjectId)?.products ?? [];
  const create = useMutation({
    ...inspectionMutations.create,
    onSuccess: async () => {
      message.success(t('form.done'));
      await invalidateInspections(queryClient);
      form.resetFields();
      onClose();
    },
    onError: (error) => {
      const mapped = applyFieldErrors(form, error, {
        mapPath: (path) => (path[0] === 'evidenceUploadIds' ? ['evidence'] : path),
      });
      if (!mapped) message.error(error.message);
    },
  });
  const submit = (v: Values) =>
    create.mutate({
      subjectOrgId: v.subjectOrgId as number,
      kind: v.kind as NonNullable<Values['kind']>,
      inspectedOn: day(v.inspectedOn) as string,
      inspectorName: (v.inspectorName ?? '').trim(),
      productIds: v.productIds ?? [],
      result: v.result as NonNullable<Values['result']>,
      rectificationDeadline: v.result === 'pass' ? undefined : day(v.rectificationDeadline),
      findings: (v.findings ?? '').trim(),
      evidenceUploadIds: (v.evidence ?? []).map((f) => f.id),
    });
  const noSubjects = subjects.isSuccess && subjects.data.list.length === 0;
  return (
    <Modal
      open={open}
      title={t('form.title')}
      okText={t('form.submit')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      okButtonProps={{ disabled: noSubjects }}
      destroyOnHidden
      width={640}
    >
      {noSubjects && <Alert type="info" showIcon message={t('records.noSubjects')} style={{ marginBottom: 16 }} />}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ kind: defaultKind, inspectedOn: dayjs(), result: 'rectify' }}
        onFinish={submit}
      >
        <Form.Item
          name="subjectOrgId"
          label={t('form.subject')}
          rules={rulesFrom(inspectionRecordCreateBody, 'subjectOrgId')}
        >
          <Select
            showSearch
            optionFilterProp="label"
            loading={subjects.isLoading}
            placeholder={t('form.subjectPlaceholder')}
            options={(subjects.data?.list ?? []).map((s) => ({ value: s.id, label: s.name }))}
            onChange={() => form.setFieldValue('productIds', [])}
          />
        </Form.Item>
        <Form.Item name="kind" label={t('records.kind')} rules={rulesFrom(inspectionRecordCreateBody, 'kind')}>
          <Select options={labels.kindOptions} />
        </Form.Item>
        <Form.Item
          name="inspectedOn"
          label={t('records.inspectedOn')}
          rules={[{ required: true, message: '请选择检查日期' }]}
        >
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isAfter(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item
          name="inspectorName"
          label={t('records.inspectorName')}
          rules={rulesFrom(inspectionRecordCreateBody, 'inspectorName')}
        >
          <Input maxLength={maxLengthOf(inspectionRecordCreateBody.shape.inspectorName)} />
        </Form.Item>
        <Form.Item name="productIds" label={t('form.products')}>
          <Select
            mode="multiple"
            optionFilterProp="label"
            disabled={!subjectId}
            options={products.map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <Form.Item name="result" label={t('records.result')} rules={rulesFrom(inspectionRecordCreateBody, 'result')}>
          <Select options={labels.resultOptions} />
        </Form.Item>
        {result !== 'pass' && (
          <Form.Item
            name="rectificationDeadline"
            label={t('records.deadline')}
            rules={result === 'rectify' ? [{ required: true, message: '限期整改须填写整改期限' }] : []}
          >
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item name="findings" label={t('form.findings')} rules={rulesFrom(inspectionRecordCreateBody, 'findings')}>
          <Input.TextArea
            rows={4}
            placeholder={t('form.findingsPlaceholder')}
            maxLength={maxLengthOf(inspectionRecordCreateBody.shape.findings)}
            showCount
          />
        </Form.Item>
        <Form.Item
          name="evidence"
          label={t('form.evidence')}
          extra={t('form.evidenceHelp', { max: INSPECTION_FILES_MAX })}
        >
          <FileField
            multiple
            maxCount={INSPECTION_FILES_MAX}
            upload={(file) => inspectionFiles.upload(file)}
            text={{
              button: t('form.addFile'),
              tooLarge: t('form.tooLarge'),
              tooMany: t('form.tooMany', { max: INSPECTION_FILES_MAX }),
              failed: (reason) => t('form.failed', { reason }),
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
