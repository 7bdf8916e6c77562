import type { OrganizationData } from '@jcbb/contract';
import { type OrgTypeValue, organizationSaveBody, orgTypeLabels, SELF_SERVICE_ORG_TYPES } from '@jcbb/contract';
import { useMutation } from '@tanstack/react-query';
import { Alert, App, Button, Form, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/TextInput.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { maxLengthOf, rulesFrom, zodRule } from '../../../lib/zod-rules.ts';
import { organizationApi } from '../api.ts';

interface Values {
  name: string;
  type?: number;
}

/** A user without an organisation creates one and becomes its enterprise administrator (POST /api/organization). */
export function CreateOrganizationForm({ onCreated }: { onCreated: (org: OrganizationData) => void }) {
  const { t, i18n } = useTranslation('organization');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [formError, setFormError] = useState<string | null>(null);
  const english = i18n.language.startsWith('en');

  const create = useMutation({
    mutationFn: (values: Values) => organizationApi.save({ name: values.name, type: values.type }),
    onSuccess: (org) => {
      message.success(t('noOrg.created'));
      onCreated(org);
    },
    onError: (error) => {
      setFormError(applyFieldErrors(form, error) ? null : error.message);
    },
  });

  return (
    <Form<Values> form={form} layout="vertical" onFinish={(v) => create.mutate(v)} style={{ maxWidth: 480 }}>
      <Form.Item name="name" label={t('noOrg.name')} rules={rulesFrom(organizationSaveBody, 'name')}>
        <TextInput
          maxLength={maxLengthOf(organizationSaveBody.shape.name)}
          placeholder={t('form.namePlaceholder')}
          autoComplete="organization"
        />
      </Form.Item>
      <Form.Item
        name="type"
        label={t('noOrg.type')}
        // Optional in the body for an update; creating an organisation needs it.
        rules={[zodRule(organizationSaveBody.shape.type.unwrap())]}
        extra={t('noOrg.typeNote')}
      >
        <Select
          placeholder={t('noOrg.typePlaceholder')}
          options={SELF_SERVICE_ORG_TYPES.map((type) => {
            const label = orgTypeLabels[type as OrgTypeValue];
            return { value: type, label: english ? label.en : label.zh };
          })}
        />
      </Form.Item>
      {formError ? <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} /> : null}
      <Button type="primary" htmlType="submit" loading={create.isPending}>
        {t('noOrg.submit')}
      </Button>
    </Form>
  );
}
