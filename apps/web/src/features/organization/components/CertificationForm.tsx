import { type CertificationBody, certificationBody } from '@jcbb/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Col, Form, Row, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/TextInput.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { ApiError } from '../../../lib/http.ts';
import { maxLengthOf, rulesFrom } from '../../../lib/zod-rules.ts';
import { orgNaturesQuery, RegionCascader } from '../../reference/public.ts';
import { type CertificationItem, organizationApi } from '../api.ts';
import { LicenseUpload, type LicenseValue } from './LicenseUpload.tsx';

export interface CertificationFormValues {
  name: string;
  nature?: number;
  regionCode?: string;
  creditCode: string;
  address: string;
  legalPerson: string;
  contactName: string;
  contactPhone: string;
  license?: LicenseValue;
}

const FIELDS: (keyof CertificationFormValues)[] = [
  'name',
  'nature',
  'regionCode',
  'creditCode',
  'address',
  'legalPerson',
  'contactName',
  'contactPhone',
  'license',
];
/** Server field names that the form calls otherwise. */
const RENAMED: Record<string, keyof CertificationFormValues> = { licenseUploadId: 'license' };
const formField = (serverField: string) => FIELDS.find((f) => f === (RENAMED[serverField] ?? serverField)) ?? null;

export function toCertificationBody(values: CertificationFormValues): CertificationBody {
  return {
    name: values.name,
    nature: values.nature ?? 0,
    regionCode: values.regionCode ?? '',
    creditCode: values.creditCode.trim().toUpperCase(),
    address: values.address,
    legalPerson: values.legalPerson,
    contactName: values.contactName,
    contactPhone: values.contactPhone.trim(),
    licenseUploadId: values.license?.id ?? 0,
  };
}

/**
 * The certification form of the enterprise administrator (issue 3 item 6). Checked here with the contract's
 * validators, and again by the server, whose per-field messages land on their fields.
 */
export function CertificationForm({
  initialValues,
  initialRegionNames,
  onSubmitted,
}: {
  initialValues: Partial<CertificationFormValues>;
  /** Division names of initialValues.regionCode (the record's regionPath), shown as the form opens. */
  initialRegionNames?: string[];
  onSubmitted: (item: CertificationItem) => void;
}) {
  const { t, i18n } = useTranslation('organization');
  const { message } = App.useApp();
  const [form] = Form.useForm<CertificationFormValues>();
  const [formError, setFormError] = useState<string | null>(null);
  const natures = useQuery(orgNaturesQuery());
  const english = i18n.language.startsWith('en');

  const submit = useMutation({
    mutationFn: (values: CertificationFormValues) => organizationApi.submitCertification(toCertificationBody(values)),
    onSuccess: (item) => {
      setFormError(null);
      message.success(t('form.submitted'));
      onSubmitted(item);
    },
    onError: (error) => {
      const placed = applyFieldErrors(form, error, { rename: RENAMED });
      const fields = error instanceof ApiError ? Object.keys(error.fieldErrors) : [];
      const first = fields.map(formField).find((name) => name !== null);
      if (placed && first) form.scrollToField(first, { block: 'center' });
      // Messages that belong to no field of the form (a state conflict, say) show above the button.
      setFormError(placed && fields.every((f) => formField(f)) ? t('form.fixErrors') : error.message);
    },
  });

  return (
    <Form<CertificationFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={(values) => submit.mutate(values)}
      onValuesChange={() => formError && setFormError(null)}
      scrollToFirstError={{ block: 'center' }}
      requiredMark
    >
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('form.name')} rules={rulesFrom(certificationBody, 'name')}>
            <TextInput
              maxLength={maxLengthOf(certificationBody.shape.name)}
              placeholder={t('form.namePlaceholder')}
              autoComplete="organization"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="creditCode"
            label={t('form.creditCode')}
            normalize={(v: string | undefined) => v?.toUpperCase()}
            rules={rulesFrom(certificationBody, 'creditCode')}
            validateDebounce={300}
          >
            {/* 18: the code's length, which the schema checks by pattern rather than by .max. */}
            <TextInput maxLength={18} placeholder={t('form.creditCodePlaceholder')} autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="nature" label={t('form.nature')} rules={rulesFrom(certificationBody, 'nature')}>
            <Select
              loading={natures.isLoading}
              placeholder={t('nature.placeholder', { ns: 'reference' })}
              options={(natures.data ?? []).map((n) => ({ value: n.code, label: english ? n.enName : n.name }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="regionCode" label={t('form.region')} rules={rulesFrom(certificationBody, 'regionCode')}>
            <RegionCascader
              knownNames={
                initialValues.regionCode && initialRegionNames
                  ? { code: initialValues.regionCode, names: initialRegionNames }
                  : undefined
              }
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="address" label={t('form.address')} rules={rulesFrom(certificationBody, 'address')}>
            <TextInput maxLength={maxLengthOf(certificationBody.shape.address)} autoComplete="street-address" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="legalPerson"
            label={t('form.legalPerson')}
            rules={rulesFrom(certificationBody, 'legalPerson')}
          >
            <TextInput maxLength={maxLengthOf(certificationBody.shape.legalPerson)} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="contactName"
            label={t('form.contactName')}
            rules={rulesFrom(certificationBody, 'contactName')}
          >
            <TextInput maxLength={maxLengthOf(certificationBody.shape.contactName)} autoComplete="name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="contactPhone"
            label={t('form.contactPhone')}
            rules={rulesFrom(certificationBody, 'contactPhone')}
          >
            {/* The schema checks the number's form (mobile or landline) and sets no .max: the box keeps its limit. */}
            <TextInput
              maxLength={20}
              placeholder={t('form.contactPhonePlaceholder')}
              autoComplete="tel"
              inputMode="tel"
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="license"
            label={t('form.license')}
            rules={[{ required: true, message: t('form.required.license') }]}
            extra={t('upload.hint')}
          >
            <LicenseUpload />
          </Form.Item>
        </Col>
      </Row>
      {formError ? <Alert type="error" showIcon title={formError} style={{ marginBottom: 16 }} /> : null}
      <Typography.Paragraph type="secondary">{t('form.submitNote')}</Typography.Paragraph>
      <Button type="primary" htmlType="submit" loading={submit.isPending}>
        {t('form.submit')}
      </Button>
    </Form>
  );
}
