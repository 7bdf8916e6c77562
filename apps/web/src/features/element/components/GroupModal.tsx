import { groupUpdateBody, scenarioLabels } from '@jcbb/contract';
import { useMutation } from '@tanstack/react-query';
import { App, Form, InputNumber, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/TextInput.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { ApiError } from '../../../lib/http.ts';
import { maxLengthOf, rulesFrom } from '../../../lib/zod-rules.ts';
import { type AdminGroupItem, elementApi } from '../api.ts';

interface Values {
  name: string;
  scenario: number;
  sort: number;
}

export const scenarioOptions = Object.entries(scenarioLabels).map(([value, label]) => ({
  value: Number(value),
  label,
}));

/** Create a group for a city (or nationwide: cityCode null), or edit one. */
export function GroupModal({
  open,
  group,
  cityCode,
  scenario,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The group to edit; none: a new one. */
  group: AdminGroupItem | null;
  /** The city of a new group; null: nationwide. */
  cityCode: string | null;
  scenario: number;
  onClose: () => void;
  onSaved: (id: number) => void;
}) {
  const { t } = useTranslation('element');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      group ? { name: group.name, scenario: group.scenario, sort: group.sort } : { name: '', scenario, sort: 0 },
    );
  }, [open, group, scenario, form]);

  const save = useMutation({
    mutationFn: (v: Values) =>
      group ? elementApi.updateGroup(group.id, v) : elementApi.createGroup({ ...v, cityCode }),
    onSuccess: (saved) => {
      message.success(group ? t('admin.saved') : t('admin.created'));
      onSaved(saved.id);
    },
    onError: (error) => {
      if (!(error instanceof ApiError) || !applyFieldErrors(form, error)) {
        message.error(error.message);
      }
    },
  });

  return (
    <Modal
      open={open}
      title={group ? t('admin.editGroup') : t('admin.addGroup')}
      okText={t('admin.ok')}
      cancelText={t('admin.cancel')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
        {/* The name's schema is the same in the create and the update body. */}
        <Form.Item name="name" label={t('admin.groupName')} rules={rulesFrom(groupUpdateBody, 'name')}>
          <TextInput maxLength={maxLengthOf(groupUpdateBody.shape.name)} />
        </Form.Item>
        {/* The body defaults an absent scenario; the form asks for one. */}
        <Form.Item name="scenario" label={t('admin.scenario')} rules={[{ required: true }]}>
          <Select options={scenarioOptions} />
        </Form.Item>
        <Form.Item name="sort" label={t('admin.sort')} extra={t('admin.sortHint')}>
          <InputNumber min={0} max={100000} precision={0} style={{ width: 160 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
