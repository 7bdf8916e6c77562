import { CARD_INTRO_MAX, CARD_NAME_MAX, CARD_PRODUCTS_MAX, CARD_TITLE_MAX, maskPhone } from '@jcbb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FileField, type UploadedFile } from '../../../components/FileField.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { type CardData, cardApi, cardKeys, productsQuery } from '../api.ts';
import { CARD_NS } from '../locales/register.ts';

export interface CardFormValues {
  displayName: string;
  title?: string;
  email?: string;
  introduction?: string;
  showPhone: boolean;
  wechatQr?: UploadedFile;
  productIds: number[];
  published: boolean;
}

export const formValuesOf = (data: CardData): CardFormValues => {
  const c = data.card;
  return {
    displayName: c?.displayName ?? data.member.name,
    title: c?.title ?? '',
    email: c?.email ?? '',
    introduction: c?.introduction ?? '',
    showPhone: c?.showPhone ?? false,
    wechatQr: c?.wechatQrUploadId ? { id: c.wechatQrUploadId, name: c.wechatQrName ?? '' } : undefined,
    productIds: c?.products.map((p) => p.id) ?? [],
    published: c?.published ?? false,
  };
};

/** The card's edit form; `onChange` feeds the live preview. */
export function CardForm({
  data,
  userId,
  onValues,
}: {
  data: CardData;
  userId?: number;
  onValues: (v: CardFormValues) => void;
}) {
  const { t } = useTranslation(CARD_NS);
  const { message } = App.useApp();
  const [form] = Form.useForm<CardFormValues>();
  const products = useQuery(productsQuery());
  const client = useQueryClient();
  useEffect(() => {
    form.setFieldsValue(formValuesOf(data));
    onValues(formValuesOf(data));
  }, [data, form, onValues]);
  const save = useMutation({
    mutationFn: (v: CardFormValues) =>
      cardApi.save({
        userId,
        displayName: v.displayName,
        title: v.title,
        email: v.email ?? '',
        introduction: v.introduction,
        showPhone: v.showPhone === true,
        wechatQrUploadId: v.wechatQr?.id ?? null,
        productIds: v.productIds ?? [],
        published: v.published === true,
      }),
    onSuccess: async () => {
      message.success(t('saved'));
      await client.invalidateQueries({ queryKey: cardKeys.card });
      await client.invalidateQueries({ queryKey: cardKeys.members });
    },
    onError: (error) => applyFieldErrors(form, error),
  });
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={(v) => save.mutate(v)}
      onValuesChange={(_, all) => onValues(all)}
      initialValues={formValuesOf(data)}
    >
      <Form.Item name="displayName" label={t('displayName')} rules={[{ required: true, message: t('displayName') }]}>
        <Input maxLength={CARD_NAME_MAX} />
      </Form.Item>
      <Form.Item name="title" label={t('cardTitle')}>
        <Input maxLength={CARD_TITLE_MAX} />
      </Form.Item>
      <Form.Item
        name="showPhone"
        valuePropName="checked"
        label={t('phone')}
        extra={t('phoneHint', { phone: data.member.mobile, masked: maskPhone(data.member.mobile) })}
      >
        <Checkbox>{t('showPhone')}</Checkbox>
      </Form.Item>
      <Form.Item name="email" label={t('email')}>
        <Input maxLength={100} type="email" />
      </Form.Item>
      <Form.Item name="introduction" label={t('introduction')}>
        <Input.TextArea rows={3} maxLength={CARD_INTRO_MAX} showCount />
      </Form.Item>
      <Form.Item name="wechatQr" label={t('wechatQr')}>
        <FileField
          types={{ extensions: ['png', 'jpg', 'jpeg', 'webp'] }}
          upload={(file) => cardApi.uploadQr(file)}
          text={{
            button: t('wechatQrUpload'),
            wrongType: t('wechatQrType'),
            tooLarge: t('wechatQrTooLarge'),
            failed: (reason) => t('wechatQrFailed', { reason }),
          }}
        />
      </Form.Item>
      <Form.Item name="productIds" label={t('products')} extra={t('productsHint', { max: CARD_PRODUCTS_MAX })}>
        <Select
          mode="multiple"
          maxCount={CARD_PRODUCTS_MAX}
          loading={products.isPending}
          optionFilterProp="label"
          options={(products.data?.list ?? []).map((p) => ({ value: p.id, label: p.name }))}
        />
      </Form.Item>
      <Form.Item name="published" valuePropName="checked">
        <Checkbox>{t('published')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending}>
        {t('save')}
      </Button>
    </Form>
  );
}
