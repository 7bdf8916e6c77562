import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { distributorProductSaveBody, productUnits } from '@jcbb/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Col, Form, Input, Radio, Row, Select, Skeleton, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { NumericInput } from '../../../components/NumericInput.tsx';
import { PageCard } from '../../../components/PageCard.tsx';
import { applyFieldErrors } from '../../../lib/form-errors.ts';
import { useIdParam } from '../../../lib/record-id.ts';
import { rulesFrom } from '../../../lib/zod-rules.ts';
import { RegionCascader } from '../../reference/public.ts';
import { fenToYuanText, yuanToFen } from '../components/money.ts';
import { salesLabels } from '../components/sales-labels.ts';
import { SALES_NS } from '../locales/sales-register.ts';
import { invalidateProducts, type ProductRecord, salesMutations, salesQueries } from '../sales-api.ts';
import { salesUrl } from '../sales-paths.ts';

interface Values {
  productId?: number;
  specId?: number;
  price?: string;
  priceUnit?: string;
  supplyRegionCodes: (string | undefined)[];
  supplyAddressIds: number[];
  minOrderQuantity?: string;
  leadDays?: string;
  status: 'on_sale' | 'off_sale';
  remarks?: string;
}

const valuesOf = (r: ProductRecord): Values => ({
  productId: r.productId,
  specId: r.specId ?? undefined,
  price: r.priceFen === null ? undefined : fenToYuanText(r.priceFen),
  priceUnit: r.priceUnit ?? undefined,
  supplyRegionCodes: r.supplyRegionCodes,
  supplyAddressIds: r.supplyAddresses.map((a) => a.id),
  minOrderQuantity: r.minOrderQuantity === null ? undefined : String(r.minOrderQuantity),
  leadDays: r.leadDays === null ? undefined : String(r.leadDays),
  status: r.status,
  remarks: r.remarks ?? undefined,
});

/** /distributor/productEdit: a product record, new or (`?id=`) edited; only for products its letters name. */
export function DistributorProductEditPage() {
  const { t } = useTranslation(SALES_NS);
  const id = useIdParam();
  const existing = useQuery({ ...salesQueries.product(id ?? 0), enabled: id !== null });
  if (id !== null && existing.data === undefined) {
    return (
      <PageCard title={t('record.editTitle')}>
        {existing.isError ? <Alert type="error" showIcon title={existing.error.message} /> : <Skeleton active />}
      </PageCard>
    );
  }
  return <RecordForm record={existing.data} />;
}

function RecordForm({ record }: { record?: ProductRecord }) {
  const { t, i18n } = useTranslation(SALES_NS);
  const labels = salesLabels(i18n.language.startsWith('en'));
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const productId = Form.useWatch('productId', form);
  const licensed = useQuery(salesQueries.allLicensed());
  const addresses = useQuery(salesQueries.addresses());
  const save = useMutation(salesMutations.saveProduct);
  const items = licensed.data?.list ?? [];
  const productOptions = [
    ...new Map(
      items.map((i) => [i.productId, { value: i.productId, label: `${i.productName}（${i.makerName}）` }]),
    ).values(),
  ];
  const specOptions = [
    ...new Map(
      items
        .filter((i) => i.productId === productId)
        .flatMap((i) => i.specs.map((s) => [s.id, { value: s.id, label: s.name }] as const)),
    ).values(),
  ];

  const submit = async (v: Values) => {
    try {
      const saved = await save.mutateAsync({
        id: record?.id,
        productId: v.productId as number,
        specId: v.specId,
        priceFen: v.price ? yuanToFen(v.price) : undefined,
        priceUnit: v.priceUnit,
        supplyRegionCodes: v.supplyRegionCodes.filter((c): c is string => !!c),
        supplyAddressIds: v.supplyAddressIds ?? [],
        minOrderQuantity: v.minOrderQuantity || undefined,
        leadDays: v.leadDays || undefined,
        status: v.status,
        remarks: v.remarks,
      });
      await invalidateProducts(queryClient);
      message.success(t('common.saved'));
      navigate(salesUrl.productDetails(saved.id));
    } catch (error) {
      if (!applyFieldErrors(form, error, { rename: { priceFen: 'price' } })) message.error((error as Error).message);
    }
  };

  return (
    <PageCard title={record ? t('record.editTitle') : t('record.createTitle')}>
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={submit}
        initialValues={
          record ? valuesOf(record) : { status: 'on_sale', supplyRegionCodes: [undefined], supplyAddressIds: [] }
        }
        scrollToFirstError
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="productId"
              label={t('record.product')}
              extra={t('record.productHint')}
              rules={rulesFrom(distributorProductSaveBody, 'productId')}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                aria-label={t('record.product')}
                loading={licensed.isFetching}
                options={productOptions}
                onChange={() => form.setFieldValue('specId', undefined)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="specId" label={t('record.spec')}>
              <Select
                allowClear
                aria-label={t('record.spec')}
                placeholder={t('record.allSpecs')}
                options={specOptions}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="price" label={t('record.price')} extra={t('record.priceHint')}>
              <NumericInput precision={2} min={0} aria-label={t('record.price')} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="priceUnit" label={t('record.priceUnit')}>
              <Select
                allowClear
                showSearch
                aria-label={t('record.priceUnit')}
                options={productUnits.map((u) => ({ value: u.name, label: u.name }))}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="minOrderQuantity" label={t('record.minOrder')}>
              <NumericInput precision={3} min={0} aria-label={t('record.minOrder')} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="leadDays" label={t('record.leadDays')}>
              <NumericInput precision={0} min={0} max={365} aria-label={t('record.leadDays')} />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('record.regions')}>
          <Form.List name="supplyRegionCodes">
            {(fields, { add, remove }) => (
              <Space orientation="vertical" style={{ width: '100%' }}>
                {fields.map((field, i) => (
                  <Space key={field.key} align="start" style={{ width: '100%' }}>
                    <Form.Item name={field.name} noStyle>
                      <RegionCascader
                        aria-label={`${t('record.regions')} ${i + 1}`}
                        style={{ width: 280, maxWidth: '70vw' }}
                      />
                    </Form.Item>
                    <Button
                      type="text"
                      icon={<MinusCircleOutlined />}
                      aria-label={`${t('common.delete')} ${i + 1}`}
                      onClick={() => remove(field.name)}
                    />
                  </Space>
                ))}
                <Button icon={<PlusOutlined />} onClick={() => add()}>
                  {t('record.addRegion')}
                </Button>
              </Space>
            )}
          </Form.List>
        </Form.Item>
        <Form.Item name="supplyAddressIds" label={t('record.addresses')}>
          <Select
            mode="multiple"
            aria-label={t('record.addresses')}
            loading={addresses.isFetching}
            options={(addresses.data?.list ?? []).map((a) => ({ value: a.id, label: `${a.name}（${a.regionName}）` }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('record.status')}>
          <Radio.Group optionType="button" options={labels.recordStatusOptions} />
        </Form.Item>
        <Form.Item name="remarks" label={t('record.remarks')}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            {t('common.save')}
          </Button>
          <Button onClick={() => navigate(-1)}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </PageCard>
  );
}
