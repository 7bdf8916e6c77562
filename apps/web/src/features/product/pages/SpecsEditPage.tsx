import { ArrowLeftOutlined } from '@ant-design/icons';
import { pages, pageUrl } from '@jcbb/contract/pages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Flex, Form, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { RecordState } from '../../../components/RecordState.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { ApiError } from '../../../lib/http.ts';
import { invalidateProductCentre, productApi, specQuery } from '../api.ts';
import { emptySpec, massOf, SpecFields, type SpecFormValues } from '../forms/SpecFields.tsx';
import { specToValues } from '../forms/SpecFormModal.tsx';
import '../i18n.ts';
import { useIdParam } from '../../../lib/record-id.ts';
import { pendingReviewText } from '../../revision/public.ts';
import { useAllSpecs } from '../use-all-specs.ts';

type Values = SpecFormValues & { productId?: number };

/** /specs/edit (?id= to edit, ?productId= to add to a product): one specification model on a page of its own. */
function SpecsEditPage() {
  const { t } = useTranslation('product');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const id = useIdParam();
  const presetProduct = useIdParam('productId');
  const [form] = Form.useForm<Values>();
  const { products } = useAllSpecs();
  const spec = useQuery({
    ...specQuery(id),
    retry: false,
  });

  useEffect(() => {
    if (spec.data) form.setFieldsValue({ ...specToValues(spec.data), productId: spec.data.productId });
  }, [spec.data, form]);

  const save = useMutation({
    mutationFn: (v: Values) =>
      productApi.saveSpec({
        ...(id ? { id } : {}),
        productId: v.productId as number,
        name: v.name,
        model: v.model,
        unitId: v.unitId as number,
        price: v.price,
        minOrder: v.minOrder,
        massPerUnitKg: massOf(v),
        status: v.status,
      }),
    onSuccess: async (saved, v) => {
      const pending = pendingReviewText(saved);
      if (pending) message.info(pending, 8);
      else message.success(t('common.saved'));
      await invalidateProductCentre(queryClient);
      // A new specification of a listed product exists once approved: until then its product shows the change.
      navigate(
        saved.id === null ? pageUrl(pages.productDetails, { id: v.productId ?? '' }) : `/specs/details?id=${saved.id}`,
      );
    },
    onError: (error) => {
      if (!applyFieldErrors(form, error) && error instanceof ApiError) message.error(error.message);
    },
  });

  const page = (
    <Card
      title={id ? t('spec.editTitle') : t('spec.addTitle')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/specs/list')}>
          {t('common.back')}
        </Button>
      }
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ ...emptySpec, productId: presetProduct ?? undefined }}
        onFinish={(v) => save.mutate(v)}
        style={{ maxWidth: 720 }}
      >
        <Form.Item
          name="productId"
          label={t('spec.product')}
          rules={[{ required: true, message: t('manuals.productRequired') }]}
        >
          <Select
            disabled={id !== null}
            showSearch={{ optionFilterProp: 'label' }}
            placeholder={t('manuals.productPlaceholder')}
            options={products.map((p) => ({ value: p.id, label: p.name }))}
          />
        </Form.Item>
        <SpecFields />
        <Flex justify="flex-end" gap={8}>
          <Button onClick={() => navigate('/specs/list')}>{t('common.cancel')}</Button>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
        </Flex>
      </Form>
    </Card>
  );
  if (id === null) return page;
  return (
    <RecordState
      query={spec}
      back={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/specs/list')}>
          {t('common.back')}
        </Button>
      }
      notFoundTitle={t('spec.notFound')}
      skeletonRows={8}
    >
      {() => page}
    </RecordState>
  );
}

export default SpecsEditPage;
