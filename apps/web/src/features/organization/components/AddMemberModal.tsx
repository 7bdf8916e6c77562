import { memberCreateBody } from '@jcbb/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/TextInput.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { maxLengthOf, rulesFrom } from '../../../lib/zod-rules.ts';
import { type MemberCreated, organizationApi } from '../api.ts';

interface Values {
  mobile: string;
  realName: string;
}

/** 添加员工: mobile and real name; the server answers the generated password once. */
export function AddMemberModal({
  open,
  onClose,
  onAdded,
}: {
  open: boolean;
  onClose: () => void;
  onAdded: (member: MemberCreated) => void;
}) {
  const { t } = useTranslation('organization');
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string | null>(null);

  const add = useMutation({
    mutationFn: (values: Values) =>
      organizationApi.addMember({ mobile: values.mobile.trim(), realName: values.realName }),
    onSuccess: (member) => {
      form.resetFields();
      setFormError(null);
      onAdded(member);
    },
    onError: (error) => {
      setFormError(applyFieldErrors(form, error) ? null : error.message);
    },
  });

  return (
    <Modal
      open={open}
      title={t('members.addTitle')}
      okText={t('members.addOk')}
      cancelText={t('common.cancel')}
      confirmLoading={add.isPending}
      onOk={() => form.submit()}
      onCancel={() => {
        form.resetFields();
        setFormError(null);
        onClose();
      }}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" onFinish={(v) => add.mutate(v)} preserve={false}>
        <Form.Item
          name="mobile"
          label={t('members.mobile')}
          normalize={(v: string) => v.replace(/\s/g, '')}
          rules={rulesFrom(memberCreateBody, 'mobile')}
        >
          {/* 15: a mobile with its +86 / 0086 (the schema checks the form, it sets no .max). */}
          <TextInput maxLength={15} inputMode="tel" autoComplete="off" />
        </Form.Item>
        <Form.Item name="realName" label={t('members.realName')} rules={rulesFrom(memberCreateBody, 'realName')}>
          <TextInput maxLength={maxLengthOf(memberCreateBody.shape.realName)} autoComplete="off" />
        </Form.Item>
        {formError ? <Alert type="error" showIcon title={formError} /> : null}
      </Form>
    </Modal>
  );
}
