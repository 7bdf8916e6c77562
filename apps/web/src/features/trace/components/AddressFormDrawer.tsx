import { addressKindLabels, addressSaveBody } from '@jcbb/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Drawer, Flex, Form, Grid, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/TextInput.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { maxLengthOf, rulesFrom } from '../../../lib/zod-rules.ts';
import { RegionCascader } from '../../reference/public.ts';
import { type Address, type AddressSaveBody, addressMutations, invalidateAddresses } from '../api.ts';
import { TRACE_NS } from '../locales/register.ts';
import { labelOptions } from './code-labels.ts';

type Values = Omit<AddressSaveBody, 'id'>;

const blank: Partial<Values> = { isDefault: false, enabled: true };

const toValues = (a: Address): Values => ({
  kind: a.kind,
  name: a.name,
  regionCode: a.regionCode,
  detail: a.detail,
  contactName: a.contactName,
  contactPhone: a.contactPhone,
  isDefault: a.isDefault,
  enabled: a.enabled,
});

/**
 * 新增 / 编辑地址 in a drawer (full width on a phone). The fields check with the contract's rules; what the server
 * still refuses comes back per field (400) and shows under the field.
 */
export function AddressFormDrawer({
  open,
  address,
  defaultKind,
  onClose,
}: {
  open: boolean;
  /** The address edited; none to add one. */
  address: Address | null;
  /** The kind a new address starts with (the list's filter). */
  defaultKind?: Values['kind'];
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(TRACE_NS);
  const english = i18n.language.startsWith('en');
  const wide = Grid.useBreakpoint().md ?? true;
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(address ? toValues(address) : { ...blank, kind: defaultKind });
  }, [open, address, defaultKind, form]);

  const save = useMutation({
    ...addressMutations.save,
    onSuccess: () => {
      message.success(t('address.saved'));
      void invalidateAddresses(queryClient);
      onClose();
    },
    onError: (error) => {
      if (!applyFieldErrors(form, error)) message.error(error.message, 5);
    },
  });

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={address ? t('address.editTitle') : t('address.createTitle')}
      size={wide ? 560 : '100%'}
      forceRender
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={save.isPending} onClick={() => form.submit()}>
            {t('common.save')}
          </Button>
        </Flex>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={blank}
        onFinish={(v) => save.mutate({ ...v, ...(address ? { id: address.id } : {}) })}
        scrollToFirstError
      >
        <Form.Item name="kind" label={t('address.kind')} rules={rulesFrom(addressSaveBody, 'kind')}>
          <Select aria-label={t('address.kind')} options={labelOptions(addressKindLabels, english)} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('address.name')}
          extra={t('address.nameHelp')}
          rules={rulesFrom(addressSaveBody, 'name')}
        >
          <TextInput maxLength={maxLengthOf(addressSaveBody.shape.name)} />
        </Form.Item>
        <Form.Item name="regionCode" label={t('address.region')} rules={rulesFrom(addressSaveBody, 'regionCode')}>
          <RegionCascader
            aria-label={t('address.region')}
            knownNames={address ? { code: address.regionCode, names: address.regionName.split(/\s+/) } : undefined}
          />
        </Form.Item>
        <Form.Item name="detail" label={t('address.detail')} rules={rulesFrom(addressSaveBody, 'detail')}>
          <TextInput maxLength={maxLengthOf(addressSaveBody.shape.detail)} />
        </Form.Item>
        <Flex gap={16} wrap>
          <Form.Item
            name="contactName"
            label={t('address.contactName')}
            rules={rulesFrom(addressSaveBody, 'contactName')}
            style={{ flex: '1 1 200px' }}
          >
            <TextInput maxLength={maxLengthOf(addressSaveBody.shape.contactName)} />
          </Form.Item>
          <Form.Item
            name="contactPhone"
            label={t('address.contactPhone')}
            rules={rulesFrom(addressSaveBody, 'contactPhone')}
            style={{ flex: '1 1 200px' }}
          >
            <TextInput maxLength={11} inputMode="tel" />
          </Form.Item>
        </Flex>
        <Flex gap={32} wrap>
          <Form.Item
            name="isDefault"
            label={t('address.isDefault')}
            extra={t('address.isDefaultHelp')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item
            name="enabled"
            label={t('address.enabled')}
            extra={t('address.enabledHelp')}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
        </Flex>
      </Form>
    </Drawer>
  );
}
