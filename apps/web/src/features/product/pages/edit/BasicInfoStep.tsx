import { productSaveBody } from '@jcbb/contract';
import { MaterialType, ProductEnableStatus } from '@jcbb/contract/enums';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, Flex, Form, Input, Radio, Row, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ClassificationSelect } from '../../../../components/ClassificationSelect.tsx';
import { TextInput } from '../../../../components/TextInput.tsx';
import { applyFieldErrors } from '../../../../lib/form-errors.ts';
import { ApiError } from '../../../../lib/http.ts';
import { maxLengthOf, rulesFrom } from '../../../../lib/zod-rules.ts';
import { pendingReviewText, revisionKeys, revisionQueries } from '../../../revision/public.ts';
import { invalidateProductCentre, type ProductDetail, productApi } from '../../api.ts';
import type { UploadedRef } from '../../components/FileUpload.tsx';
import { ImageUpload } from '../../components/ImageUpload.tsx';
import { MAX_IMAGES } from '../../labels.ts';

export interface BasicInfoValues {
  name: string;
  brand?: string;
  classifyCode?: string;
  materialType: number;
  description?: string;
  images: UploadedRef[];
  recommended: boolean;
}

const toValues = (p: ProductDetail): BasicInfoValues => ({
  name: p.name,
  brand: p.brand ?? '',
  classifyCode: p.classifyCode,
  materialType: p.materialType,
  description: p.description ?? '',
  images: p.images,
  recommended: p.recommended,
});

export interface BasicInfoStepProps {
  product: ProductDetail | null;
  /** Called with the product's id once saved (a new product gets its id here). */
  onSaved: (id: number) => void;
}

/** Step 1: name, brand, classification, material type, description, images. Saved on "save and continue". */
export function BasicInfoStep({ product, onSaved }: BasicInfoStepProps) {
  const { t } = useTranslation('product');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<BasicInfoValues>();

  useEffect(() => {
    if (product) form.setFieldsValue(toValues(product));
  }, [product, form]);
  // A listed product with a change under review: the form starts from the proposal, so an edit builds on it.
  const revision = useQuery({ ...revisionQueries.ofProduct(product?.id ?? 0), enabled: product !== null });
  const proposed = revision.data?.open?.proposedProduct;
  useEffect(() => {
    if (product && proposed) {
      form.setFieldsValue({
        name: proposed.name,
        brand: proposed.brand ?? undefined,
        classifyCode: proposed.classifyCode,
        materialType: proposed.materialType,
        description: proposed.description ?? undefined,
        images: proposed.images.map((id) => product.images.find((i) => i.id === id) ?? { id, name: `#${id}` }),
      });
    }
  }, [product, proposed, form]);

  const save = useMutation({
    mutationFn: (v: BasicInfoValues) =>
      productApi.save({
        ...(product ? { id: product.id } : {}),
        name: v.name,
        brand: v.brand?.trim() || undefined,
        classifyCode: v.classifyCode as string,
        materialType: v.materialType as 1 | 2,
        description: v.description?.trim() || undefined,
        images: v.images.map((i) => i.id),
        // The list's switch owns the enable status: keep it as it is.
        enableStatus: (product?.enableStatus ?? ProductEnableStatus.ENABLED) as 1 | 2,
        recommended: v.recommended,
      }),
    onSuccess: async ({ id, revisionId }) => {
      const pending = pendingReviewText({ revisionId });
      if (pending) message.info(pending, 8);
      else message.success(t('common.saved'));
      for (const queryKey of revisionKeys) void queryClient.invalidateQueries({ queryKey });
      await invalidateProductCentre(queryClient);
      // A product save always answers its id (only new specifications and documents can wait for review).
      onSaved(id ?? (product?.id as number));
    },
    onError: (error) => {
      if (!applyFieldErrors(form, error) && error instanceof ApiError) message.error(error.message);
    },
  });

  return (
    <Form<BasicInfoValues>
      form={form}
      layout="vertical"
      initialValues={{ materialType: MaterialType.CONVENTIONAL, images: [], recommended: false }}
      onFinish={(v) => save.mutate(v)}
      style={{ maxWidth: 880 }}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name="name" label={t('field.name')} rules={rulesFrom(productSaveBody, 'name')}>
            <TextInput maxLength={maxLengthOf(productSaveBody.shape.name)} placeholder={t('edit.namePlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="brand" label={t('field.brand')} rules={rulesFrom(productSaveBody, 'brand')}>
            <TextInput maxLength={maxLengthOf(productSaveBody.shape.brand)} placeholder={t('edit.brandPlaceholder')} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="classifyCode" label={t('field.classify')} rules={rulesFrom(productSaveBody, 'classifyCode')}>
            <ClassificationSelect leavesOnly placeholder={t('search.classifyPlaceholder')} allowClear={false} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="materialType"
            label={t('field.materialType')}
            tooltip={t('edit.prefabricatedHint')}
            rules={rulesFrom(productSaveBody, 'materialType')}
          >
            <Radio.Group
              options={[
                { value: MaterialType.CONVENTIONAL, label: t('materialType.1') },
                { value: MaterialType.PREFABRICATED, label: t('materialType.2') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="description"
            label={t('field.description')}
            rules={rulesFrom(productSaveBody, 'description')}
          >
            <Input.TextArea
              maxLength={maxLengthOf(productSaveBody.shape.description)}
              showCount
              autoSize={{ minRows: 3, maxRows: 8 }}
              placeholder={t('edit.descriptionPlaceholder')}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="images" label={t('field.images')} extra={t('edit.imagesHint', { max: MAX_IMAGES })}>
            <ImageUpload />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="recommended" label={t('field.recommended')} valuePropName="checked">
            <Switch checkedChildren={t('common.yes')} unCheckedChildren={t('common.no')} />
          </Form.Item>
        </Col>
      </Row>
      <Flex justify="flex-end">
        <Button type="primary" htmlType="submit" loading={save.isPending}>
          {t('edit.saveAndNext')}
        </Button>
      </Flex>
    </Form>
  );
}
